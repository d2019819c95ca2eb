// Whole-game scenarios through the rules engine, named by behaviour.
import { test } from "node:test"
import assert from "node:assert/strict"
import { Rules } from "../../../src/core/referee/rules.ts"
import { Obs, ObsKind } from "../../../src/core/referee/types.ts"
import { brief, fault, feed, game, obs, placements, press } from "../../parity/rules-script.ts"

const briefs = (r: Rules, script: Parameters<typeof feed>[1]) => feed(r, script).map(brief)

test("the first rest at tare starts round 1 with the first player", () => {
    const r = new Rules({ ...game(3, "easy", 30, "out"), first_player: 2 })
    assert.deepEqual(briefs(r, [obs("card_on", 10), obs("rest_at_tare", 500)]), [
        "round_start p=2 players=3 difficulty=easy",
        "phase phase=build",
        "turn p=2",
    ])
    assert.equal(r.context().phase, "build")
    assert.equal(r.context().seat, 2)
})

test("a placement passes the turn to the next player", () => {
    const r = new Rules(game(3, "easy", 30, "out"))
    feed(r, [obs("rest_at_tare", 0)])
    assert.deepEqual(briefs(r, placements(1000, 3)), ["placed p=1 cards=1", "turn p=2", "placed p=2 cards=2", "turn p=3", "placed p=3 cards=3", "turn p=1"])
})

test("a collapse 2 s after a placement puts the placer out", () => {
    const r = new Rules(game(3, "easy", 30, "out"))
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 2)]) // p1 at 1000, p2 at 6000; p3 to play
    assert.deepEqual(briefs(r, [obs("collapse", 8000)]), ["collapse p=2", "out p=2 reason=collapse"])
    assert.equal(r.context().phase, "between")
})

test("a collapse 5 s after puts the current player out", () => {
    const r = new Rules(game(3, "easy", 30, "out"))
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 2)])
    assert.deepEqual(briefs(r, [obs("collapse", 11000)]), ["collapse p=3", "out p=3 reason=collapse"])
})

test("a card called late (a rocking rig let the load show it late) passes the turn at its pass time: the blame windows run from then", () => {
    // p2's card: the turn passed at 6000, the call came at 8500; a collapse at 9500 is 3.5 s after the pass
    const r = new Rules(game(3, "easy", 30, "out"))
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 1), { ...obs("card_on", 8500), onset_ms: 6000 }])
    assert.equal(r.context().seat, 3)
    assert.deepEqual(briefs(r, [obs("collapse", 9500)]), ["collapse p=3", "out p=3 reason=collapse"])
    // the same call with no pass time of its own passes the turn at the call: then it is the placer's
    const now = new Rules(game(3, "easy", 30, "out"))
    feed(now, [obs("rest_at_tare", 0), ...placements(1000, 1), obs("card_on", 8500)])
    assert.deepEqual(briefs(now, [obs("collapse", 9500)]), ["collapse p=2", "out p=2 reason=collapse"])
})

test("a touch 1 s after a placement is the placer's; 2 s after it is the current player's", () => {
    const early = new Rules(game(3, "easy", 30, "out"))
    feed(early, [obs("rest_at_tare", 0), ...placements(1000, 1)])
    assert.deepEqual(briefs(early, [obs("touch", 2000)]), ["touch p=1", "out p=1 reason=touch"])
    const late = new Rules(game(3, "easy", 30, "out"))
    feed(late, [obs("rest_at_tare", 0), ...placements(1000, 1)])
    assert.deepEqual(briefs(late, [obs("touch", 3000)]), ["touch p=2", "out p=2 reason=touch"])
})

test("the blame windows run 0.2 s past the rulebook's 3 s and 1.5 s: the referee's pass comes early, an event's onset late", () => {
    // p1 placed at 1000 (the turn passed then), p2 to play
    const at = (kind: ObsKind, t_ms: number) => {
        const r = new Rules(game(3, "easy", 30, "out"))
        feed(r, [obs("rest_at_tare", 0), ...placements(1000, 1)])
        return briefs(r, [obs(kind, t_ms)])
    }
    assert.deepEqual(at("collapse", 4100), ["collapse p=1", "out p=1 reason=collapse"], "3.1 s after: the placer's")
    assert.deepEqual(at("collapse", 4300), ["collapse p=2", "out p=2 reason=collapse"], "3.3 s after: the current player's")
    assert.deepEqual(at("touch", 2600), ["touch p=1", "out p=1 reason=touch"], "1.6 s after: the placer's")
    assert.deepEqual(at("touch", 2800), ["touch p=2", "out p=2 reason=touch"], "1.8 s after: the current player's")
})

