// The simulator's truth obeys the rules (shared/spec/rules.md), re-derived here
// from the truth events alone; its rows obey the trace format; it is deterministic.
import { test } from "node:test"
import assert from "node:assert/strict"
import { createHash } from "node:crypto"
import { Sample } from "../../../src/core/sample.ts"
import { formatHeader, formatMeta, formatRow, MAX_LINE_CHARS, TraceReader } from "../../../src/core/trace.ts"
import { CATEGORIES, caseMetaExtra, caseSeed, makeCase } from "../../../src/sim/cases.ts"
import { RigSim, SIM_T_DECIMALS, simTruth } from "../../../src/sim/rigsim.ts"
import { DIRECTOR } from "../../../src/sim/director.ts"
import { Act } from "../../../src/sim/actions.ts"
import type { Truth, TruthEvent } from "../../../src/sim/truth.ts"

interface Run { truth: Truth; lines: string[]; players: number; cards: number }

function run(seed: number, category: string): Run {
    const spec = makeCase(seed, category, { quick: true })
    const sim = new RigSim(spec, DIRECTOR)
    const s = new Sample()
    const rows: string[] = []
    while (sim.next(s)) rows.push(formatRow(s, SIM_T_DECIMALS))
    const lines = [formatMeta(spec.config, "sim", caseMetaExtra(sim)), formatHeader(), ...rows]
    return { truth: simTruth(sim), lines, players: spec.config.players, cards: spec.config.cards }
}

const RUNS: Run[] = []
for (const category of CATEGORIES) for (const i of [0, 1, 2]) RUNS.push(run(caseSeed(77, i), category))

/** replays the rules over the truth events and checks every player, count and out */
function checkRules(r: Run) {
    const ev = r.truth.events
    const cfg = r.truth.case.config
    const alive = new Set<number>()
    for (let p = 1; p <= cfg.players; p++) alive.add(p)
    const next = (p: number) => {
        for (let i = 1; i <= cfg.players; i++) {
            const q = ((p - 1 + i) % cfg.players) + 1
            if (alive.has(q)) return q
        }
        return p
    }
    const warnings = new Map<number, number>()
    const outs: { player: number; reason: string }[] = []
    let current = 0
    let lastActor = 0
    let lastWeightT = -1e9
    let cards = 0
    let fellBy = 0
    let prevT = -1
    const blameAt = (t: number, windowMs: number) => {
        if (lastActor === 0) return current
        const pass = lastWeightT + 1500
        if (t < pass || t - pass <= windowMs) return lastActor
        return current
    }
    const ctx = (e: TruthEvent) => `${r.truth.case.category} seed ${r.truth.case.seed}: ${e.kind} at ${e.t_ms}`
    for (const e of ev) {
        assert.ok(e.t_ms >= prevT, "events in time order")
        prevT = e.t_ms
        switch (e.kind) {
            case "round_start":
                current = e.player
                lastActor = 0
                cards = 0
                assert.ok(alive.has(e.player), ctx(e))
                break
            case "place":
            case "remove": {
                const expected = fellBy || current
                assert.equal(e.player, expected, ctx(e) + ": turn order")
                fellBy = 0
                cards += e.kind === "place" ? 1 : -1
                assert.equal(e.cards, cards, ctx(e) + ": card count")
                assert.ok(e.t_start_ms < e.t_ms, "the hand starts before the weight is on")
                lastActor = e.player
                lastWeightT = e.t_ms
                current = next(e.player)
                break
            }
            case "card_fell":
                assert.equal(e.player, lastActor, ctx(e) + ": the last card's placer")
                cards--
                fellBy = lastActor
                break
            case "librium":
                assert.equal(cards, cfg.cards, ctx(e))
                break
            case "collapse":
            case "touch": {
                const who = e.kind === "collapse" ? blameAt(e.t_ms, 3000) : blameAt(e.t_ms, 1500)
                assert.equal(e.player, who, ctx(e) + ": blame")
                let isOut = true
                if (e.kind === "touch") {
                    assert.ok(["light", "medium", "heavy"].includes(e.force_class), "force class")
                    assert.ok(e.t_end_ms > e.t_ms)
                    if (cfg.touch_penalty === "warn") {
                        const n = (warnings.get(e.player) ?? 0) + 1
                        warnings.set(e.player, n)
                        assert.equal(e.warnings, n, ctx(e) + ": warnings count over the game")
                        isOut = n >= 2
                    }
                }
                if (isOut) {
                    outs.push({ player: e.player, reason: e.kind })
                    alive.delete(e.player)
                    // the next round starts with the next remaining player after the one knocked out
                    current = next(e.player)
                }
                break
            }
            case "bump":
            case "fault":
                assert.ok(e.t_end_ms > e.t_ms, ctx(e))
                assert.equal(e.player, null)
                break
            default:
                break
        }
    }
    assert.deepEqual(r.truth.outcome.outs.map(o => ({ player: o.player, reason: o.reason })), outs)
    if (alive.size === 1) assert.equal(r.truth.outcome.winner, [...alive][0])
    else assert.equal(r.truth.outcome.winner, null)
}

test("truth follows the rules: turn order, blame windows, warnings, card counts, outs and winner", () => {
    for (const r of RUNS) checkRules(r)
})

