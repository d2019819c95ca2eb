// The benchmark's matcher and figures, on crafted truth/event lists with known answers.
import { test } from "node:test"
import assert from "node:assert/strict"
import { hangerBand, matchCase, refereeFinalCards } from "../../../devs/lib/match.ts"
import { figures, percentile, ScoreBook } from "../../../devs/lib/score.ts"
import { RefEvent } from "../../../src/core/referee/types.ts"
import { Truth, TruthEvent, TruthOut } from "../../../src/sim/truth.ts"

function truth(events: TruthEvent[], outs: TruthOut[] = [], winner: number | null = null, final_cards: number[] = [], turns = 10): Truth {
    return { events, outcome: { outs, winner, final_cards, turns } }
}
const ev = (t_ms: number, type: string, fields: { [k: string]: number | string } = {}): RefEvent => ({ t_ms, type, ...fields })

test("a collapse called 300 ms late is caught with latency 300; 900 ms late is a miss AND a false call", () => {
    const tr = truth([{ t_ms: 10000, kind: "collapse", player: 1 }])
    const ok = matchCase([ev(10300, "collapse", { player: 1 })], tr, "collapse", 60000)
    assert.deepEqual(ok.score.counts["collapse"], { truth: 1, caught: 1, calls: 1, hits: 1, wrong_player: 0 })
    assert.deepEqual(ok.score.collapse_latency_ms, [300])
    assert.deepEqual(ok.calls, ["hit"])
    assert.deepEqual(ok.truth, ["caught"])

    const late = matchCase([ev(10900, "collapse", { player: 1 })], tr, "collapse", 60000)
    const f = figures(late.score)
    assert.equal(f.collapse.recall, 0)
    assert.equal(f.collapse.precision, 0)
    assert.deepEqual(late.calls, ["false"])
    assert.deepEqual(late.truth, ["missed"])
    assert.equal(f.collapse.latency_ms.median, null)
})

test("a collapse called BEFORE the truth is not a match", () => {
    const m = matchCase([ev(9990, "collapse", { player: 1 })], truth([{ t_ms: 10000, kind: "collapse", player: 1 }]), "collapse", 60000)
    assert.equal(m.score.counts["collapse"].caught, 0)
})

test("a collapse blamed on the wrong player is not a match, and is reported as a wrong-player call", () => {
    const m = matchCase([ev(10200, "collapse", { player: 2 })], truth([{ t_ms: 10000, kind: "collapse", player: 1 }]), "collapse", 60000)
    assert.deepEqual(m.score.counts["collapse"], { truth: 1, caught: 0, calls: 1, hits: 0, wrong_player: 1 })
    assert.deepEqual(m.calls, ["wrong_player"])
    assert.equal(figures(m.score).collapse.precision, 0)
})

test("a touch is caught by a warning up to 500 ms after its end, not 600 ms; recall per force class", () => {
    const tr = truth([
        { t_ms: 5000, t_end_ms: 7000, kind: "touch", player: 2, force_class: "light" },
        { t_ms: 20000, t_end_ms: 20400, kind: "touch", player: 3, force_class: "heavy" },
    ])
    const m = matchCase([ev(7500, "warning", { player: 2, count: 1 }), ev(21000, "touch", { player: 3 })], tr, "touch_warn", 60000)
    const f = figures(m.score)
    assert.deepEqual(m.calls, ["hit", "false"])
    assert.equal(f.touch.recall, 0.5)
    assert.equal(f.touch.precision, 0.5)
    assert.equal(f.touch.recall_by_force["light"], 1)
    assert.equal(f.touch.recall_by_force["heavy"], 0)
    assert.equal(f.touch.recall_by_force["medium"], null, "no medium touches: no figure")
})

test("matched touch calls give their latency from the hand's start; a miss called for the same player after the window, within 2 s of the hand leaving, counts as late", () => {
    const tr = truth([
        { t_ms: 5000, t_end_ms: 5060, kind: "touch", player: 2, force_class: "heavy" },
        { t_ms: 20000, t_end_ms: 20070, kind: "touch", player: 3, force_class: "heavy" },
        { t_ms: 40000, t_end_ms: 40050, kind: "touch", player: 1, force_class: "heavy" },
        { t_ms: 60000, t_end_ms: 60050, kind: "touch", player: 1, force_class: "light" },
    ])
    const calls = [
        ev(5400, "touch", { player: 2 }), // 340 ms after the end: matched, 400 ms latency
        ev(20850, "touch", { player: 3 }), // 780 ms after the end: a miss, called late
        ev(41000, "touch", { player: 2 }), // late, but for another player: not the same touch
        ev(62500, "touch", { player: 1 }), // 2.45 s after the end: too late to be the same
    ]
    const m = matchCase(calls, tr, "touch", 90000)
    const f = figures(m.score)
    assert.deepEqual(m.calls, ["hit", "false", "false", "false"])
    assert.deepEqual(m.score.touch_latency_ms, [400])
    assert.equal(f.touch.latency_ms.median, 400)
    assert.equal(f.touch.late, 1)
})