test("a touch during a placement on warn gives a warning and the turn does not pass", () => {
    const r = new Rules(game(3, "easy", 30, "warn"))
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 1)])
    assert.deepEqual(briefs(r, [obs("touch", 4000)]), ["warning p=2 count=1"])
    assert.equal(r.context().seat, 2)
    assert.equal(r.context().phase, "build")
    assert.deepEqual(briefs(r, [obs("card_on", 6000)]), ["placed p=2 cards=2", "turn p=3"])
})

test("second warning puts the player out", () => {
    const r = new Rules(game(3, "easy", 30, "warn"))
    feed(r, [obs("rest_at_tare", 0), obs("touch", 500), ...placements(1000, 3)]) // warning 1 to p1; p1 to play at 11000
    assert.deepEqual(briefs(r, [obs("touch", 14000)]), ["warning p=1 count=2", "out p=1 reason=touch"])
})

test("warnings count over the whole game, across rounds", () => {
    const r = new Rules(game(4, "easy", 30, "warn"))
    feed(r, [obs("rest_at_tare", 0), obs("touch", 500), obs("collapse", 900)]) // p1 warned, then out by collapse
    // round 2 starts with p2: p2 is warned, places; p3 collapses 6 s later
    feed(r, [obs("rest_at_tare", 5000), obs("touch", 5500), obs("card_on", 6000), obs("collapse", 12000)])
    // round 3 starts with p4; p4 places, p1 is out so p2 plays and touches
    assert.deepEqual(briefs(r, [obs("rest_at_tare", 20000), obs("card_on", 21000), obs("touch", 25000)]), [
        "round_start p=4 players=4 difficulty=easy",
        "phase phase=build",
        "turn p=4",
        "placed p=4 cards=1",
        "turn p=2",
        "warning p=2 count=2",
        "out p=2 reason=touch",
        "winner p=4",
    ])
})

test("the last card falling is re-placed by the same player", () => {
    const r = new Rules(game(3, "easy", 30, "out"))
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 2)]) // p2 placed card 2 at 6000
    assert.deepEqual(briefs(r, [obs("card_off", 20000), obs("card_on", 25000)]), [
        "card_fell p=2",
        "turn p=2",
        "placed p=2 cards=2",
        "turn p=3",
    ])
})

test("a second card coming off before the re-place is a collapse", () => {
    const r = new Rules(game(3, "easy", 30, "out"))
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 2), obs("card_off", 20000)])
    assert.deepEqual(briefs(r, [obs("card_off", 21000)]), ["collapse p=2", "out p=2 reason=collapse"])
})

test("LIBRIUM after the last card then removals then the tilt phase raises the difficulty", () => {
    const r = new Rules(game(2, "easy", 3, "out"))
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 2)])
    assert.deepEqual(briefs(r, [obs("card_on", 11000)]), ["placed p=1 cards=3", "librium cards=3", "phase phase=dismantle", "turn p=2"])
    assert.equal(r.context().removing, true)
    assert.deepEqual(briefs(r, [obs("card_off", 16000), obs("card_off", 21000), obs("card_off", 26000)]), [
        "removed p=2 cards=2",
        "turn p=1",
        "removed p=1 cards=1",
        "turn p=2",
        "removed p=2 cards=0",
        "phase phase=tilt",
        "turn p=1",
    ])
    const c = r.context()
    assert.equal(c.difficulty, "hard")
    assert.equal(c.adding, true)
    // handling the pivot is not a foul
    assert.deepEqual(briefs(r, [obs("touch", 27000), obs("collapse", 28000), obs("card_on", 30000)]), ["placed p=1 cards=1", "turn p=2"])
    assert.deepEqual(briefs(r, [obs("touch", 35000)]), ["touch p=2", "out p=2 reason=touch", "winner p=1"])
})

test("a hand releasing the pivot, called as the tilt phase's first card: its leaving within 3.5 s is no collapse or touch but that card's fall; the card placed again is judged 3.5 s after its weight came", () => {
    const r = new Rules(game(3, "easy", 2, "out"))
    // LIBRIUM by p2, removals by p3 and p1: the tilt phase (hard), p2 to place
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 2), obs("card_off", 11000), obs("card_off", 16000)])
    assert.equal(r.context().difficulty, "hard")
    assert.deepEqual(briefs(r, [obs("card_on", 19000), obs("collapse", 20000), obs("touch", 22400)]), ["placed p=2 cards=1", "turn p=3"])
    assert.deepEqual(briefs(r, [obs("card_off", 22500), obs("touch", 24000)]), ["card_fell p=2", "turn p=2"])
    // the card placed again: its weight came at 28000, called at 29500
    const again: Obs = { ...obs("card_on", 29500), onset_ms: 28000 }
    assert.deepEqual(briefs(r, [again, obs("collapse", 31400)]), ["placed p=2 cards=1", "turn p=3"])
    assert.deepEqual(briefs(r, [obs("collapse", 31600)]), ["collapse p=3", "out p=3 reason=collapse"])
})

