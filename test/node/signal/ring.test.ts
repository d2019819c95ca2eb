// SwingRing (the swing's load ring learned from the gyro and taken out of the load), fed by Push's predictor on a
// crafted free swing whose load rings as a pendulum's support does: K (w^2 - W2 th^2), averaged over each conversion.
import { test } from "node:test"
import assert from "node:assert/strict"
import { Push, PUSH_DEFAULTS } from "../../../src/core/signal/push.ts"
import { RING_DEFAULTS, RingSettings, SwingRing } from "../../../src/core/signal/ring.ts"

const W = 2 * Math.PI // a 1 Hz swing, rad/s
const DPS = 180 / Math.PI
const LEVEL_G = 500

interface Run {
    ring: SwingRing
    /** RMS about the level over the last 5 s, g: of the readings, and of the compensated readings */
    rawRms: number
    compRms: number
}

/**
 * a free 1 Hz swing of `amp_dps` (the gyro at 200 Hz into Push) whose load rings by k_true g per rad^2/s^2
 * (readings at 80 SPS, each the mean of the force over its conversion), for `until_ms`; `learn` as given
 */
function swing(amp_dps: number, k_true: number, until_ms: number, learn = true, settings: RingSettings = RING_DEFAULTS): Run {
    const push = new Push(PUSH_DEFAULTS)
    push.setVertical(0, 0, 1)
    const ring = new SwingRing(settings)
    const a = amp_dps / DPS / W // the angle's amplitude, rad
    let sum = 0
    let n = 0
    let raw2 = 0
    let comp2 = 0
    let m = 0
    for (let t = 0; t <= until_ms; t += 5) {
        const s = t / 1000
        const w = a * W * Math.cos(W * s)
        const th = a * Math.sin(W * s)
        push.update(t, w * DPS, 0, 0)
        sum += k_true * (w * w - W * W * th * th)
        n++
        if (t % 12.5 < 5 && t > 0) {
            const y = LEVEL_G + sum / n
            sum = 0
            n = 0
            const c = ring.update(t, push.takeRing(), y, learn)
            if (t > until_ms - 5000) {
                raw2 += (y - LEVEL_G) ** 2
                comp2 += (c - LEVEL_G) ** 2
                m++
            }
        }
    }
    return { ring, rawRms: Math.sqrt(raw2 / m), compRms: Math.sqrt(comp2 / m) }
}

test("on a free swing of 30 dps the gain is learned within 15 % and the load's ring is taken out to a fifth", () => {
    const r = swing(30, 4.6, 30000)
    assert.ok(Math.abs(r.ring.gain() / 4.6 - 1) < 0.15, `gain ${r.ring.gain().toFixed(2)}`)
    // the ring's amplitude is K w_max^2 = 4.6 x 0.52^2 = 1.25 g: 0.88 g RMS
    assert.ok(r.rawRms > 0.8, `the ring: ${r.rawRms.toFixed(2)} g RMS`)
    assert.ok(r.compRms < r.rawRms / 5, `left ${r.compRms.toFixed(2)} of ${r.rawRms.toFixed(2)} g RMS`)
})

test("not told to learn (a hand, a strike), nothing is learned and the readings pass as they are", () => {
    const r = swing(30, 4.6, 30000, false)
    assert.equal(r.ring.gain(), 0)
    assert.ok(Math.abs(r.compRms - r.rawRms) < 1e-9)
})

test("a swing smaller than learn_dps is not trusted yet: the readings pass as they are", () => {
    const r = swing(RING_DEFAULTS.learn_dps * 0.6, 4.6, 30000)
    assert.equal(r.ring.gain(), 0)
})

test("a gain beyond any pendulum's (over 20 g per rad^2/s^2) is not trusted", () => {
    assert.equal(swing(30, 40, 30000).ring.gain(), 0)
    assert.ok(swing(30, 15, 30000).ring.gain() > 12)
})

test("memory_ms 0 turns the compensation off; reset forgets the gain", () => {
    assert.equal(swing(30, 4.6, 30000, true, { ...RING_DEFAULTS, memory_ms: 0 }).ring.gain(), 0)
    const r = swing(30, 4.6, 30000)
    assert.ok(r.ring.gain() > 0)
    r.ring.reset()
    assert.equal(r.ring.gain(), 0)
})

test("a reading with no predictor (the IMU silent) passes as it is and teaches nothing", () => {
    const ring = new SwingRing(RING_DEFAULTS)
    assert.equal(ring.update(0, NaN, 512.5, true), 512.5)
    assert.equal(ring.gain(), 0)
})
