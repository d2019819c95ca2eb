// `npm start` end to end: a seeded 3-player game on the firmware's own path in
// the DeviceScript VM (drivers on chip emulators, sampler, Referee, outputs,
// telemetry), checked against the simulator's truth, and the trace it logged
// replayed by the replay command to the same decisions.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { scratchDir } from "../scratch.ts"
import { join } from "node:path"
import { rateOf, SIMULATED } from "../../../devs/lib/rig-check.ts"

const root = new URL("../../../", import.meta.url).pathname
const SEED = 1

const jsonl = (f: string) =>
    readFileSync(f, "utf8")
        .split("\n")
        .filter(l => l.length > 0)
        .map(l => JSON.parse(l))

test("npm start: a seeded game on the firmware matches the simulator's truth", { timeout: 240000 }, () => {
    const out = scratchDir("librium-start-")
    const r = spawnSync(process.execPath, ["--import", "tsx", "devs/start.ts", "--seed", String(SEED), "--players", "3", "--level", "easy", "--out", out, "--quiet"], { cwd: root, encoding: "utf8" })
    assert.equal(r.status, 0, r.stdout + r.stderr)
    const events = jsonl(join(out, `start-${SEED}.events.jsonl`))
    const truth = JSON.parse(readFileSync(join(out, `start-${SEED}.truth.json`), "utf8"))
    const tev: any[] = truth.events

    // the game is the one asked for, and it has what a game has
    const starts = events.filter(e => e.type === "round_start")
    assert.ok(starts.length >= 2, "more than one round")
    assert.equal(starts[0].players, 3)
    assert.equal(starts[0].difficulty, "easy")
    assert.ok(tev.some(e => e.kind === "card_fell") && tev.some(e => e.kind === "touch" || e.kind === "collapse"), "the seeded game has a fallen card and a foul or collapse")

    // who went out, why, in order, and who won
    assert.ok(truth.outcome.winner !== null)
    assert.deepEqual(
        events.filter(e => e.type === "out").map(e => [e.player, e.reason]),
        truth.outcome.outs.map((o: any) => [o.player, o.reason]),
    )
    assert.deepEqual(events.filter(e => e.type === "winner").map(e => e.player), [truth.outcome.winner])

    // every placement whose card stayed on long enough for the turn to pass
    // (rules: steady ~1.5 s) is called for the same player and card count, 0-6 s after it
    const stayed = tev.filter(p => p.kind === "place" && !tev.some(f => f.kind === "card_fell" && f.player === p.player && f.t_ms > p.t_ms && f.t_ms - p.t_ms < 1500))
    const placed = events.filter(e => e.type === "placed")
    for (const p of stayed) {
        const hit = placed.find(e => e.player === p.player && e.cards === p.cards && e.t_ms >= p.t_ms && e.t_ms - p.t_ms <= 6000)
        assert.ok(hit, `placement by player ${p.player} (card ${p.cards}) at ${Math.round(p.t_ms)} ms was called`)
    }
    assert.equal(placed.length, stayed.length, "no placement called that did not happen")

    // the firmware read every sample a chip would give: the IMU every 10 ms with none missing (the driver reads the
    // chip's latest), the load at its converter's rate, 80 SPS within the simulated clock error
    const rows = readFileSync(join(out, `start-${SEED}.csv`), "utf8").split("\n").filter(l => /^\d/.test(l)).map(l => l.split(","))
    const imu = rateOf(rows.filter(r => r[1] !== "").map(r => Number(r[0])))
    const load = rateOf(rows.filter(r => r[7] !== "").map(r => Number(r[0])))
    assert.deepEqual([imu.hz.toFixed(1), imu.missing, imu.outages], ["100.0", 0, 0], "IMU rows")
    assert.ok(Math.abs(load.mean_hz / 80 - 1) <= SIMULATED.load_clock_err && load.outages === 0, `load readings: ${load.mean_hz.toFixed(1)} SPS`)

    // the logged trace replays to the same decisions (evidence may differ in the last digit: rows are rounded)
    const rep = spawnSync("npm", ["run", "--silent", "replay", "--", join(out, `start-${SEED}.csv`)], { cwd: root, encoding: "utf8" })
    assert.equal(rep.status, 0, rep.stderr)
    const key = (e: any) => [e.t_ms, e.type, e.player, e.cards, e.reason].join(" ")
    const replayed = rep.stdout.split("\n").filter(l => l.length > 0).map(l => JSON.parse(l))
    assert.deepEqual(replayed.map(key), events.map(key))

    // the README's next step: the report of the trace against its truth (every placement matched, the outcome right)
    const page = join(out, "report.html")
    const rp = spawnSync("npm", ["run", "--silent", "report", "--", join(out, `start-${SEED}.csv`), "--truth", join(out, `start-${SEED}.truth.json`), "--out", page], { cwd: root, encoding: "utf8" })
    assert.equal(rp.status, 0, rp.stderr)
    assert.match(readFileSync(page, "utf8"), /outcome right; final card count exact in \d+ of [1-9]\d* rounds/)
})

test("npm start plays the longest 8-player game drawn to its end: its image fits the simulated flash, its clean-up the VM's heap", { timeout: 300000 }, () => {
    // medium, seed 16: of 160 eight-player games the one whose entry is largest (a 127 KB image, past the VM's
    // default 128 KB flash with the settings store in it: the VM ran its empty program) and whose clean-up plans
    // 38 actions in one step (parsed with String.split: InfiniteLoop; made at once: OutOfMemory)
    const out = scratchDir("librium-start8-")
    const r = spawnSync(process.execPath, ["--import", "tsx", "devs/start.ts", "--seed", "16", "--players", "8", "--level", "medium", "--out", out, "--quiet"], { cwd: root, encoding: "utf8", timeout: 280000 })
    assert.equal(r.status, 0, (r.stdout + r.stderr).slice(-3000))
    const events = jsonl(join(out, "start-16.events.jsonl"))
    const truth = JSON.parse(readFileSync(join(out, "start-16.truth.json"), "utf8"))
    assert.equal(events.find(e => e.type === "round_start").players, 8)
    // the game ran to its end (exit 0: the VM printed START-END) and the referee saw it end: a winner called, once
    assert.equal(truth.outcome.outs.length, 7)
    assert.equal(events.filter(e => e.type === "winner").length, 1)
})
