// npm run hands: the hands' windows from a truth, the peak per window, the figures per group, the push margin it
// reads, and the command.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { scratchDir } from "../scratch.ts"
import { writeFixture, PLACE_MS } from "../report/fixture.ts"
import { join } from "node:path"
import { GROUPS, handFigures, handTable, handWindows, HandWindow, touchGroup, unlisted, WindowPeaks } from "../../../devs/lib/hands.ts"
import { pushMargin_dpss, TOUCH_DEFAULTS } from "../../../src/core/referee/detectors/touch.ts"
import { Signals } from "../../../src/core/referee/detectors/signals.ts"
import { Truth, TruthEvent } from "../../../src/sim/truth.ts"
import { loadCase } from "../../../devs/lib/bench-cases.ts"

const root = new URL("../../..", import.meta.url).pathname
const G_N = 0.00980665

function truth(events: TruthEvent[]): Truth {
    return { events, outcome: { outs: [], winner: null, final_cards: [], turns: 0 } }
}

function touch(o: Partial<TruthEvent>): TruthEvent {
    return { t_ms: 0, kind: "touch", player: 1, ...o }
}

test("touchGroup: target and class; a hanger touch by its vertical force's band (either way); '?' where the truth lacks one", () => {
    assert.equal(touchGroup(touch({ target: "structure", force_class: "medium", force_z_n: 0.001 })), "touch structure medium")
    assert.equal(touchGroup(touch({ target: "hanger", force_class: "medium", force_z_n: 1.9 * G_N })), "touch hanger medium 0-2 g")
    assert.equal(touchGroup(touch({ target: "hanger", force_class: "medium", force_z_n: 4.9 * G_N })), "touch hanger medium 2-5 g")
    assert.equal(touchGroup(touch({ target: "hanger", force_class: "light", force_z_n: -5.1 * G_N })), "touch hanger light 5+ g")
    assert.equal(touchGroup(touch({ target: "hanger", force_class: "heavy", force_z_n: -0.5 * G_N })), "touch hanger heavy 0-2 g")
    // no vertical force known: not counted as one the load cell sees
    assert.equal(touchGroup(touch({ target: "hanger", force_class: "heavy" })), "touch hanger heavy ? g")
    assert.equal(touchGroup(touch({ force_class: "light" })), "touch ? light")
    assert.equal(touchGroup(touch({ target: "structure" })), "touch structure ?")
    for (const g of ["touch hanger heavy ? g", "touch ? light", "touch structure ?"]) assert.ok(GROUPS.indexOf(g) < 0, g)
    assert.equal(GROUPS.length, 1 + 3 + 9)
})

test("handWindows: slotting hands met by no touch, collapse, fallen card or bump; touches (to 500 ms after their end) met by no slotting hand", () => {
    const left = { touches: 0 }
    const w = handWindows(truth([
        { t_ms: 5000, kind: "place", player: 1, t_start_ms: 2000 },
        // a touch during this placement's hand takes both out (its push would be both hands')
        { t_ms: 12000, kind: "place", player: 2, t_start_ms: 9000 },
        { t_ms: 8000, kind: "touch", player: 2, t_end_ms: 8600, target: "hanger", force_class: "medium", force_z_n: 0.01 },
        { t_ms: 20000, kind: "place", player: 3, t_start_ms: 17000 },
        { t_ms: 18000, kind: "bump", player: null, t_end_ms: 18100, what: "table_bump" },
        { t_ms: 30000, kind: "place", player: 1, t_start_ms: 27000 },
        { t_ms: 29500, kind: "collapse", player: 1, cards: 3 },
        // a collapse at the instant the next hand starts meets it (closed intervals)
        { t_ms: 33000, kind: "place", player: 2, t_start_ms: 30600 },
        { t_ms: 30600, kind: "collapse", player: 2, cards: 2 },
        { t_ms: 38000, kind: "place", player: 2, t_start_ms: 34000 },
        { t_ms: 37000, kind: "card_fell", player: 2 },
        // a placement without its hand's start has no window; a removal is no slotting hand
        { t_ms: 42000, kind: "place", player: 3 },
        { t_ms: 46000, kind: "remove", player: 3, t_start_ms: 45000 },
        { t_ms: 50000, kind: "touch", player: 3, t_end_ms: 50300, target: "structure", force_class: "heavy", force_z_n: 0.2 },
        // a touch without an end: its start and the allowance
        { t_ms: 60000, kind: "touch", player: 1, target: "structure", force_class: "light" },
        // a touch whose allowance reaches a slotting hand's start is left out too
        { t_ms: 64000, kind: "touch", player: 2, t_end_ms: 64600, target: "hanger", force_class: "light", force_z_n: 0 },
        { t_ms: 68000, kind: "place", player: 2, t_start_ms: 65100 },
    ]), left)
    assert.deepEqual(w.map(x => [x.group, x.t0_ms, x.t1_ms]), [
        ["slotting", 2000, 5000],
        ["touch structure heavy", 50000, 50800],
        ["touch structure light", 60000, 60500],
    ])
    assert.equal(left.touches, 2)
    assert.ok(w.every(x => x.peak !== x.peak), "no peak before any sample")
})

