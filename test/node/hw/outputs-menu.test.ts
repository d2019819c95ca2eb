// Pure effects (src/core/outputs.ts) and the button menu (src/core/menu.ts).
import { test } from "node:test"
import assert from "node:assert/strict"
import { COLOUR_FAULT, COLOUR_OUT, LedExtras, SEAT_COLOURS, dim, ledFrame, tuneFor } from "../../../src/core/outputs.ts"
import { Menu } from "../../../src/core/menu.ts"
import { GameView, defaultGameConfig } from "../../../src/core/referee/types.ts"

const layout = { leds: 8, leds_per_seat: 2 }
const none: LedExtras = { fault: false, librium_ms: -1, prompt: null }
function view(over: Partial<GameView>): GameView {
    return { players: 3, turn: 2, out: [false, true, false], winner: 0, phase: "build", cards: 5, faults: [], ...over }
}

test("seat LEDs: the player to move pulses in the seat colour, the out seat is dim red, unused LEDs dark", () => {
    const v = view({ turn: 3 })
    const peak = ledFrame(v, 500, layout, none) // triangle wave peaks half-way through the 1 s period
    const low = ledFrame(v, 0, layout, none)
    assert.deepEqual(peak.slice(4, 6), [SEAT_COLOURS[2], SEAT_COLOURS[2]])
    assert.deepEqual(low.slice(4, 6), [dim(SEAT_COLOURS[2], 0.3), dim(SEAT_COLOURS[2], 0.3)])
    assert.deepEqual(peak.slice(2, 4), [COLOUR_OUT, COLOUR_OUT])
    assert.equal(peak[0], dim(SEAT_COLOURS[0], 0.12))
    assert.deepEqual(peak.slice(6), [0, 0])
})

test("a fault blinks amber over everything; the menu prompt shows the value as a count", () => {
    assert.deepEqual(ledFrame(view({}), 0, layout, { ...none, fault: true }), Array(8).fill(COLOUR_FAULT))
    assert.deepEqual(ledFrame(view({}), 300, layout, { ...none, fault: true }), Array(8).fill(0))
    const f = ledFrame(view({}), 0, layout, { ...none, prompt: { colour: 0x123456, count: 3, blink: false } })
    assert.deepEqual(f, [0x123456, 0x123456, 0x123456, 0, 0, 0, 0, 0])
})

test("winner flourish runs the winner's colour; LIBRIUM celebrates for 5 s", () => {
    const w = ledFrame(view({ winner: 2 }), 160, layout, none)
    assert.equal(w[2], SEAT_COLOURS[1])
    assert.equal(w.filter(c => c === SEAT_COLOURS[1]).length, 1)
    const l = ledFrame(view({}), 1000, layout, { ...none, librium_ms: 0 })
    assert.equal(new Set(l).size, 8)
    assert.deepEqual(ledFrame(view({}), 6000, layout, { ...none, librium_ms: 0 }), ledFrame(view({}), 6000, layout, none))
})

test("every sounding event has its own tune; recoveries and bookkeeping are silent", () => {
    const kinds = ["turn", "card_fell", "collapse", "touch", "out", "winner", "fault", "librium"]
    const notes = kinds.map(k => JSON.stringify(tuneFor({ t_ms: 0, type: k }).notes))
    assert.equal(new Set(notes).size, kinds.length)
    assert.equal(tuneFor({ t_ms: 0, type: "fault", sensor: "imu", message: "x", recovered: true }), null)
    assert.equal(tuneFor({ t_ms: 0, type: "phase", phase: "build" }), null)
})

test("menu: start is the referee's start/next; mode walks the items; values cycle; closing applies", () => {
    const m = new Menu(defaultGameConfig())
    assert.deepEqual(m.press("start", false), { kind: "input", word: "start" })
    assert.deepEqual(m.press("start", true), { kind: "input", word: "next" })
    // a long start while playing does nothing (a tare under a game would read as its load falling away)
    assert.deepEqual(m.press("start_long", true), { kind: "none" })
    assert.deepEqual(m.press("start_long", false), { kind: "none" })
    m.press("mode", true) // opens: players
    for (let i = 0; i < 7; i++) m.press("start", true) // 3 -> 4 .. 8 -> 2 -> 3: a cycle of 7
    assert.equal(m.cfg.players, 3)
    m.press("start", true)
    assert.equal(m.prompt().count, 4)
    m.press("mode", true) // level
    m.press("start", true)
    m.press("mode", true) // penalty
    m.press("start", true)
    m.press("mode", true) // cards
    m.press("start", true)
    m.press("mode", true) // calibrate
    assert.deepEqual(m.press("start", true), { kind: "cal_empty" })
    assert.deepEqual(m.press("start", true), { kind: "cal_mass" })
    const a = m.press("mode", true)
    assert.deepEqual(a, { kind: "config", cfg: { players: 4, difficulty: "medium", cards: 40, first_player: 1, touch_penalty: "warn" } })
    assert.equal(m.prompt(), null)
})

test("menu: closed with nothing changed (a stray press, a calibration) it applies nothing: the game in progress goes on", () => {
    const m = new Menu(defaultGameConfig())
    m.press("mode", true)
    assert.deepEqual(m.press("mode_long", true), { kind: "none" })
    // a value cycled all the way round is no change either; calibrating is no configuration
    m.press("mode", true)
    for (let i = 0; i < 7; i++) m.press("start", true)
    for (let i = 0; i < 4; i++) m.press("mode", true) // level, penalty, cards, calibrate
    m.press("start", true)
    m.press("start", true)
    assert.deepEqual(m.press("mode", true), { kind: "none" })
    // one real change is applied, and the next opening compares with it
    m.press("mode", true)
    m.press("start", true)
    assert.equal(m.press("mode_long", true).kind, "config")
    m.press("mode", true)
    assert.deepEqual(m.press("mode_long", true), { kind: "none" })
    // a new game on purpose: long start in the menu; and once the game has a winner, closing starts the next
    m.press("mode", true)
    assert.deepEqual(m.press("start_long", true), { kind: "config", cfg: m.cfg })
    m.press("mode", false, true)
    assert.equal(m.press("mode_long", false, true).kind, "config")
})
