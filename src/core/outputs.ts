/**
 * The rig's lights and sounds as pure functions: the LED frame (one 0xRRGGBB
 * per LED) from the game view and the time, and a buzzer tune per event.
 * Thin adapters in src/hw send them to a WS2812 strip, a buzzer or the
 * console. Nothing here knows about hardware.
 */
import { GameView, RefEvent } from "./referee/types"

export interface LedLayout {
    leds: number
    leds_per_seat: number
}

export const LED_LAYOUT_DEFAULTS: LedLayout = { leds: 8, leds_per_seat: 1 }

/** seat colours 1..8 (index 0 = seat 1): no red (out) and no amber (fault) */
export const SEAT_COLOURS = [0x0040ff, 0x00d040, 0x9000ff, 0x00c0c0, 0xff40a0, 0xe0e000, 0xc0c0c0, 0x80ff00]
export const COLOUR_OUT = 0x200000
export const COLOUR_FAULT = 0xff8000
export const COLOUR_PROMPT = 0xffffff
export const PULSE_PERIOD_MS = 1000
export const BLINK_PERIOD_MS = 500
export const LIBRIUM_SHOW_MS = 5000

/** what the LEDs show besides the game */
export interface LedExtras {
    /** a sensor is in fault (amber blink over everything) */
    fault: boolean
    /** t_ms of the last `librium` event, -1 when none */
    librium_ms: number
    /** menu/calibration prompt: colour of the item and how many LEDs show its value; null when playing */
    prompt: { colour: number; count: number; blink: boolean }
}

/** `c` scaled by `k` (0..1) per channel */
export function dim(c: number, k: number): number {
    const r = Math.round(((c >> 16) & 255) * k)
    const g = Math.round(((c >> 8) & 255) * k)
    const b = Math.round((c & 255) * k)
    return (r << 16) | (g << 8) | b
}

/** a triangle wave 0..1..0 over `period_ms` */
function triangle(t_ms: number, period_ms: number): number {
    const p = (t_ms % period_ms) / period_ms
    return p < 0.5 ? 2 * p : 2 - 2 * p
}

function blinkOn(t_ms: number): boolean {
    return t_ms % BLINK_PERIOD_MS < BLINK_PERIOD_MS / 2
}

function fill(n: number, c: number): number[] {
    const out: number[] = []
    for (let i = 0; i < n; i++) out.push(c)
    return out
}

export function ledFrame(view: GameView, t_ms: number, layout: LedLayout, x: LedExtras): number[] {
    const n = layout.leds
    if (x.prompt) {
        const on = !x.prompt.blink || blinkOn(t_ms)
        const out = fill(n, 0)
        for (let i = 0; i < n && i < x.prompt.count; i++) out[i] = on ? x.prompt.colour : 0
        return out
    }
    if (x.fault) return fill(n, blinkOn(t_ms) ? COLOUR_FAULT : 0)
    if (x.librium_ms >= 0 && t_ms - x.librium_ms < LIBRIUM_SHOW_MS) {
        // celebration: every seat colour chases round the strip
        const step = Math.floor(t_ms / 100)
        const out: number[] = []
        for (let i = 0; i < n; i++) out.push(SEAT_COLOURS[(i + step) % SEAT_COLOURS.length])
        return out
    }
    if (view.winner > 0) {
        // flourish: the winner's colour runs round the strip over a dim base
        const c = SEAT_COLOURS[view.winner - 1]
        const head = Math.floor(t_ms / 80) % n
        const out = fill(n, dim(c, 0.15))
        out[head] = c
        return out
    }
    const out = fill(n, 0)
    for (let seat = 1; seat <= view.players; seat++) {
        const c = SEAT_COLOURS[seat - 1]
        let colour = dim(c, 0.12)
        if (view.out[seat - 1]) colour = COLOUR_OUT
        else if (view.turn === seat) colour = dim(c, 0.3 + 0.7 * triangle(t_ms, PULSE_PERIOD_MS))
        for (let k = 0; k < layout.leds_per_seat; k++) {
            const i = (seat - 1) * layout.leds_per_seat + k
            if (i < n) out[i] = colour
        }
    }
    return out
}

/** a buzzer tune: `notes` is [frequency_hz, duration_ms, ...]; 0 Hz is a rest */
export interface Tune {
    name: string
    notes: number[]
}

/**
 * the tunes by event type, as `frequency_hz duration_ms ...`: JSON text, parsed when an event plays (strings cost the
 * image no function code; the same table as an object literal, built at start-up, cost 200-370 bytes of it by image:
 * 204 on the board, 220 in npm start's, 368 in the fault table's)
 */
const TUNES =
    '{"turn":"880 80","placed":"1320 40","card_fell":"660 120 440 160","collapse":"392 150 330 150 262 400",' +
    '"touch":"1000 60 0 60 1000 60 0 60 1000 60","warning":"1000 60 0 60 1000 60","out":"220 500",' +
    '"winner":"523 120 659 120 784 120 1047 400","librium":"784 100 988 100 1175 100 1568 100 1175 100 1568 400",' +
    '"fault":"2000 50 0 100 2000 50 0 100 2000 50"}'

/** the whole numbers in `s`, separated by single spaces */
function numbers(s: string): number[] {
    const out: number[] = []
    let n = 0
    for (let i = 0; i <= s.length; i++) {
        const c = i < s.length ? s.charCodeAt(i) : 32
        if (c === 32) {
            out.push(n)
            n = 0
        } else n = n * 10 + c - 48
    }
    return out
}

/** the tune an event plays, or null (round_start, phase, removed and recoveries are silent) */
export function tuneFor(ev: RefEvent): Tune {
    if (ev.type === "fault" && ev["recovered"]) return null
    const notes = JSON.parse(TUNES)[ev.type]
    return notes ? { name: ev.type, notes: numbers(notes) } : null
}