test("WindowPeaks: each window keeps the highest value inside it, ends included; a long window around later, shorter ones; NaN and outside samples count nowhere", () => {
    const w: HandWindow[] = [
        { group: "slotting", t0_ms: 0, t1_ms: 1000, peak: NaN },
        { group: "touch structure light", t0_ms: 100, t1_ms: 200, peak: NaN },
        { group: "slotting", t0_ms: 150, t1_ms: 300, peak: NaN },
        { group: "slotting", t0_ms: 2000, t1_ms: 2100, peak: NaN },
    ]
    const p = new WindowPeaks(w)
    for (const [t, x] of [[0, 0.2], [100, 0.5], [120, NaN], [200, 0.1], [250, 0.9], [400, 0.3], [1000, 0.7], [1001, 9], [2200, 9]]) p.step(t, x)
    assert.deepEqual(w.map(x => x.peak), [0.9, 0.5, 0.9, NaN])
})

test("handFigures: percentiles of each group's peaks, the share over the line and over the slotting hands' p95 and p99 (strictly over)", () => {
    const w: HandWindow[] = []
    for (let i = 1; i <= 100; i++) w.push({ group: "slotting", t0_ms: 0, t1_ms: 1, peak: i / 100 })
    w.push({ group: "slotting", t0_ms: 0, t1_ms: 1, peak: NaN })
    // at the slotting p95 (0.95) and p99 (0.99) exactly, and at the line (1): not over
    for (const x of [0.5, 0.95, 0.96, 0.99, 1, 1.2]) w.push({ group: "touch hanger medium 0-2 g", t0_ms: 0, t1_ms: 1, peak: x })
    w.push({ group: "touch hanger light ? g", t0_ms: 0, t1_ms: 1, peak: 3 })
    const f = handFigures(w)
    assert.deepEqual(f.map(g => g.group), GROUPS)
    const slot = f.find(g => g.group === "slotting")!
    assert.equal(slot.n, 100)
    assert.equal(slot.p50, 0.5)
    assert.equal(slot.p95, 0.95)
    assert.equal(slot.p99, 0.99)
    assert.equal(slot.over_line, 0)
    const h = f.find(g => g.group === "touch hanger medium 0-2 g")!
    assert.equal(h.n, 6)
    assert.equal(h.over_line, 1 / 6)
    assert.equal(h.over_slot_p95, 4 / 6)
    assert.equal(h.over_slot_p99, 2 / 6)
    const none = f.find(g => g.group === "touch structure heavy")!
    assert.equal(none.n, 0)
    assert.equal(none.p50, null)
    assert.equal(none.over_line, null)
    assert.deepEqual(unlisted(w), { "touch hanger light ? g": 1 })
    const table = handTable(f)
    assert.match(table, /touch hanger medium 0-2 g\s+6\s+0\.96/)
    assert.match(table, /touch structure heavy\s+0\s+-/)
})

test("pushMargin_dpss: the push less the motion's and the shake's allowance, about the vertical or the horizontal", () => {
    const sig = {
        push: { spinPushDpss: () => 20, spinEnvDps: () => 4, swingPushDpss: () => 30, swingEnvDps: () => 100 },
        attitude: { shakeExcessG: () => 0.01 },
    } as unknown as Signals
    const s = { ...TOUCH_DEFAULTS, spin_push_per_dps: 1, swing_push_per_dps: 0.03, push_per_shake_g: 700 }
    assert.equal(pushMargin_dpss(s, sig, true), 20 - 4 - 7)
    assert.equal(pushMargin_dpss(s, sig, false), 30 - 3 - 7)
})

