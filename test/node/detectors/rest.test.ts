// RestDetector on crafted samples: between rounds the round starts once the empty rig is back at tare and still.
// A steadied rig still swings a few degrees/s (the simulator's steadying hand leaves 3-4 dps, seed 3000 case
// 401); a hand still moving it is tens.
import { test } from "node:test"
import assert from "node:assert/strict"
import { RestDetector, REST_DEFAULTS } from "../../../src/core/referee/detectors/rest.ts"
import { Obs, RefEvent } from "../../../src/core/referee/types.ts"
import { Referee } from "../../../src/core/referee/referee.ts"
import { Sample } from "../../../src/core/sample.ts"
import { freshSignals } from "./fixture.ts"

const EMPTY_G = 500

/** a still power-up (tare at EMPTY_G), then from 10 s the rig swings at `swing_dps` (1 Hz) with the load at tare; when a round started after 10 s (none: []) */
function restsWhileSwinging(swing_dps: number): number[] {
    const sig = freshSignals()
    sig.mass.set(6, 3)
    const rest = new RestDetector(REST_DEFAULTS)
    const smp = new Sample()
    const out: Obs[] = []
    let first = true
    for (let t = 0; t <= 20000; t += 10) {
        smp.clear(t)
        const gx = t >= 10000 ? swing_dps * Math.sin((2 * Math.PI * (t - 10000)) / 1000) : 0
        smp.setImu(0, 0, 1, gx, 0, 0)
        if (t % 20 === 0) smp.setLoad(EMPTY_G)
        sig.attitude.update(t, 0, 0, 1)
        sig.motion.update(t, gx, 0, 0)
        if (smp.hasLoad) sig.load.update(t, EMPTY_G)
        // power-up until the first tare; between rounds from 10 s (the round's cards cleared) until a round starts
        if (first || (t >= 10000 && out.length < 2)) {
            if (rest.update(smp, first, sig, out)) first = false
        }
    }
    assert.ok(out.length >= 1 && out[0].t_ms < 10000, "the power-up tare")
    return out.slice(1).map(o => o.t_ms - 10000)
}

test("between rounds, a steadied rig still swinging at 4 dps is still: the round starts after rest_ms", () => {
    const at = restsWhileSwinging(4)
    assert.equal(at.length, 1, JSON.stringify(at))
    assert.ok(at[0] >= REST_DEFAULTS.rest_ms && at[0] < REST_DEFAULTS.rest_ms + 500, `started ${at[0]} ms after the swing began`)
})

test("a rig swinging at 8 dps (a hand still on it, or let go too soon) is not still: no round starts", () => {
    assert.deepEqual(restsWhileSwinging(8), [])
})

/**
 * Power-up with a 5 dps gyro bias on x (the referee's wiring: Motion removes the bias once learned, Push gets
 * Motion's rates), the first tare, then from 4 s a free 1 Hz swing of 3 degrees; the push's W2 at 10 s
 */
function w2AfterPowerUpWithBias(): number {
    const sig = freshSignals()
    const rest = new RestDetector(REST_DEFAULTS)
    const smp = new Sample()
    const out: Obs[] = []
    const W = 2 * Math.PI
    let first = true
    for (let t = 0; t <= 10000; t += 10) {
        smp.clear(t)
        const s = (t - 4000) / 1000
        const gx = 5 + (t >= 4000 ? 0.052 * W * Math.cos(W * s) * (180 / Math.PI) : 0)
        smp.setImu(0, 0, 1, gx, 0, 0)
        if (t % 20 === 0) smp.setLoad(EMPTY_G)
        sig.attitude.update(t, 0, 0, 1)
        sig.motion.update(t, gx, 0, 0)
        sig.push.update(t, sig.motion.rateX, sig.motion.rateY, sig.motion.rateZ)
        if (smp.hasLoad) sig.load.update(t, EMPTY_G)
        if (first && rest.update(smp, first, sig, out)) first = false
    }
    assert.ok(out.length === 1 && out[0].t_ms < 4000, "the power-up tare before the swing")
    return sig.push.w2Est()
}

test("the push's W2 learned before the first tare (from rates with the gyro bias in them) is forgotten there: a free 1 Hz swing after it is learned within 10 %", () => {
    const w2 = w2AfterPowerUpWithBias()
    assert.ok(Math.abs(w2 / (4 * Math.PI * Math.PI) - 1) < 0.1, `W2 ${w2.toFixed(1)}`)
})

test("between rounds of a game resumed after a reset (tare restored, no gyro bias learned yet), a still rig with a 6 dps bias starts the round", () => {
    const sig = freshSignals()
    sig.mass.set(6, 3)
    sig.load.tare(0, EMPTY_G)
    const rest = new RestDetector(REST_DEFAULTS)
    const smp = new Sample()
    const out: Obs[] = []
    for (let t = 0; t <= 10000 && out.length === 0; t += 10) {
        smp.clear(t)
        smp.setImu(0, 0, 1, 6, 0, 0)
        if (t % 20 === 0) smp.setLoad(EMPTY_G)
        sig.attitude.update(t, 0, 0, 1)
        sig.motion.update(t, 6, 0, 0)
        if (smp.hasLoad) sig.load.update(t, EMPTY_G)
        rest.update(smp, false, sig, out)
    }
    assert.equal(out.length, 1, "the round started")
    assert.ok(out[0].t_ms < REST_DEFAULTS.rest_ms + 3000, `at ${out[0].t_ms} ms`)
    assert.equal(sig.motion.hasBias(), true, "and the bias was learned at its tare")
})

test("a round started on the start button while the rig was still ends the still stretch: after an out at tare the next round waits a whole rest_ms", () => {
    // a still, empty rig (3 players, easy); start pressed at 1500 ms, before the power-up rest was over; a kick at
    // 6000 ms is a touch and puts player 1 out, the structure still empty: the next round may start only after
    // rest_ms of stillness from then, not at once on the stretch begun before the first round
    const ref = new Referee({ players: 3, difficulty: "easy", cards: 30, first_player: 1, touch_penalty: "out" })
    const smp = new Sample()
    let seed = 1
    const rnd = () => {
        seed = (seed * 16807) % 2147483647
        return seed / 2147483647 - 0.5
    }
    const events: RefEvent[] = []
    for (let t = 0; t <= 14000; t += 5) {
        smp.clear(t)
        if (t % 10 === 0) smp.setImu(0.001 * rnd(), 0.001 * rnd(), 1 + 0.001 * rnd(), t >= 6000 && t < 6020 ? 30 : 0.05 * rnd(), 0.05 * rnd(), 0.05 * rnd())
        if (t % 15 === 0) smp.setLoad(EMPTY_G + 0.05 * rnd())
        if (t === 1500) smp.input = "start"
        for (const e of ref.update(smp)) events.push({ ...e })
    }
    const starts = events.filter(e => e.type === "round_start").map(e => e.t_ms)
    const out = events.find(e => e.type === "out")
    assert.ok(out, "no out: " + JSON.stringify(events))
    assert.equal(starts.length, 2, JSON.stringify(starts))
    assert.ok(starts[0] <= 1500, `first round at ${starts[0]}`)
    assert.ok(starts[1] - out.t_ms >= REST_DEFAULTS.rest_ms, `the next round ${starts[1] - out.t_ms} ms after the out`)
})