test("after the pivot's excuse the tilt phase's second card is judged at once", () => {
    const r = new Rules(game(3, "easy", 3, "out"))
    // LIBRIUM by p3, three removals: the tilt phase, p1 places its first card
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 3), obs("card_off", 16000), obs("card_off", 21000), obs("card_off", 26000), obs("card_on", 29000)])
    assert.deepEqual(briefs(r, [obs("card_on", 36000), obs("touch", 36500)]), ["placed p=2 cards=2", "turn p=3", "touch p=2", "out p=2 reason=touch"])
})

test("a collapse 1 s after a removal is the remover's; a card put back in the dismantle phase after the second removal is no turn", () => {
    const r = new Rules(game(3, "easy", 3, "out"))
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 3)]) // LIBRIUM at 11000, p1 removes first
    assert.deepEqual(briefs(r, [obs("card_off", 13000), obs("card_off", 16000), obs("card_on", 18000)]), [
        "removed p=1 cards=2",
        "turn p=2",
        "removed p=2 cards=1",
        "turn p=3",
    ])
    assert.equal(r.context().cards, 2, "the card count follows the structure")
    assert.equal(r.context().seat, 3)
    const early = new Rules(game(3, "easy", 2, "out"))
    feed(early, [obs("rest_at_tare", 0), ...placements(1000, 2), obs("card_off", 10000)]) // LIBRIUM at 6000, p3 removes
    const later = new Rules(game(3, "easy", 2, "out"))
    feed(later, [obs("rest_at_tare", 0), ...placements(1000, 2), obs("card_off", 10000)])
    assert.deepEqual(briefs(early, [obs("collapse", 13500)]).slice(0, 1), ["collapse p=1"], "3.5 s after the removal: the seat to play")
    assert.deepEqual(briefs(later, [obs("collapse", 11000)]).slice(0, 1), ["collapse p=3"], "1 s after the removal: the remover")
})

test("the LIBRIUM card falling off before the first removal (a drop that struck) is card_fell: its placer places it again, then the removals go on", () => {
    const r = new Rules(game(3, "easy", 2, "out"))
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 2)]) // p2's card is LIBRIUM at 6000; p3 to remove
    const fell: Obs = { ...obs("card_off", 9000), fell: true }
    assert.deepEqual(briefs(r, [fell]), ["card_fell p=2", "turn p=2"])
    assert.equal(r.context().cards, 1)
    assert.equal(r.context().phase, "dismantle")
    assert.deepEqual(briefs(r, [obs("card_on", 12000)]), ["placed p=2 cards=2", "turn p=3"], "placed again: no second LIBRIUM")
    assert.deepEqual(briefs(r, [obs("card_off", 16000)]), ["removed p=3 cards=1", "turn p=1"])
    // after a removal a struck drop is a removal like any other (rule 4 is about the card just played)
    assert.deepEqual(briefs(r, [{ ...obs("card_off", 20000), fell: true }]), ["removed p=1 cards=0", "phase phase=tilt", "turn p=2"])
})

test("a card back right after the first drop since LIBRIUM shows that drop was the LIBRIUM card falling unseen: card_fell for its placer, placed again, and the turn back to the first remover", () => {
    const r = new Rules(game(3, "easy", 2, "out"))
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 2)]) // p2's card is LIBRIUM at 6000; p3 to remove
    assert.deepEqual(briefs(r, [obs("card_off", 9000)]), ["removed p=3 cards=1", "turn p=1"], "a drop with no strike: a removal")
    const back = feed(r, [obs("card_on", 13000, { delta_g: 5.4, detector: "load_step" })])
    assert.deepEqual(back.map(e => e.type + " p=" + e.player), ["card_fell p=2", "placed p=2", "turn p=3"])
    assert.equal(back[0].detector, "put_back", "the call says how it was seen")
    assert.equal(back[0].delta_g, 5.4, "with the weight that came back")
    assert.equal(r.context().cards, 2)
    assert.equal(r.context().phase, "dismantle", "no second LIBRIUM")
    assert.deepEqual(briefs(r, [obs("collapse", 14000)]).slice(0, 1), ["collapse p=2"], "the placer just moved: a collapse right after is theirs")
    const on = new Rules(game(3, "easy", 2, "out"))
    feed(on, [obs("rest_at_tare", 0), ...placements(1000, 2), obs("card_off", 9000), obs("card_on", 13000)])
    assert.deepEqual(briefs(on, [obs("card_off", 17000)]), ["removed p=3 cards=1", "turn p=1"], "the first remover's real removal is theirs")
    // the same again when the re-placed card falls unseen once more (it is again the card just played)
    assert.deepEqual(briefs(on, [obs("card_on", 20000)]), ["card_fell p=2 detector=put_back", "placed p=2 cards=2", "turn p=3"])
})

