// The multi-run benchmark's pure parts: the seed list, the cases compared with an earlier run's, the calls' fingerprint.
import { test } from "node:test"
import assert from "node:assert/strict"
import { compareCases, comparisonText, incomparable, parseSeeds, readEarlierRun, runTable } from "../../../devs/lib/bench-runs.ts"
import { callsFingerprint } from "../../../devs/lib/bench-cases.ts"
import { CaseLine } from "../../../devs/lib/bench-report.ts"
import { RefEvent } from "../../../src/core/referee/types.ts"
import { figures, ScoreBook } from "../../../devs/lib/score.ts"
import { emptyScore } from "../../../devs/lib/match.ts"
import { writeFileSync } from "node:fs"
import { scratchDir } from "../scratch.ts"
import { join } from "node:path"

function line(id: string, right: boolean, calls: string, events = 5): CaseLine {
    return { id, category: "game", difficulty: "easy", seed: 1, events, outcome_right: right, wrongful_outs: 0, false_calls: 0, missed: right ? 0 : 1, cause: right ? null : "missed medium hanger touch", calls }
}

test("parseSeeds: first seeds in the order given; anything else is refused with what was wrong", () => {
    assert.deepEqual(parseSeeds("1000,2000, 3000"), [1000, 2000, 3000])
    assert.deepEqual(parseSeeds("6000,1000"), [6000, 1000])
    assert.throws(() => parseSeeds("1000,,2000"), /expected first seeds.*not ""/)
    assert.throws(() => parseSeeds("1e3"), /not "1e3"/)
    assert.throws(() => parseSeeds("-5"), /not "-5"/)
    assert.throws(() => parseSeeds("1,2,1"), /seed 1 given twice/)
    // the simulator takes seeds as 32-bit integers: a larger one would repeat a smaller one's cases
    assert.deepEqual(parseSeeds("2147483647"), [2147483647])
    assert.throws(() => parseSeeds("7,4294967303"), /from 1 to 2147483647.*not "4294967303"/)
    assert.throws(() => parseSeeds("0"), /not "0"/)
})

/** a case's score with these counts (the rest empty) */
function score(o: { cases: number; right: number; turns: number; outCalls: number; outHits: number; placeTruth: number; placeCaught: number; placeCalls: number; placeHits: number; latency: number[] }) {
    const s = emptyScore()
    s.cases = o.cases
    s.outcome_right = o.right
    s.turns = o.turns
    Object.assign(s.counts["out"], { calls: o.outCalls, hits: o.outHits })
    Object.assign(s.counts["place"], { truth: o.placeTruth, caught: o.placeCaught, calls: o.placeCalls, hits: o.placeHits })
    s.collapse_latency_ms.push(...o.latency)
    return s
}

test("runTable: a row per run in the order given, then all of them: outcome, wrongful outs, p95, placements missed and false", () => {
    const a = new ScoreBook()
    a.add("game", score({ cases: 4, right: 3, turns: 50, outCalls: 3, outHits: 2, placeTruth: 40, placeCaught: 38, placeCalls: 39, placeHits: 38, latency: [100, 200, 400] }))
    const b = new ScoreBook()
    b.add("game", score({ cases: 2, right: 2, turns: 20, outCalls: 1, outHits: 1, placeTruth: 10, placeCaught: 10, placeCalls: 12, placeHits: 10, latency: [150] }))
    const all = new ScoreBook()
    for (const book of [a, b]) all.add("game", book.total)
    const lines = runTable([[8000, figures(a.total)], [7000, figures(b.total)]], figures(all.total)).split("\n")
    assert.match(lines[0], /^run \(first seed\)\s+cases\s+outcome right\s+wrongful outs \/ turns\s+coll p95\s+touch R l\/m\/h\s+placements missed \/ false$/)
    const cells = lines.slice(2).map(l => l.trim().split(/\s{2,}/))
    assert.deepEqual(cells, [
        ["8000", "4", "3 (75.0 %)", "1 / 50", "400", "-/-/-", "2 / 1"],
        ["7000", "2", "2 (100.0 %)", "0 / 20", "150", "-/-/-", "0 / 2"],
        ["all", "6", "5 (83.3 %)", "1 / 70", "400", "-/-/-", "2 / 3"],
    ])
})

test("compareCases: outcomes turned right and wrong, calls changed with or without the outcome, cases in one run only", () => {
    const before = [line("1-0-game", false, "aaa"), line("1-1-game", true, "bbb"), line("1-2-game", true, "ccc"), line("1-3-game", true, "ddd"), line("1-4-game", true, "eee")]
    const now = [line("1-0-game", true, "aaa2"), line("1-1-game", false, "bbb2"), line("1-2-game", true, "ccc2"), line("1-3-game", true, "ddd"), line("1-9-game", true, "zzz")]
    const c = compareCases(before, now)
    assert.equal(c.exact, true)
    assert.equal(c.common, 4)
    assert.deepEqual(c.fixed, ["1-0-game"])
    assert.deepEqual(c.broke, ["1-1-game"])
    assert.deepEqual(c.changed, ["1-0-game", "1-1-game", "1-2-game"], "1-2's calls changed, its outcome did not")
    assert.deepEqual(c.byRun, [], "one run: no per-run line")
    assert.deepEqual([c.onlyBefore, c.onlyNow], [["1-4-game"], ["1-9-game"]])
    const text = comparisonText("before.json", c)
    assert.match(text, /^against before\.json \(4 cases in both\):$/m)
    assert.match(text, /^  right now, wrong before: 1: 1-0-game$/m)
    assert.match(text, /^  wrong now, right before: 1: 1-1-game$/m)
    assert.match(text, /^  cases whose calls changed: 3$/m)
    assert.match(text, /^  not in both: 1 only before, 1 only now/m)
    assert.doesNotMatch(text, /by run/)
})

