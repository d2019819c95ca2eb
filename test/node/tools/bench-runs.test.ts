// The multi-run benchmark's pure parts: the seed list, the cases compared with an earlier run's, the calls' fingerprint.
import { test } from "node:test"
import assert from "node:assert/strict"
import { callsFingerprint, compareCases, comparisonText, parseSeeds, runOf } from "../../../devs/lib/bench-runs.ts"
import { CaseLine } from "../../../devs/lib/bench-report.ts"
import { RefEvent } from "../../../src/core/referee/types.ts"

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
    assert.equal(runOf("1000-235-librium"), 1000)
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
    assert.deepEqual([c.onlyBefore, c.onlyNow], [["1-4-game"], ["1-9-game"]])
    const text = comparisonText("before.json", c)
    assert.match(text, /^against before\.json \(4 cases in both\):$/m)
    assert.match(text, /^  right now, wrong before: 1: 1-0-game$/m)
    assert.match(text, /^  wrong now, right before: 1: 1-1-game$/m)
    assert.match(text, /^  cases whose calls changed: 3$/m)
    assert.match(text, /^  not in both: 1 only before, 1 only now/m)
})

test("compareCases on an earlier JSON without fingerprints: the calls are compared by their counts", () => {
    const before = [line("1-0-game", true, undefined, 5), line("1-1-game", true, undefined, 5)]
    const now = [line("1-0-game", true, "x", 5), line("1-1-game", true, "y", 6)]
    const c = compareCases(before, now)
    assert.equal(c.exact, false)
    assert.deepEqual(c.changed, ["1-1-game"])
    assert.match(comparisonText("old.json", c), /calls changed: 1 \(by their counts/)
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