test("the LIBRIUM card may fall off (rule 4 in the reverse phase): after its pass, before any removal, and its placer places it again", () => {
    const spec = makeCase(caseSeed(77, 0), "librium", { quick: true })
    spec.knobs.p_fell_librium = 1
    const sim = new RigSim(spec, DIRECTOR)
    const s = new Sample()
    while (sim.next(s)) {}
    const ev = simTruth(sim).events
    const lib = ev.findIndex(e => e.kind === "librium")
    assert.ok(lib > 0, "no LIBRIUM")
    const card = ev.slice(0, lib).filter(e => e.kind === "place").pop()
    const fell = ev.slice(lib).find(e => e.kind === "card_fell")
    assert.ok(fell, "no fall after LIBRIUM")
    assert.equal(fell.player, card.player)
    assert.ok(fell.t_ms >= card.t_ms + 1500 + 300, "after its turn passed")
    const next = ev.find(e => e.t_ms > fell.t_ms && (e.kind === "place" || e.kind === "remove"))
    assert.equal(next.kind, "place")
    assert.equal(next.player, card.player)
    assert.equal(next.cards, spec.config.cards)
    checkRules({ truth: simTruth(sim), lines: [], players: spec.config.players, cards: spec.config.cards })
})

test("each category produces its events", () => {
    const has = (cat: string, pred: (e: TruthEvent) => boolean) =>
        RUNS.filter(r => r.truth.case.category === cat).every(r => r.truth.events.some(pred))
    assert.ok(has("card_fell", e => e.kind === "card_fell"))
    assert.ok(has("collapse", e => e.kind === "collapse"))
    assert.ok(has("collapse_catch", e => e.kind === "collapse" && e.caught === true))
    assert.ok(has("touch", e => e.kind === "touch" && e.penalty === "out"))
    assert.ok(has("touch_warn", e => e.kind === "touch" && e.penalty === "warn"))
    assert.ok(has("bump", e => e.what === "table_bump"))
    assert.ok(has("air", e => e.what === "air"))
    assert.ok(has("table_drop", e => e.what === "table_drop"))
    assert.ok(has("librium", e => e.kind === "librium"))
    assert.ok(has("librium", e => e.kind === "phase" && e.phase === "tilt"))
    assert.ok(has("fault_imu", e => e.kind === "fault" && e.sensor === "imu"))
    assert.ok(has("fault_load", e => e.kind === "fault" && e.sensor === "load"))
    assert.ok(RUNS.filter(r => r.truth.case.category === "multi_round").every(r => r.truth.outcome.winner !== null))
    assert.ok(RUNS.filter(r => r.truth.case.category === "quiet").every(r => r.truth.events.length === 1))
})

test("the rows obey the trace format and replay through TraceReader", () => {
    for (const r of RUNS) {
        const rd = new TraceReader()
        let rows = 0
        for (const l of r.lines) if (rd.line(l)) rows++
        rd.end()
        assert.equal(rows, r.lines.length - 2)
        for (let i = 1; i < r.lines.length; i++) assert.ok(r.lines[i].length < MAX_LINE_CHARS)
        assert.equal(rd.meta.sim.category, r.truth.case.category, "drawn parameters in the metadata")
        assert.ok(rd.meta.sim.rig.rod_len_m > 0)
    }
})

test("sensor faults: no IMU rows while it is silent, a frozen load while it is stuck", () => {
    for (const r of RUNS) {
        for (const f of r.truth.events.filter(e => e.kind === "fault")) {
            const rd = new TraceReader()
            const loads: number[] = []
            let imu = 0
            for (const l of r.lines) {
                if (!rd.line(l)) continue
                const s = rd.sample
                if (s.t_ms < f.t_ms + 5 || s.t_ms > f.t_end_ms - 5) continue
                if (s.hasImu) imu++
                if (s.hasLoad) loads.push(s.load_g)
            }
            if (f.sensor === "imu") assert.equal(imu, 0)
            else assert.ok(loads.length > 2 && loads.every(v => v === loads[0]), "stuck load")
        }
    }
})

test("deterministic: the same seed gives byte-identical traces and truth, another seed does not", () => {
    const h = (r: Run) => createHash("sha256").update(r.lines.join("\n") + JSON.stringify(r.truth)).digest("hex")
    const a = run(caseSeed(5, 3), "game")
    const b = run(caseSeed(5, 3), "game")
    const c = run(caseSeed(5, 4), "game")
    assert.equal(h(a), h(b))
    assert.notEqual(h(a), h(c))
})

test("one hand per placer: a warned touch during a placement does not double the slotting press (no two slotting hands at once)", () => {
    let during = 0
    for (let i = 0; i < 40; i++) {
        const spec = makeCase(caseSeed(41, i), "touch_warn", { quick: true })
        const hands: any[] = []
        const planner = DIRECTOR(spec, (a: any) => {
            // the slotting hand is the one Hand action that holds the spin (hold_per_s); touches, jolts and clean-up do not
            if (a.kind === Act.Hand && !a.hanger && a.hold_per_s > 0) hands.push(a)
        }, () => {})
        while (!planner.done) planner.plan()
        hands.sort((a, b) => a.t0_ms - b.t0_ms)
        for (let k = 1; k < hands.length; k++) assert.ok(hands[k].t0_ms >= hands[k - 1].t1_ms - 1e-6, `case ${i}: slotting hands overlap at ${hands[k].t0_ms}`)
        const touches = planner.events.filter((e: any) => e.kind === "touch")
        const places = planner.events.filter((e: any) => e.kind === "place")
        if (touches.some((t: any) => places.some((p: any) => p.t_start_ms <= t.t_ms && p.t_ms >= t.t_ms))) during++
    }
    assert.ok(during >= 3, `only ${during} cases with a warned touch during a placement`)
})
