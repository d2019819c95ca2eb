// CollapseDetector on crafted raw load readings (no simulator): the fast path on a
// slow cell (two low readings in a row), and what it must not call.
import { test } from "node:test"
import assert from "node:assert/strict"
import { Attitude, ATTITUDE_DEFAULTS } from "../../../src/core/signal/attitude.ts"
import { CardMass, CARD_MASS_DEFAULTS, Load, LOAD_DEFAULTS } from "../../../src/core/signal/load.ts"
import { Motion, MOTION_DEFAULTS } from "../../../src/core/signal/motion.ts"
import { CollapseDetector, COLLAPSE_DEFAULTS } from "../../../src/core/referee/detectors/collapse.ts"
import { Signals } from "../../../src/core/referee/detectors/signals.ts"
import { Obs } from "../../../src/core/referee/types.ts"
import { freshSignals } from "./fixture.ts"

const ZERO_G = 1000
const CARD_G = 5
const CARDS_ON = 6

/**
 * `period_ms` readings of `level(t)` cards above the empty rig (tare ZERO_G, CARDS_ON
 * cards on the reference); returns the time of the collapse call (NaN: none)
 */
function collapseAt(period_ms: number, until_ms: number, level: (t_ms: number) => number): number {
    const sig = freshSignals()
    sig.mass.set(CARD_G, 6)
    for (let t = 0; t < 3000; t += period_ms) sig.load.update(t, ZERO_G + CARDS_ON * CARD_G)
    sig.load.tare(3000, ZERO_G)
    sig.ref_g = ZERO_G + CARDS_ON * CARD_G
    const det = new CollapseDetector(COLLAPSE_DEFAULTS)
    const out: Obs[] = []
    for (let t = 3000; t < until_ms; t += period_ms) {
        sig.load.update(t, ZERO_G + level(t) * CARD_G)
        det.update(t, sig, out)
        if (out.length > 0) return out[0].t_ms
    }
    return NaN
}

test("10 SPS: a 4-card drop is called on the second low reading (the 5-reading median alone waits for the third, then holds)", () => {
    const t = collapseAt(100, 8000, t => (t < 5000 ? CARDS_ON : CARDS_ON - 4))
    assert.equal(t, 5100)
})

test("10 SPS: a hanger ringing down to 3 cards below for one reading in two (alternating) is no collapse", () => {
    const t = collapseAt(100, 8000, t => (t >= 5000 && t < 7000 && Math.round(t / 100) % 2 === 0 ? CARDS_ON - 3 : CARDS_ON))
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("10 SPS: one card off with its ring trough at 2.2 cards for two readings is no collapse", () => {
    const t = collapseAt(100, 8000, t => (t < 5000 ? CARDS_ON : t < 5200 ? CARDS_ON - 2.2 : CARDS_ON - 1))
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("10 SPS: two bit errors in a row far below the empty rig are no collapse", () => {
    const t = collapseAt(100, 8000, t => (t === 5000 || t === 5100 ? -400 : CARDS_ON))
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("320 SPS: a 4-card drop is called once the raw readings have stayed low for fast_hold_ms", () => {
    const period = 1000 / 320
    const t = collapseAt(period, 8000, t => (t < 5000 ? CARDS_ON : CARDS_ON - 4))
    const first = 3000 + Math.ceil(2000 / period) * period
    assert.ok(t - first >= COLLAPSE_DEFAULTS.fast_hold_ms && t - first < COLLAPSE_DEFAULTS.fast_hold_ms + period, `called ${t - first} ms after the first low reading`)
})

test("320 SPS: a 20 ms dip of 3 cards (a hand, a bump) is no collapse", () => {
    const t = collapseAt(1000 / 320, 8000, t => (t >= 5000 && t < 5020 ? CARDS_ON - 3 : CARDS_ON))
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

/**
 * as collapseAt at 80 SPS, with a still gyro at 100 Hz (bias learned, vertical z) and,
 * when `strike_ms` is set, a spin-rate kick of 20 dps from then on (cards breaking loose jolt the structure)
 */
function collapseWithImu(strike_ms: number, level: (t_ms: number) => number): number {
    const sig = freshSignals()
    sig.mass.set(CARD_G, 6)
    for (let t = 0; t < 3000; t += 12.5) sig.load.update(t, ZERO_G + CARDS_ON * CARD_G)
    sig.load.tare(3000, ZERO_G)
    sig.ref_g = ZERO_G + CARDS_ON * CARD_G
    sig.push.setVertical(0, 0, 1)
    const det = new CollapseDetector(COLLAPSE_DEFAULTS)
    const out: Obs[] = []
    let nextImu = 0
    for (let t = 0; t < 8000; t += 12.5) {
        while (nextImu <= t) {
            const spin = nextImu >= strike_ms ? 20 : 0
            sig.motion.update(nextImu, 0, 0, spin)
            sig.push.update(nextImu, sig.motion.rateX, sig.motion.rateY, sig.motion.rateZ)
            nextImu += 10
        }
        if (t < 3000) continue
        sig.load.update(t, ZERO_G + level(t) * CARD_G)
        det.update(t, sig, out)
        if (out.length > 0) return out[0].t_ms
    }
    return NaN
}

test("with the IMU heard, a 4-card drop that nothing struck (a hand lifting the hanger) is no collapse", () => {
    const t = collapseWithImu(Infinity, t => (t < 5000 ? CARDS_ON : CARDS_ON - 4))
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("with the IMU heard, a 4-card drop that came with a jolt is a collapse, timed from the first low reading", () => {
    const t = collapseWithImu(4990, t => (t < 5000 ? CARDS_ON : CARDS_ON - 4))
    assert.ok(t >= 5000 && t <= 5000 + COLLAPSE_DEFAULTS.fast_hold_ms + 50, `called at ${t}`)
})