test("npm run hands: a table of every group and the JSON; bad options refused before the run", () => {
    const dir = scratchDir("hands-test-")
    const json = join(dir, "hands.json")
    const r = spawnSync(process.execPath, ["--import", "tsx", "devs/hands.ts", "--seed", "1000", "--count", "12", "--json", json], { cwd: root, encoding: "utf8" })
    assert.equal(r.status, 0, r.stderr)
    assert.match(r.stdout, /^hands: seed 1000, 12 simulated cases/)
    assert.match(r.stdout, /slotting\s+[1-9]\d*\s+\d+\.\d\d/)
    const j = JSON.parse(readFileSync(json, "utf8"))
    assert.deepEqual(j.groups.map((g: any) => g.group), GROUPS)
    assert.ok(Number.isInteger(j.touches_left_out) && j.touches_left_out >= 0)
    const slot = j.groups[0]
    // slotting hands push well under the line
    assert.ok(slot.n > 20 && slot.p50 > 0 && slot.p50 < 1 && slot.over_line < 0.05, JSON.stringify(slot))
    const args: [string[], RegExp][] = [
        [["--count", "0"], /--count must be a whole number >= 1/],
        [["--category", "picnic"], /unknown --category "picnic"/],
        [["--category", ""], /unknown --category ""/],
        [["--seed", "0"], /--seed must be a whole number from 1/],
        [["--json", join(dir, "nope", "x.json")], /--json .*nope/],
    ]
    for (const [a, msg] of args) {
        const bad = spawnSync(process.execPath, ["--import", "tsx", "devs/hands.ts", ...a], { cwd: root, encoding: "utf8" })
        assert.notEqual(bad.status, 0, a.join(" "))
        assert.match(bad.stderr, msg)
    }
})

test("npm run hands --dir: the hands of traces on disk with their truth (a recorded rig's), a trace without truth left out and named", () => {
    const dir = scratchDir("hands-dir-")
    const traces = join(dir, "traces")
    mkdirSync(traces)
    writeFixture(join(traces, "rig.csv"), join(traces, "rig.truth.json"))
    writeFileSync(join(traces, "lone.csv"), readFileSync(join(traces, "rig.csv")))
    const json = join(dir, "hands.json")
    const r = spawnSync(process.execPath, ["--import", "tsx", "devs/hands.ts", "--dir", traces, "--json", json], { cwd: root, encoding: "utf8" })
    assert.equal(r.status, 0, r.stderr)
    assert.match(r.stdout, /^hands: 1 traces from /)
    assert.match(r.stderr, /1 trace\(s\) without a CASE\.truth\.json, left out: lone/)
    const j = JSON.parse(readFileSync(json, "utf8"))
    assert.equal(j.seed, null)
    assert.equal(j.count, 1)
    // the fixture's five placements, each hand 1.5 s before its card: none met by the collapse 12 s after the last
    const slot = j.groups.find((g: any) => g.group === "slotting")
    assert.equal(slot.n, PLACE_MS.length)
    assert.ok(slot.p50 >= 0 && slot.p99 < 1, JSON.stringify(slot))
    assert.ok(j.groups.filter((g: any) => g.group !== "slotting").every((g: any) => g.n === 0))
    const bad = spawnSync(process.execPath, ["--import", "tsx", "devs/hands.ts", "--dir", join(dir, "no-such")], { cwd: root, encoding: "utf8" })
    assert.notEqual(bad.status, 0)
    assert.match(bad.stderr, /--dir .*no-such: no such folder/)
})

test("Referee.judged: false while the rig waits for its tare, true once a round is in play (the samples hands reads)", async () => {
    const dir = scratchDir("hands-judged-")
    writeFixture(join(dir, "rig.csv"), join(dir, "rig.truth.json"))
    const c = await loadCase({ source: "file", id: "rig", csv: join(dir, "rig.csv"), truth: join(dir, "rig.truth.json"), category: "collapse" })
    const seen: [number, boolean, string][] = []
    c.samples.replay(c.config, undefined, undefined, (t, ref) => seen.push([t, ref.judging, ref.view().phase]))
    assert.equal(seen[0][1], false)
    const first = seen.findIndex(x => x[1])
    assert.ok(first > 0, "a round starts after the tare")
    // the detectors judge on the sample after the one the round began on, and on every sample of the round
    assert.equal(seen[first - 1][2], "build")
    assert.ok(seen.slice(first, seen.findIndex(x => x[0] >= PLACE_MS[4])).every(x => x[1]))
})
