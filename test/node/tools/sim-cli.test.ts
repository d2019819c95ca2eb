// `npm run sim`: a run writes its numbered cases; --case writes just the benchmark's cases named by their
// bench ids, the very cases bench scored (the same trace as the run's, the same calls when benched from the folder).
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { scratchDir } from "../scratch.ts"
import { join } from "node:path"

const root = new URL("../../..", import.meta.url).pathname
const dir = scratchDir("sim-cli-")

function run(tool: string, args: string[]) {
    return spawnSync(process.execPath, ["--import", "tsx", tool, ...args], { cwd: root, encoding: "utf8" })
}

test("sim --case: one benchmark case by its id, the same trace as the run's and the same calls in bench", () => {
    const all = join(dir, "run")
    const one = join(dir, "case")
    assert.equal(run("devs/sim.ts", ["--out", all, "--seed", "7", "--count", "4", "--quick"]).status, 0)
    const r = run("devs/sim.ts", ["--out", one, "--case", "7-3-collapse", "--quick"])
    assert.equal(r.status, 0, r.stderr)
    assert.deepEqual(readdirSync(one).sort(), ["7-3-collapse.csv", "7-3-collapse.truth.json", "index.json"])
    const runName = readdirSync(all).find(f => f.startsWith("003-collapse-") && f.endsWith(".csv"))
    assert.ok(runName, "the run's fourth case is a collapse case")
    assert.equal(readFileSync(join(one, "7-3-collapse.csv"), "utf8"), readFileSync(join(all, runName), "utf8"), "the same trace as the run's case 3")
    // bench names the case alike and calls the same from the folder as in-process
    const json = (args: string[]) => {
        const out = join(dir, args.join("_").replace(/\W+/g, "_") + ".json")
        const b = run("devs/bench.ts", [...args, "--json", out])
        assert.equal(b.status, 0, b.stderr)
        return JSON.parse(readFileSync(out, "utf8"))
    }
    const inProcess = json(["--seed", "7", "--count", "4", "--quick"]).cases.find((c: any) => c.id === "7-3-collapse")
    const fromFolder = json(["--dir", one]).cases
    assert.equal(fromFolder.length, 1)
    assert.equal(fromFolder[0].id, "7-3-collapse")
    assert.ok(inProcess.events > 0)
    assert.deepEqual([fromFolder[0].events, fromFolder[0].outcome_right, fromFolder[0].missed], [inProcess.events, inProcess.outcome_right, inProcess.missed])
})

test("sim --case: an id that is not SEED-INDEX-CATEGORY, or an unknown category, is refused", () => {
    const a = run("devs/sim.ts", ["--out", join(dir, "bad"), "--case", "7-collapse"])
    assert.notEqual(a.status, 0)
    assert.match(a.stderr, /--case 7-collapse: expected SEED-INDEX-CATEGORY/)
    const b = run("devs/sim.ts", ["--out", join(dir, "bad"), "--case", "7-3-avalanche"])
    assert.notEqual(b.status, 0)
    assert.match(b.stderr, /unknown category "avalanche"/)
})
