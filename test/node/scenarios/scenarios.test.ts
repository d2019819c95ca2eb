// Whole-referee scenarios on short simulated traces (src/sim) with known truth: the referee's calls
// (round_start, card_fell, removed, collapse, touch, out, librium) must be the truth's, player for player.
import { test } from "node:test"
import assert from "node:assert/strict"
import { caseSeed, makeCase, simulateCase } from "../../../src/sim/cases.ts"
import { Referee } from "../../../src/core/referee/referee.ts"
import { RefEvent } from "../../../src/core/referee/types.ts"

const NOT_COMPARED = ["turn", "phase", "placed", "out", "winner", "warning"]
const TRUTH_NAME: { [k: string]: string } = { remove: "removed" }

function scenario(category: string, index: number) {
    const spec = makeCase(caseSeed(77, index), category, { quick: true })
    const ref = new Referee(spec.config)
    const events: RefEvent[] = []
    const truth = simulateCase(spec, s => {
        for (const e of ref.update(s)) events.push({ ...e })
    })
    const calls = events.filter(e => NOT_COMPARED.indexOf(e.type) < 0).map(e => e.type + (e.player ? " p" + e.player : ""))
    const expected = truth.events
        .filter(e => ["round_start", "card_fell", "remove", "collapse", "touch", "librium"].indexOf(e.kind) >= 0)
        .map(e => (TRUTH_NAME[e.kind] ?? e.kind) + (e.player && e.kind !== "librium" ? " p" + e.player : ""))
    const outs = events.filter(e => e.type === "out").map(e => e.player + " " + e.reason)
    return { spec, events, calls, expected, outs, truthOuts: truth.outcome.outs.map(o => o.player + " " + o.reason) }
}

test("a table bump on lunacy calls nothing", () => {
    const r = scenario("bump", 3)
    assert.equal(r.spec.config.difficulty, "lunacy")
    assert.deepEqual(r.calls, r.expected)
    assert.deepEqual(r.outs, [])
})

test("table bumps on medium call nothing", () => {
    const r = scenario("bump", 4)
    assert.equal(r.spec.config.difficulty, "medium")
    assert.deepEqual(r.calls, r.expected)
})

test("the last card falling on medium is card_fell for its placer, who places again; nobody is out", () => {
    const r = scenario("card_fell", 4)
    assert.equal(r.spec.config.difficulty, "medium")
    assert.deepEqual(r.calls, r.expected)
    const fell = r.events.find(e => e.type === "card_fell")
    const next = r.events.filter(e => e.type === "placed" && e.t_ms > fell.t_ms)[0]
    assert.equal(next.player, fell.player, "the same player places again")
    assert.deepEqual(r.outs, [])
})

test("LIBRIUM on hard, then removals one by one, then a collapse puts the right player out", () => {
    const r = scenario("librium", 23)
    assert.equal(r.spec.config.difficulty, "hard")
    assert.deepEqual(r.calls, r.expected)
    assert.deepEqual(r.outs, r.truthOuts)
})
