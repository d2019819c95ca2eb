// The generated VM entries (npm start's, the parity games'): their imports resolve from where they are written,
// packages stay bare, and their data is the director's games. `npm run bytes -- --generated` checks its option.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { START_ENTRY_DEFAULTS, writeGamesEntry, writeStartEntry } from "../../../devs/lib/vm-entries.ts"
import { PARITY_GAMES } from "../../parity/games-case.ts"
import { LOAD_PERIOD_MS } from "../../../src/hw/read-periods.ts"
import { scratchDir } from "../scratch.ts"

const root = join(import.meta.dirname, "../../..")

function importsOf(entry: string): string[] {
    return [...readFileSync(entry, "utf8").matchAll(/^import .* from "([^"]+)"$/gm)].map(m => m[1])
}

function checkImports(entry: string) {
    const modules = importsOf(entry)
    assert.ok(modules.length >= 2, `imports: ${modules}`)
    for (const m of modules) {
        if (m.startsWith("@")) continue
        assert.ok(m.startsWith("."), `${m}: a project module by a relative path`)
        assert.ok(existsSync(resolve(dirname(entry), m) + ".ts"), `${m} does not resolve from ${dirname(entry)}`)
    }
}

test("npm start's entry imports the DeviceScript core by name and the start runner by a path that resolves", () => {
    const dir = scratchDir("entries-")
    const { entry, planner } = writeStartEntry(join(dir, "a", "b"), { ...START_ENTRY_DEFAULTS, seed: 7, players: 4 })
    checkImports(entry)
    const text = readFileSync(entry, "utf8")
    assert.ok(importsOf(entry).includes("@devicescript/core"))
    assert.match(text, /runSimulatedGame\(\{ players: 4, level: "easy", seed: 7,/)
    // the plan in the image is the game whose truth the host keeps
    assert.ok(planner.done && planner.events.length > 2)
})

test("npm start's case reaches the VM with the firmware's chips set: an LSM6DSOX at 104 Hz and a NAU7802 at the rate the firmware reads it, unjittered, no sample lost, no bit error", () => {
    const { entry } = writeStartEntry(scratchDir("entries-"), { ...START_ENTRY_DEFAULTS, seed: 3 })
    const line = readFileSync(entry, "utf8").split("\n").find(l => l.startsWith("const spec = JSON.parse("))
    assert.ok(line, "no case in the entry")
    const spec = JSON.parse(JSON.parse(line.match(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)![1]))
    const imu = spec.params.imu
    const load = spec.params.load
    assert.deepEqual([imu.part, imu.odr_hz, imu.jitter_ms, imu.drop_prob], ["LSM6DSOX", 104, 0, 0])
    assert.deepEqual([load.part, load.rate_sps, load.jitter_ms, load.spike_prob], ["NAU7802", 1000 / LOAD_PERIOD_MS, 0, 0])
})

test("the parity games' entry carries each parity game's case and plan, in order", () => {
    const entry = writeGamesEntry(scratchDir("entries-"))
    checkImports(entry)
    const pushes = readFileSync(entry, "utf8").split("\n").filter(l => l.startsWith("games.push("))
    assert.equal(pushes.length, PARITY_GAMES.length)
    pushes.forEach((l, i) => {
        const spec = JSON.parse(JSON.parse(l.match(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)![1]))
        assert.deepEqual([spec.seed, spec.category, spec.config.difficulty], PARITY_GAMES[i])
        assert.match(l, /replayPlan\("s,[0-9.]+\\n/)
    })
})

test("npm run bytes: --generated names one of the generated images, and not beside an entry", () => {
    const run = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "devs/bytes.ts", ...args], { cwd: root, encoding: "utf8" })
    const bad = run("--generated", "board")
    assert.notEqual(bad.status, 0)
    assert.match(bad.stderr, /--generated is start or games, not board/)
    const both = run("--generated", "start", "boards/librium_qtpy_c3.ts")
    assert.notEqual(both.status, 0)
    assert.match(both.stderr, /an entry or --generated, not both/)
})
