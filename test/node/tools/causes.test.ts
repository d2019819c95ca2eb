// A wrong outcome's first error (devs/lib/causes.ts), on crafted truth/event lists scored by the real matcher.
import { test } from "node:test"
import assert from "node:assert/strict"
import { matchCase } from "../../../devs/lib/match.ts"
import { causeTable, firstError } from "../../../devs/lib/causes.ts"
import { RefEvent } from "../../../src/core/referee/types.ts"
import { Truth, TruthEvent, TruthOut } from "../../../src/sim/truth.ts"

function truth(events: TruthEvent[], outs: TruthOut[] = [], winner: number | null = null): Truth {
    return { events, outcome: { outs, winner, final_cards: [], turns: 10 } }
}
const ev = (t_ms: number, type: string, fields: { [k: string]: number | string } = {}): RefEvent => ({ t_ms, type, ...fields })
const touch = (t_ms: number, player: number, force_class: string, target: string): TruthEvent =>
    ({ t_ms, kind: "touch", player, t_end_ms: t_ms + 60, force_class, force_n: 0.5, target, penalty: "out", warnings: 0 })

function cause(events: RefEvent[], tr: Truth, category = "game"): string | null {
    const m = matchCase(events, tr, category, 60000)
    return firstError(events, m.calls, tr, m.truth)
}

test("a missed touch is named by its force and target; a right call after it does not hide it", () => {
    const tr = truth([touch(5000, 1, "medium", "hanger"), { t_ms: 20000, kind: "collapse", player: 2 }], [{ player: 1, reason: "touch", t_ms: 5000 }, { player: 2, reason: "collapse", t_ms: 20000 }])
    assert.equal(cause([ev(20100, "collapse", { player: 2 })], tr), "missed medium hanger touch")
})

test("a missed touch with a false collapse call just after it is a touch read as a collapse (the collapse is not a second cause)", () => {
    const tr = truth([touch(5000, 1, "heavy", "structure")], [{ player: 1, reason: "touch", t_ms: 5000 }])
    const events = [ev(5250, "collapse", { player: 1 }), ev(5250, "out", { player: 1, reason: "collapse" })]
    assert.equal(cause(events, tr), "heavy structure touch read as a collapse")
    // a false collapse 3 s before the touch is its own, earlier, cause
    assert.equal(cause([ev(2000, "collapse", { player: 1 }), ...events], tr), "false collapse")
})

test("a fallen card missed with a false touch just after it is card_fell read as a touch; called, a touch after it is a card off read as a touch; elsewhere a false touch", () => {
    const tr = truth([{ t_ms: 8000, kind: "card_fell", player: 1 }])
    assert.equal(cause([ev(8300, "touch", { player: 1 }), ev(8300, "out", { player: 1, reason: "touch" })], tr, "card_fell"), "card_fell read as a touch")
    assert.equal(cause([ev(8200, "card_fell", { player: 1 }), ev(8500, "touch", { player: 2 })], tr, "card_fell"), "a card off read as a touch")
    assert.equal(cause([ev(8300, "card_fell", { player: 1 }), ev(30000, "touch", { player: 2 })], tr, "card_fell"), "false touch")
})

test("the earliest error is the cause: a missed placement before an extra one; a call for another player", () => {
    const tr = truth([{ t_ms: 4000, kind: "place", player: 1, t_start_ms: 2000, cards: 1 }, { t_ms: 14000, kind: "place", player: 2, t_start_ms: 12000, cards: 2 }])
    assert.equal(cause([ev(25000, "placed", { player: 2, cards: 1 })], tr, "place"), "missed placement")
    assert.equal(cause([ev(5000, "placed", { player: 2, cards: 1 }), ev(15000, "placed", { player: 2, cards: 2 })], tr, "place"), "placement blamed on another player")
})

test("the cause table counts each cause once per case, most first, with example ids", () => {
    const t = causeTable([
        { id: "a", cause: "missed light hanger touch" },
        { id: "b", cause: "false touch" },
        { id: "c", cause: "missed light hanger touch" },
        { id: "d", cause: null },
    ])
    const lines = t.split("\n")
    assert.equal(lines[0], "wrong outcomes by first error (3 cases):")
    assert.match(lines[1], /^\s+2\s+missed light hanger touch\s+e\.g\. a, c$/)
    assert.match(lines[2], /^\s+1\s+false touch\s+e\.g\. b$/)
    assert.equal(causeTable([{ id: "x", cause: null }]), "wrong outcomes by first error: none")
})

test("a placement missed with a false touch from its hand's start to 2 s after its weight came on is a placement read as a touch", () => {
    const tr = truth([{ t_ms: 10000, kind: "place", player: 2, t_start_ms: 6000, cards: 3 }])
    const touchOut = (t: number) => [ev(t, "touch", { player: 2 }), ev(t, "out", { player: 2, reason: "touch" })]
    assert.equal(cause(touchOut(10400), tr, "place"), "placement read as a touch")
    assert.equal(cause(touchOut(7000), tr, "place"), "placement read as a touch")
    assert.equal(cause(touchOut(13000), tr, "place"), "missed placement")
})

test("a false placement while the players release the pivot (to 1 s after the release ended) is the release read as a card; later, an extra placement", () => {
    const release: TruthEvent = { t_ms: 90000, kind: "bump", player: null, t_end_ms: 93000, what: "pivot_release" }
    const tr = truth([release, { t_ms: 99000, kind: "place", player: 4, t_start_ms: 95500, cards: 1 }])
    const placed = (t: number) => [ev(t, "placed", { player: 4, cards: 1 }), ev(100500, "placed", { player: 5, cards: 2 })]
    assert.equal(cause(placed(92500), tr, "librium"), "pivot release read as a card")
    assert.equal(cause(placed(93900), tr, "librium"), "pivot release read as a card")
    assert.equal(cause(placed(94500), tr, "librium"), "extra placement")
})