test("touch recall by target, by force class and target, and the hanger touches by their vertical force (either way, in g), by force class too", () => {
    const G = 9.80665 / 1000
    const tr = truth([
        { t_ms: 5000, t_end_ms: 5300, kind: "touch", player: 1, force_class: "medium", target: "structure", force_z_n: 0.05 },
        { t_ms: 10000, t_end_ms: 10300, kind: "touch", player: 1, force_class: "light", target: "hanger", force_z_n: -1.9 * G },
        { t_ms: 15000, t_end_ms: 15300, kind: "touch", player: 1, force_class: "medium", target: "hanger", force_z_n: 2 * G },
        { t_ms: 20000, t_end_ms: 20300, kind: "touch", player: 1, force_class: "heavy", target: "hanger", force_z_n: -12 * G },
        { t_ms: 25000, t_end_ms: 25300, kind: "touch", player: 1, force_class: "heavy", target: "hanger" },
    ])
    const m = matchCase([ev(5400, "warning", { player: 1, count: 1 }), ev(15400, "warning", { player: 1, count: 2 })], tr, "touch_warn", 60000)
    const t = figures(m.score).touch
    assert.deepEqual(t.recall_by_target, { structure: { recall: 1, caught: 1, truth: 1 }, hanger: { recall: 0.25, caught: 1, truth: 4 } })
    assert.deepEqual(t.recall_by_force_target, {
        "light structure": { recall: null, caught: 0, truth: 0 },
        "light hanger": { recall: 0, caught: 0, truth: 1 },
        "medium structure": { recall: 1, caught: 1, truth: 1 },
        "medium hanger": { recall: 1, caught: 1, truth: 1 },
        "heavy structure": { recall: null, caught: 0, truth: 0 },
        "heavy hanger": { recall: 0, caught: 0, truth: 2 },
    })
    assert.deepEqual(t.hanger_by_vertical_g, {
        "0-2": { recall: 0, caught: 0, truth: 1 },
        "2-5": { recall: 1, caught: 1, truth: 1 },
        "5+": { recall: 0, caught: 0, truth: 1 },
    }, "a hanger touch without force_z_n is in no band")
    assert.deepEqual(t.hanger_by_class_vertical_g, {
        "light 0-2": { recall: 0, caught: 0, truth: 1 },
        "light 2-5": { recall: null, caught: 0, truth: 0 },
        "light 5+": { recall: null, caught: 0, truth: 0 },
        "medium 0-2": { recall: null, caught: 0, truth: 0 },
        "medium 2-5": { recall: 1, caught: 1, truth: 1 },
        "medium 5+": { recall: null, caught: 0, truth: 0 },
        "heavy 0-2": { recall: null, caught: 0, truth: 0 },
        "heavy 2-5": { recall: null, caught: 0, truth: 0 },
        "heavy 5+": { recall: 0, caught: 0, truth: 1 },
    })
    assert.equal(hangerBand(undefined), null)
    assert.equal(hangerBand(-5 * G), "5+")
})

test("a touch and a warning on the same sample for the same player are one call", () => {
    const tr = truth([{ t_ms: 5000, t_end_ms: 5200, kind: "touch", player: 1, force_class: "medium" }])
    const m = matchCase([ev(5100, "touch", { player: 1 }), ev(5100, "warning", { player: 1, count: 1 })], tr, "touch_warn", 60000)
    assert.deepEqual(m.score.counts["touch"], { truth: 1, caught: 1, calls: 1, hits: 1, wrong_player: 0 })
    assert.deepEqual(m.calls, ["hit", "info"])
})