test("compareCases over several runs: the cases turned right and wrong per run; the same calls with another outcome are no changed calls", () => {
    const before = [line("1000-0-game", false, "a"), line("1000-1-game", true, "b"), line("2000-0-game", true, "c"), line("2000-1-game", true, "d")]
    const now = [line("1000-0-game", true, "a"), line("1000-1-game", true, "b"), line("2000-0-game", false, "c2"), line("2000-1-game", false, "d2")]
    const c = compareCases(before, now, id => parseInt(id, 10))
    assert.deepEqual(c.byRun, [[1000, { fixed: 1, broke: 0 }], [2000, { fixed: 0, broke: 2 }]])
    assert.deepEqual(c.changed, ["2000-0-game", "2000-1-game"], "1000-0 turned right on the same calls (a matcher change): no changed calls")
    assert.match(comparisonText("b.json", c), /^  by run \(right now \/ wrong now\): 1000 \+1 -0, 2000 \+0 -2$/m)
})

test("comparisonText lists at most 20 ids a line", () => {
    const ids = Array.from({ length: 25 }, (_, i) => `1-${i}-game`)
    const c = compareCases(ids.map(id => line(id, true, "x")), ids.map(id => line(id, false, "y")))
    const broke = comparisonText("x.json", c).split("\n").find(l => l.startsWith("  wrong now"))
    assert.match(broke, /^  wrong now, right before: 25: 1-0-game, .*1-19-game, and 5 more$/)
    assert.doesNotMatch(broke, /1-20-game/)
})

test("readEarlierRun: a bench --json's cases and --quick; a missing, non-JSON or other file is refused; runs of other lengths cannot be compared", () => {
    const d = scratchDir("bench-runs-")
    const good = join(d, "good.json")
    writeFileSync(good, JSON.stringify({ quick: true, cases: [line("7-0-quiet", true, "abc")] }))
    const r = readEarlierRun(good)
    assert.deepEqual([r.quick, r.cases.map(c => c.id)], [true, ["7-0-quiet"]])
    assert.equal(incomparable(good, r, true), null)
    assert.match(incomparable(good, r, false), /good\.json: that run's cases were --quick ones, this run's are full-length ones: the same ids, other cases/)
    const old = join(d, "old.json")
    writeFileSync(old, JSON.stringify({ cases: [line("7-0-quiet", true, "abc")] }))
    assert.equal(readEarlierRun(old).quick, null, "an earlier JSON that does not say")
    assert.equal(incomparable(old, readEarlierRun(old), false), null)
    writeFileSync(join(d, "text.json"), "x")
    writeFileSync(join(d, "other.json"), JSON.stringify({ total: {} }))
    writeFileSync(join(d, "nulls.json"), JSON.stringify({ cases: [null] }))
    assert.throws(() => readEarlierRun(join(d, "none.json")), /--compare .*none\.json: no such file/)
    assert.throws(() => readEarlierRun(join(d, "text.json")), /text\.json: not JSON/)
    assert.throws(() => readEarlierRun(join(d, "other.json")), /other\.json: not a bench --json file/)
    assert.throws(() => readEarlierRun(join(d, "nulls.json")), /not a bench --json file/)
})

test("compareCases on an earlier JSON without fingerprints: the calls are compared by their counts", () => {
    const before = [line("1-0-game", true, undefined, 5), line("1-1-game", true, undefined, 5)]
    const now = [line("1-0-game", true, "x", 5), line("1-1-game", true, "y", 6)]
    const c = compareCases(before, now)
    assert.equal(c.exact, false)
    assert.deepEqual(c.changed, ["1-1-game"])
    assert.match(comparisonText("old.json", c), /calls changed: 1 \(by their counts/)
    // an earlier run with no cases at all says nothing about fingerprints
    assert.equal(compareCases([], now).exact, true)
})

test("callsFingerprint: the same calls give the same print; a changed time, player or field changes it", () => {
    const ev = (): RefEvent[] => [
        { t_ms: 1000, type: "placed", player: 1, cards: 1, detector: "load_step", delta_g: 6.1 } as RefEvent,
        { t_ms: 5000, type: "collapse", player: 2, detector: "load_drop", delta_g: -20 } as RefEvent,
    ]
    const a = callsFingerprint(ev())
    assert.match(a, /^[0-9a-f]{12}$/)
    assert.equal(callsFingerprint(ev()), a)
    const later = ev()
    later[1].t_ms = 5001
    const other = ev()
    other[1].player = 3
    const field = ev()
    ;(field[0] as any).delta_g = 6.2
    for (const e of [later, other, field, ev().slice(0, 1), []]) assert.notEqual(callsFingerprint(e), a)
})
