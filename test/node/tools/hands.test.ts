// npm run hands: the hands' windows from a truth, the peak per window, the figures per group, and the command.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { handFigures, handTable, handWindows, HandWindow, touchGroup, WindowPeaks } from "../../../devs/lib/hands.ts"
import { Truth, TruthEvent } from "../../../src/sim/truth.ts"

const root = new URL("../../..", import.meta.url).pathname
const G_N = 0.00980665

function truth(events: TruthEvent[]): Truth {
    return { events, outcome: { outs: [], winner: null, final_cards: [], turns: 0 } }
}

test("touchGroup: target and class; a hanger touch split at 5 g of vertical force, either way", () => {
    assert.equal(touchGroup({ t_ms: 0, kind: "touch", player: 1, target: "structure", force_class: "medium", force_z_n: 0.001 }), "touch structure medium")
    assert.equal(touchGroup({ t_ms: 0, kind: "touch", player: 1, target: "hanger", force_class: "medium", force_z_n: 4.9 * G_N }), "touch hanger medium <5 g")
    assert.equal(touchGroup({ t_ms: 0, kind: "touch", player: 1, target: "hanger", force_class: "light", force_z_n: -5.1 * G_N }), "touch hanger light 5+ g")
    assert.equal(touchGroup({ t_ms: 0, kind: "touch", player: 1, target: "hanger", force_class: "heavy", force_z_n: -0.5 * G_N }), "touch hanger heavy <5 g")
})

test("handWindows: slotting hands none of whose time a touch, collapse, fallen card or bump meets; touches to 500 ms after their end", () => {
    const w = handWindows(truth([
        { t_ms: 5000, kind: "place", player: 1, t_start_ms: 2000 },
        // a touch during this placement's hand (and its allowance after the end) takes the placement out
        { t_ms: 12000, kind: "place", player: 2, t_start_ms: 9000 },
        { t_ms: 8000, kind: "touch", player: 2, t_end_ms: 8600, target: "hanger", force_class: "medium", force_z_n: 0.01 },
        { t_ms: 20000, kind: "place", player: 3, t_start_ms: 17000 },
        { t_ms: 18000, kind: "bump", player: null, t_end_ms: 18100, what: "table_bump" },
        { t_ms: 30000, kind: "place", player: 1, t_start_ms: 27000 },
        { t_ms: 29500, kind: "collapse", player: 1, cards: 3 },
        { t_ms: 33000, kind: "place", player: 2, t_start_ms: 30600 },
        { t_ms: 40000, kind: "place", player: 2, t_start_ms: 36000 },
        { t_ms: 39000, kind: "card_fell", player: 2 },
        { t_ms: 50000, kind: "touch", player: 3, t_end_ms: 50300, target: "structure", force_class: "heavy", force_z_n: 0.2 },
    ]))
    assert.deepEqual(w.map(x => [x.group, x.t0_ms, x.t1_ms]), [
        ["slotting", 2000, 5000],
        ["touch hanger medium <5 g", 8000, 9100],
        ["slotting", 30600, 33000],
        ["touch structure heavy", 50000, 50800],
    ])
    assert.ok(w.every(x => x.peak !== x.peak), "no peak before any sample")
})

test("WindowPeaks: each window keeps the highest value inside it; overlapping windows both see a sample; NaN and outside samples count nowhere", () => {
    const w: HandWindow[] = [
        { group: "slotting", t0_ms: 0, t1_ms: 100, peak: NaN },
        { group: "touch structure light", t0_ms: 50, t1_ms: 200, peak: NaN },
        { group: "slotting", t0_ms: 300, t1_ms: 400, peak: NaN },
        { group: "slotting", t0_ms: 500, t1_ms: 600, peak: NaN },
    ]
    const p = new WindowPeaks(w)
    for (const [t, x] of [[10, 0.2], [60, 0.5], [70, NaN], [100, 0.1], [150, 0.9], [250, 5], [310, 0.3], [320, 0.25], [700, 9]]) p.step(t, x)
    assert.deepEqual(w.map(x => x.peak), [0.5, 0.9, 0.3, NaN])
})

test("handFigures: percentiles of each group's peaks, the share that fired the cue, and the share above the slotting hands' p95 and p99", () => {
    const w: HandWindow[] = []
    for (let i = 1; i <= 100; i++) w.push({ group: "slotting", t0_ms: 0, t1_ms: 1, peak: i / 100 })
    w.push({ group: "slotting", t0_ms: 0, t1_ms: 1, peak: NaN })
    for (const x of [0.5, 0.96, 1.2]) w.push({ group: "touch hanger medium <5 g", t0_ms: 0, t1_ms: 1, peak: x })
    const f = handFigures(w)
    const slot = f.find(g => g.group === "slotting")!
    assert.equal(slot.n, 100)
    assert.equal(slot.p50, 0.5)
    assert.equal(slot.p95, 0.95)
    assert.equal(slot.p99, 0.99)
    assert.equal(slot.fired, 0)
    const h = f.find(g => g.group === "touch hanger medium <5 g")!
    assert.equal(h.n, 3)
    assert.equal(h.fired, 1 / 3)
    assert.equal(h.over_slot_p95, 2 / 3)
    assert.equal(h.over_slot_p99, 1 / 3)
    const none = f.find(g => g.group === "touch structure heavy")!
    assert.equal(none.n, 0)
    assert.equal(none.p50, null)
    assert.equal(none.fired, null)
    const table = handTable(f)
    assert.match(table, /touch hanger medium <5 g\s+3\s+0\.96/)
    assert.match(table, /touch structure heavy\s+0\s+-/)
})

test("npm run hands: a table of every group and the JSON; bad options refused before the run", () => {
    const dir = mkdtempSync(join(tmpdir(), "hands-test-"))
    const json = join(dir, "hands.json")
    const r = spawnSync(process.execPath, ["--import", "tsx", "devs/hands.ts", "--seed", "1000", "--count", "12", "--json", json], { cwd: root, encoding: "utf8" })
    assert.equal(r.status, 0, r.stderr)
    assert.match(r.stdout, /^hands: seed 1000, 12 simulated cases/)
    assert.match(r.stdout, /slotting\s+[1-9]\d*\s+\d+\.\d\d/)
    const j = JSON.parse(readFileSync(json, "utf8"))
    assert.equal(j.groups.length, 10)
    const slot = j.groups[0]
    assert.equal(slot.group, "slotting")
    // slotting hands push well under the line: the cue fires on almost none of them
    assert.ok(slot.n > 20 && slot.p50 > 0 && slot.p50 < 1 && slot.fired < 0.05, JSON.stringify(slot))
    for (const [args, msg] of [[["--count", "0"], /--count must be a whole number >= 1/], [["--category", "picnic"], /unknown --category "picnic"/], [["--seed", "0"], /--seed must be a whole number from 1/], [["--json", join(dir, "nope", "x.json")], /--json .*nope/]] as [string[], RegExp][]) {
        const bad = spawnSync(process.execPath, ["--import", "tsx", "devs/hands.ts", ...args], { cwd: root, encoding: "utf8" })
        assert.notEqual(bad.status, 0, args.join(" "))
        assert.match(bad.stderr, msg)
    }
})
