// Touch on energy put in (the rise cues, off by default since the push cues): the swing/spin envelope rising above its slow baseline, on crafted gyro and load signals
// fed straight into the TouchDetector (no simulator): a free swing with a two-axis beat is no touch, a push is,
// a hand lifting is called once the load comes back, cards that came off (the load stays low) explain the motion.
import { test } from "node:test"
import assert from "node:assert/strict"
import { TouchDetector, TOUCH_DEFAULTS } from "../../../src/core/referee/detectors/touch.ts"
import { Signals } from "../../../src/core/referee/detectors/signals.ts"
import { Attitude, ATTITUDE_DEFAULTS } from "../../../src/core/signal/attitude.ts"
import { Motion, MOTION_DEFAULTS } from "../../../src/core/signal/motion.ts"
import { CardMass, CARD_MASS_DEFAULTS, Load, LOAD_DEFAULTS } from "../../../src/core/signal/load.ts"
import { Obs } from "../../../src/core/referee/types.ts"
import { freshSignals } from "./fixture.ts"

const REF_G = 500
/** the rise cues are off by default (the push cues took their place); switched on at their old settings here */
const RISE = { ...TOUCH_DEFAULTS, swing_rise_dps: 15, spin_rise_dps: 4 }
const CARD_G = CARD_MASS_DEFAULTS.prior_g

/** extra gyro (x, y, z dps) and load (g) on top of the free swing at time t */
type Extra = (t_ms: number) => { gx: number; gy: number; gz: number; load_g: number }
const SETTLED_MS = 15000
const NONE: Extra = () => ({ gx: 0, gy: 0, gz: 0, load_g: 0 })

/**
 * The swing is there from t = 0 (the baselines start at zero: its start is a rise, called at once and
 * re-armed after rearm_ms calm); calls before SETTLED_MS are left out.
 * A free swing of 25 dps per axis, 0.95 Hz and 1.0 Hz (the two axes beat: the peak rate
 * goes from 25 to 35 dps and back every 20 s), decaying with 30 s, IMU at 100 Hz, load at 80 Hz.
 */
function run(until_ms: number, extra: Extra): Obs[] {
    const sig = freshSignals()
    sig.ref_g = REF_G
    const touch = new TouchDetector(RISE)
    const out: Obs[] = []
    for (let t = 0; t <= until_ms; t += 10) {
        const a = 25 * Math.exp(-t / 30000)
        const e = extra(t)
        sig.motion.update(t, a * Math.sin(2 * Math.PI * 0.95 * t * 0.001) + e.gx, a * Math.cos(2 * Math.PI * 1.0 * t * 0.001) + e.gy, e.gz)
        if (t % 12.5 < 10) sig.load.update(t, REF_G + e.load_g)
        touch.update(t, sig, out)
    }
    return out.filter(o => o.t_ms >= SETTLED_MS)
}

/** a push from t0 for dur_ms: `spin_dps` about the vertical with 50 ms ramps, and `load_g` on the cell meanwhile */
function push(t0: number, dur_ms: number, spin_dps: number, load_g: number, loadStays = false): Extra {
    return t => {
        const on = t >= t0 && t < t0 + dur_ms ? Math.min(1, (t - t0) / 50, (t0 + dur_ms - t) / 50) : 0
        return { gx: 0, gy: 0, gz: spin_dps * on, load_g: loadStays && t >= t0 + 50 ? load_g : load_g * on }
    }
}

test("a free swing whose two axes beat (peak rate 25 -> 35 dps) is no touch: its energy only decays", () => {
    assert.deepEqual(run(40000, NONE), [])
})

test("a push that spins the structure at 10 dps is a touch on the spin rise, called confirm_ms after it held", () => {
    const out = run(30000, push(20000, 300, 10, 0))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].kind, "touch")
    assert.equal(out[0].ev!.detector, "spin_rise")
    const hold = RISE.hold_ms + RISE.confirm_ms
    assert.ok(out[0].t_ms >= 20000 + hold && out[0].t_ms <= 20000 + hold + 100, `called at ${out[0].t_ms}`)
})

test("a spin of 3 dps (below spin_rise_dps over a still structure) is no touch", () => {
    assert.deepEqual(run(30000, push(20000, 300, 3, 0)), [])
})

test("a hand lifting two cards' worth for 500 ms is called once the load is back, not dropped as cards gone", () => {
    const out = run(30000, push(20000, 500, 10, -2 * CARD_G))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].kind, "touch")
    assert.ok(out[0].t_ms >= 20450 && out[0].t_ms <= 21000, `called at ${out[0].t_ms}`)
})

test("the rod jolted while two cards' weight goes for good: the cards coming off explain it, no touch", () => {
    assert.deepEqual(run(30000, push(20000, 100, 10, -2 * CARD_G, true)), [])
})