test("matching is one-to-one and greedy in time: a call goes to the first truth it fits (player and window)", () => {
    const tr = truth([
        { t_ms: 1000, kind: "place", player: 1, cards: 1 },
        { t_ms: 3000, kind: "place", player: 2, cards: 2 },
    ])
    const m = matchCase([ev(4000, "placed", { player: 2, cards: 1 })], tr, "place", 60000)
    // the first truth is player 1's: player 2's call is not its match, so it goes to player 2's placement
    assert.deepEqual(m.truth, ["missed", "caught"])
    const two = matchCase([ev(2500, "placed", { player: 1, cards: 1 }), ev(4000, "placed", { player: 2, cards: 2 })], tr, "place", 60000)
    assert.deepEqual(two.truth, ["caught", "caught"])
    assert.equal(figures(two.score).place.precision, 1)
    const late = matchCase([ev(7100, "placed", { player: 1, cards: 1 })], tr, "place", 60000)
    assert.deepEqual(late.truth, ["missed", "wrong_player"], "6.1 s after player 1's placement is too late; it falls in player 2's window")
    const later = matchCase([ev(9100, "placed", { player: 2, cards: 2 })], tr, "place", 60000)
    assert.deepEqual(later.truth, ["missed", "missed"])
    assert.deepEqual(later.calls, ["false"])
})

test("an out for the right player but the wrong reason is a wrongful out; wrongful outs per 100 turns", () => {
    const tr = truth([{ t_ms: 10000, kind: "collapse", player: 1 }], [{ player: 1, reason: "collapse", t_ms: 10000 }], null, [], 50)
    const m = matchCase([ev(10100, "touch", { player: 1 }), ev(10100, "out", { player: 1, reason: "touch" })], tr, "collapse", 60000)
    const f = figures(m.score)
    assert.equal(f.wrongful_outs.count, 1)
    assert.equal(f.wrongful_outs.per_100_turns, 2)
    assert.equal(f.outcome.accuracy, 0)
    const right = matchCase([ev(10100, "collapse", { player: 1 }), ev(10100, "out", { player: 1, reason: "collapse" })], tr, "collapse", 60000)
    assert.equal(figures(right.score).wrongful_outs.count, 0)
    assert.equal(figures(right.score).outcome.accuracy, 1)
})

test("an out whose cause call matched nothing is wrongful, even for the right player and reason: a missed touch, then the clean-up read as that player's touch", () => {
    // p3's hanger touch 24.8-27.1 s is missed; the clean-up after the round (29.8 s) reads as a touch, blamed on p3
    const tr = truth([{ t_ms: 24756, t_end_ms: 27100, kind: "touch", player: 3, force_class: "light" }], [{ player: 3, reason: "touch", t_ms: 24756 }], 1)
    const calls = [ev(30241, "touch", { player: 3 }), ev(30241, "out", { player: 3, reason: "touch" }), ev(30241, "winner", { player: 1 })]
    const m = matchCase(calls, tr, "game", 60000)
    assert.deepEqual(m.calls, ["false", "false", "hit"])
    assert.deepEqual(m.truth, ["missed"])
    assert.equal(figures(m.score).wrongful_outs.count, 1)
    assert.equal(m.score.outcome_right, 0, "the outs' list agrees, but its out was not called for the foul")
    // caught in time, the same out is right
    const inTime = [ev(27300, "touch", { player: 3 }), ev(27300, "out", { player: 3, reason: "touch" }), ev(27300, "winner", { player: 1 })]
    const ok = matchCase(inTime, tr, "game", 60000)
    assert.deepEqual(ok.calls, ["hit", "hit", "hit"])
    assert.equal(ok.score.outcome_right, 1)
    // warn mode: the second warning is the cause
    const warned = [ev(27300, "warning", { player: 3, count: 2 }), ev(27300, "out", { player: 3, reason: "touch" }), ev(27300, "winner", { player: 1 })]
    assert.equal(matchCase(warned, tr, "touch_warn", 60000).score.outcome_right, 1)
})

test("outcome: outs in order with reasons and the winner must all agree", () => {
    const outs: TruthOut[] = [{ player: 2, reason: "collapse", t_ms: 1000 }, { player: 1, reason: "touch", t_ms: 5000 }]
    const tr = truth([], outs, 3)
    const calls = [ev(1100, "out", { player: 2, reason: "collapse" }), ev(5100, "out", { player: 1, reason: "touch" }), ev(5100, "winner", { player: 3 })]
    assert.equal(matchCase(calls, tr, "multi_round", 60000).score.outcome_right, 1)
    const noWinner = calls.slice(0, 2)
    assert.equal(matchCase(noWinner, tr, "multi_round", 60000).score.outcome_right, 0)
    const swapped = [calls[1], calls[0], calls[2]]
    assert.equal(matchCase(swapped, tr, "multi_round", 60000).score.outcome_right, 0)
})