test("a card back in the dismantle of a resumed game whose snapshot names no mover (or one who is out) still gives the turn to a seat in", () => {
    const cfg = game(3, "easy", 3, "out")
    const r = new Rules(cfg)
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 3), obs("card_off", 14000)]) // p1 removed: 2 of 3 on, p2 to play
    const snap = JSON.parse(r.snapshot())
    const none = Rules.restore(cfg, JSON.stringify({ ...snap, m: 0 }))
    assert.deepEqual(briefs(none, [obs("card_on", 1000)]).map(e => e.split(" ")[0]), ["card_fell", "placed", "turn"])
    assert.equal(none.context().cards, 3)
    assert.ok([1, 2, 3].indexOf(none.context().seat) >= 0)
    const gone = Rules.restore(cfg, JSON.stringify({ ...snap, o: "100", m: 1 })) // a mover who is out
    feed(gone, [obs("card_on", 1000)])
    assert.ok([2, 3].indexOf(gone.context().seat) >= 0, "the seat to play is one still in")
})

test("in the dismantle, a drop with no strike is a removal, and so is another card off while the fallen LIBRIUM card waits (a fall wrongly called costs a turn, never an out)", () => {
    const plain = new Rules(game(3, "easy", 2, "out"))
    feed(plain, [obs("rest_at_tare", 0), ...placements(1000, 2)])
    assert.deepEqual(briefs(plain, [obs("card_off", 9000)]), ["removed p=3 cards=1", "turn p=1"])
    const r = new Rules(game(3, "easy", 3, "out"))
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 3), { ...obs("card_off", 14000), fell: true }]) // p3's LIBRIUM card fell
    assert.deepEqual(briefs(r, [obs("card_off", 16000)]), ["removed p=3 cards=1", "turn p=1"])
    assert.deepEqual(briefs(r, [obs("card_on", 19000)]), [], "a card put back after that is no turn")
    assert.deepEqual(briefs(r, [{ ...obs("card_off", 22000), fell: true }]), ["removed p=1 cards=1", "turn p=2"], "nor is a struck drop now a fall: a card was removed since")
})

test("medium moves to lunacy in the tilt phase; hard stays hard and excuses nothing", () => {
    const med = new Rules(game(2, "medium", 1, "out"))
    feed(med, [obs("rest_at_tare", 0), obs("card_on", 1000), obs("card_off", 5000)])
    assert.equal(med.context().difficulty, "lunacy")
    const hard = new Rules(game(2, "hard", 1, "out"))
    feed(hard, [obs("rest_at_tare", 0), obs("card_on", 1000), obs("card_off", 5000)])
    assert.equal(hard.context().difficulty, "hard")
    assert.deepEqual(briefs(hard, [obs("touch", 6000)]), ["touch p=2", "out p=2 reason=touch", "winner p=1"], "nothing is excused on hard")
})

test("a game of 3 to a winner", () => {
    const r = new Rules(game(3, "easy", 30, "out"))
    const events = briefs(r, [
        obs("rest_at_tare", 0),
        ...placements(1000, 4), // p1..p3, p1; p2 to play
        obs("collapse", 30000), // long after: p2 out; next round starts with p3
        obs("rest_at_tare", 40000),
        obs("card_on", 41000), // p3 places; p1 to play
        obs("touch", 45000), // p1 out
    ])
    assert.deepEqual(events.filter(e => /^(round_start|out|winner)/.test(e)), [
        "round_start p=1 players=3 difficulty=easy",
        "out p=2 reason=collapse",
        "round_start p=3 players=3 difficulty=easy",
        "out p=1 reason=touch",
        "winner p=3",
    ])
    assert.equal(r.view().winner, 3)
    assert.equal(r.context().phase, "over")
    assert.deepEqual(feed(r, [obs("rest_at_tare", 50000), obs("card_on", 51000), obs("collapse", 52000)]), [], "the game is over")
    assert.deepEqual(briefs(r, [fault("fault", 53000, "imu", "no answer")]), ["fault sensor=imu message=no answer"], "faults still reported")
})

