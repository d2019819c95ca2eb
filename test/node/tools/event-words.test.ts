// Referee events in words (npm start's terminal, npm run log's status line): every call shows why, from the
// evidence its event carries (events as the firmware logs them, taken from an `npm start` game).
import { test } from "node:test"
import assert from "node:assert/strict"
import { eventLine, eventShort, evidenceWords } from "../../../devs/lib/event-words.ts"

const placed = { t_ms: 10187, type: "placed", player: 2, cards: 1, detector: "load_step", delta_g: 6.97, delta_cards: 1.07 }
const fell = { t_ms: 24787, type: "card_fell", player: 1, detector: "load_step", delta_g: -7.23, delta_cards: -1.04 }
const touch = { t_ms: 38540, type: "touch", player: 3, detector: "spin_push", delta_g: 0.06, swing_dps: 5, spin_dps: 2, push_dpss: 11 }
const collapse = { t_ms: 97437, type: "collapse", player: 2, detector: "load_drop", delta_g: -15.65, delta_cards: -2.26, push_dpss: 153 }

test("evidenceWords: the detector, then the load change in g and cards, the push and the motion", () => {
    assert.equal(evidenceWords(placed), "load step: +6.97 g (+1.07 cards)")
    assert.equal(evidenceWords(fell), "load step: \u22127.23 g (\u22121.04 cards)")
    assert.equal(evidenceWords(collapse), "load drop: \u221215.65 g (\u22122.26 cards), push 153 dps/s\u00b2")
    // a push that fired comes first, the load after it
    assert.equal(evidenceWords(touch), "spin push: 11 dps/s\u00b2, load +0.06 g, swing 5 dps, spin 2 dps")
    assert.equal(evidenceWords({ type: "warning", player: 1, count: 1, detector: "tilt", tilt_deg: 9.5 }), "tilt: tilt 9.5\u00b0")
    assert.equal(evidenceWords({ type: "placed", player: 1, cards: 5, detector: "load_steps", delta_cards: 2.01, cards_at_once: 2 }), "load steps: +2.01 cards, 2 cards at once")
})

test("evidenceWords: nothing for what is not a call (the turn, out and winner repeat their call's evidence) or has no detector", () => {
    for (const type of ["turn", "out", "winner", "round_start", "phase"]) assert.equal(evidenceWords({ ...collapse, type }), "", type)
    assert.equal(evidenceWords({ t_ms: 1, type: "touch", player: 1 }), "", "a spec-only event")
})

test("eventLine: time, type, player, plain fields, then why; eventShort for a status line", () => {
    assert.equal(eventLine(placed), "   10.2 s  placed      player 2 (cards 1)  \u2190 load step: +6.97 g (+1.07 cards)")
    assert.equal(eventLine({ ...collapse, type: "out", reason: "collapse" }), "   97.4 s  out         player 2 (reason collapse)")
    assert.equal(eventLine({ t_ms: 2012, type: "phase", phase: "build", detector: "rest" }), "    2.0 s  phase       (phase build)")
    assert.equal(eventShort(touch), "touch p3 (spin push: 11 dps/s\u00b2, load +0.06 g, swing 5 dps, spin 2 dps)")
    assert.equal(eventShort({ type: "turn", player: 2 }), "turn p2")
})