test("a truth with only the spec's outcome fields (outs, winner) is scored: no card counts or turns to judge", () => {
    const tr = { events: [], outcome: { outs: [{ player: 2, reason: "touch", t_ms: 1000 }], winner: 1 } } as unknown as Truth
    const calls = [ev(1100, "placed", { player: 1, cards: 1 }), ev(1200, "out", { player: 2, reason: "touch" }), ev(1200, "winner", { player: 1 })]
    const s = matchCase(calls, tr, "multi_round", 60000).score
    assert.equal(s.outcome_right, 1)
    assert.deepEqual([s.rounds, s.rounds_exact, s.turns], [0, 0, 0])
    assert.equal(figures(s).final_cards.accuracy, null)
})

test("on quiet and distractor traces every collapse/touch/warning/out/card_fell call is false; per hour", () => {
    const calls = [ev(100, "round_start", { player: 1 }), ev(200, "turn", { player: 1 }), ev(5000, "touch", { player: 1 }), ev(5000, "out", { player: 1, reason: "touch" })]
    const m = matchCase(calls, truth([]), "bump", 1800e3)
    const f = figures(m.score)
    assert.equal(f.false_calls.count, 2)
    assert.equal(f.false_calls.per_hour, 4)
    const elsewhere = matchCase(calls, truth([]), "touch", 1800e3)
    assert.equal(figures(elsewhere.score).false_calls.per_hour, null, "no quiet time watched: no figure")
})

test("final cards per round: last placed/removed count, less a card that fell after it", () => {
    const calls = [
        ev(0, "round_start", { player: 1 }),
        ev(1, "placed", { player: 1, cards: 1 }),
        ev(2, "placed", { player: 2, cards: 2 }),
        ev(3, "card_fell", { player: 2 }),
        ev(4, "round_start", { player: 1 }),
        ev(5, "placed", { player: 1, cards: 1 }),
    ]
    assert.deepEqual(refereeFinalCards(calls), [1, 1])
    const m = matchCase(calls, truth([], [], null, [1, 2]), "game", 1000)
    assert.equal(m.score.rounds, 2)
    assert.equal(m.score.rounds_exact, 1)
})

test("percentiles by nearest rank; a ScoreBook sums cases and keeps categories apart", () => {
    assert.equal(percentile([5, 1, 4, 2, 3], 50), 3)
    assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 100], 95), 19)
    assert.equal(percentile([], 95), null)
    const tr = truth([{ t_ms: 1000, kind: "collapse", player: 1 }])
    const book = new ScoreBook()
    book.add("collapse", matchCase([ev(1100, "collapse", { player: 1 })], tr, "collapse", 60000).score)
    book.add("collapse", matchCase([], tr, "collapse", 60000).score)
    book.add("quiet", matchCase([], truth([]), "quiet", 3600e3).score)
    const f = figures(book.total)
    assert.equal(f.cases, 3)
    assert.equal(f.collapse.recall, 0.5)
    assert.equal(f.collapse.precision, 1)
    assert.equal(f.false_calls.per_hour, 0)
    assert.deepEqual(book.categories(), ["collapse", "quiet"])
    assert.equal(book.byCategory.get("collapse").cases, 2)
})

test("a fallen card read as a collapse counts in fell=C; a true collapse right after a fallen card does not", () => {
    const fell = truth([{ t_ms: 10000, kind: "card_fell", player: 1 }])
    const asC = matchCase([ev(10200, "collapse", { player: 1 })], fell, "card_fell", 60000)
    assert.equal(asC.score.fell_as_collapse, 1)
    assert.equal(figures(asC.score).card_fell.as_collapse, 1)
    const later = matchCase([ev(11000, "collapse", { player: 1 })], fell, "card_fell", 60000)
    assert.equal(later.score.fell_as_collapse, 0, "a collapse call 1 s later is outside the 800 ms window")
    const both = truth([
        { t_ms: 10000, kind: "card_fell", player: 1 },
        { t_ms: 10100, kind: "collapse", player: 1 },
    ])
    const real = matchCase([ev(10300, "collapse", { player: 1 })], both, "collapse", 60000)
    assert.equal(real.score.fell_as_collapse, 0)
    assert.equal(figures(matchCase([], truth([]), "quiet", 60000).score).card_fell.as_collapse, null)
})