test("nothing between rounds is a foul", () => {
    const r = new Rules(game(3, "easy", 30, "out"))
    feed(r, [obs("rest_at_tare", 0), obs("collapse", 100)])
    assert.deepEqual(feed(r, [obs("touch", 1000), obs("collapse", 2000), obs("card_on", 3000), obs("card_off", 4000), press(4500, "next")]), [])
    assert.deepEqual(briefs(r, [press(5000, "start")]), ["round_start p=2 players=3 difficulty=easy", "phase phase=build", "turn p=2"])
    assert.equal(r.context().cards, 0, "a round restarts the card count")
})

test("a new round after a tilt phase starts at the configured difficulty", () => {
    const r = new Rules(game(3, "easy", 1, "out"))
    feed(r, [obs("rest_at_tare", 0), obs("card_on", 1000), obs("card_off", 5000), obs("card_on", 9000), obs("collapse", 13000)])
    assert.equal(r.context().difficulty, "hard")
    assert.equal(r.context().phase, "between")
    const ev = feed(r, [obs("rest_at_tare", 20000)])
    assert.equal(ev[0].difficulty, "easy")
    assert.equal(r.context().difficulty, "easy")
})

test("evidence is appended after the spec fields and never overwrites them", () => {
    const r = new Rules(game(3, "easy", 30, "out"))
    feed(r, [obs("rest_at_tare", 0)])
    const ev = feed(r, [obs("card_on", 1000, { delta_g: 4.5, player: 9, detector: "load" })])
    assert.deepEqual(Object.keys(ev[0]), ["t_ms", "type", "player", "cards", "delta_g", "detector"])
    assert.equal(ev[0].player, 1)
    assert.equal(ev[0].delta_g, 4.5)
    assert.equal(ev[1].type, "turn")
    assert.equal(ev[1].detector, "load")
})

test("a fault is reported once per episode, its end once, and play goes on after it clears", () => {
    const r = new Rules(game(2, "easy", 30, "out"))
    const events = briefs(r, [
        obs("rest_at_tare", 0),
        fault("fault", 100, "load", "no answer"),
        fault("fault", 200, "load", "no answer"),
        fault("fault", 250, "imu", "stuck"),
        fault("fault_clear", 300, "load", ""),
        fault("fault_clear", 310, "load", ""),
        obs("card_on", 1000),
        fault("fault", 2000, "load", "spikes"),
    ])
    assert.deepEqual(events.slice(3), [
        "fault sensor=load message=no answer",
        "fault sensor=imu message=stuck",
        "fault sensor=load message=good data again recovered=true",
        "placed p=1 cards=1",
        "turn p=2",
        "fault sensor=load message=spikes",
    ])
    assert.deepEqual(r.view().faults, ["imu", "load"])
})

test("a configuration outside the rules is refused with a clear message", () => {
    assert.throws(() => new Rules(game(9, "easy", 30, "out")), /"players" must be a whole number 2..8/)
    assert.throws(() => new Rules({ ...game(3, "easy", 30, "out"), first_player: 4 }), /"first_player" must be a seat 1..3/)
})

test("blame is judged on when the collapse or touch began, not when it was confirmed", () => {
    // p1 placed at 1000 (the turn passed then), p2 to play. A collapse that began 2.9 s after the pass is the
    // placer's even when it is confirmed at 3.3 s; a touch that began 1.4 s after, confirmed at 1.8 s, likewise.
    const c = new Rules(game(3, "easy", 30, "out"))
    feed(c, [obs("rest_at_tare", 0), ...placements(1000, 1)])
    assert.deepEqual(briefs(c, [{ ...obs("collapse", 4300), onset_ms: 3900 }]), ["collapse p=1", "out p=1 reason=collapse"])
    const t = new Rules(game(3, "easy", 30, "out"))
    feed(t, [obs("rest_at_tare", 0), ...placements(1000, 1)])
    assert.deepEqual(briefs(t, [{ ...obs("touch", 2800), onset_ms: 2400 }]), ["touch p=1", "out p=1 reason=touch"])
    // without an onset the confirmation time counts: the current player's
    const n = new Rules(game(3, "easy", 30, "out"))
    feed(n, [obs("rest_at_tare", 0), ...placements(1000, 1)])
    assert.deepEqual(briefs(n, [obs("touch", 2800)]), ["touch p=2", "out p=2 reason=touch"])
})
