// Attitude: tilt against the learned rest vector, checked against angles built with Node's trig.
import { test } from "node:test"
import assert from "node:assert/strict"
import { Attitude, ATTITUDE_DEFAULTS, angleDeg } from "../../../src/core/signal/attitude.ts"
import { settingsFor } from "../../../src/core/config.ts"
import { ImuReading, fusionImu, readLsm6dsoxStill, readWalkImu } from "../../../devs/lib/real-data.ts"

const D = Math.PI / 180

/** rotate v about the unit axis k by `deg` (Rodrigues), using Node's trig (independent of the code under test) */
function rotate(v: number[], k: number[], deg: number): number[] {
    const c = Math.cos(deg * D), s = Math.sin(deg * D)
    const dot = v[0] * k[0] + v[1] * k[1] + v[2] * k[2]
    const cr = [k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0]]
    return [0, 1, 2].map(i => v[i] * c + cr[i] * s + k[i] * dot * (1 - c))
}

function settle(a: Attitude, v: number[], t0: number, ms: number): number {
    for (let t = t0; t < t0 + ms; t += 10) a.update(t, v[0], v[1], v[2])
    return t0 + ms
}

test("angleDeg matches Math.atan2 over the whole half circle to 0.001 deg", () => {
    let worst = 0
    for (let deg = 0; deg <= 180; deg += 0.25) {
        const got = angleDeg(Math.sin(deg * D), Math.cos(deg * D))
        worst = Math.max(worst, Math.abs(got - deg))
    }
    assert.ok(worst < 0.001, `worst error ${worst} deg`)
    assert.equal(angleDeg(0, 0), 0)
})

test("tilt at known angles from an IMU mounted 4 degrees off", () => {
    // rest gravity as the skewed IMU sees it
    const rest = rotate([0, 0, 1], [Math.SQRT1_2, Math.SQRT1_2, 0], 4)
    for (const deg of [0, 0.5, 2, 5, 10, 30, 60, 90, 120]) {
        const a = new Attitude(ATTITUDE_DEFAULTS)
        let t = settle(a, rest, 0, 500)
        for (let i = 0; i < 100; i++) a.accumulateRest(rest[0], rest[1], rest[2])
        assert.ok(a.learnRest())
        // tilt about an axis perpendicular to the rest vector
        const axis = [1, 0, -rest[0] / rest[2]]
        const n = Math.hypot(axis[0], axis[1], axis[2])
        const tilted = rotate(rest, axis.map(x => x / n), deg)
        settle(a, tilted, t, 3000)
        assert.ok(Math.abs(a.tiltDeg() - deg) < 0.01, `tilt ${deg}: got ${a.tiltDeg()}`)
    }
})

test("rest learning skips samples far from 1 g and NaN samples; nothing learned from nothing", () => {
    const a = new Attitude(ATTITUDE_DEFAULTS)
    assert.equal(a.learnRest(), false)
    assert.ok(Number.isNaN(a.upX), "no rest attitude")
    assert.ok(Number.isNaN(a.tiltDeg()))
    a.accumulateRest(NaN, 0, 1)
    a.accumulateRest(0, 2, 0) // a jolt: |a| = 2 g
    assert.equal((a as any).sumN, 0)
    a.accumulateRest(0, 1, 0)
    assert.equal((a as any).sumN, 1)
    assert.ok(a.learnRest())
    assert.deepEqual([a.upX, a.upY, a.upZ], [0, 1, 0])
})

test("NaN samples and a repeated t_ms leave the tilt unchanged", () => {
    const a = new Attitude(ATTITUDE_DEFAULTS)
    a.accumulateRest(0, 0, 1)
    a.learnRest()
    settle(a, [0, 0, 1], 0, 1000)
    const before = a.tiltDeg()
    a.update(1000, NaN, 0, 1)
    a.update(990, 1, 0, 0) // the last sample's t_ms again: dt = 0, no weight
    assert.equal(a.tiltDeg(), before)
})

test("shake: a table's 30 Hz ring of 0.1 g reads about 0.1 g; the rod's own 1 Hz tilt of 5 degrees hardly reads; the rest noise is learned and taken off", async () => {
    const { Attitude: A, ATTITUDE_DEFAULTS: D } = await import("../../../src/core/signal/attitude.ts")
    const a = new A(D)
    // at rest with 2 mg of noise (a fixed pseudo-random pattern), learning the rest
    let seed = 1
    const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.007
    for (let t = 0; t < 2000; t += 10) {
        const x = noise()
        a.update(t, x, noise(), 1 + noise())
        if (t > 500) a.accumulateRest(x, 0, 1)
    }
    assert.ok(a.learnRest())
    assert.ok((a as any).shake > 0 && a.shakeExcessG() < 0.005, `at rest: shake ${(a as any).shake.toFixed(4)} excess ${a.shakeExcessG().toFixed(4)}`)
    // the rod tilting 5 degrees at 1 Hz: the accelerometer's x follows g sin(tilt)
    let tilt = 0
    for (let t = 2000; t < 6000; t += 10) {
        const th = 0.087 * Math.sin((2 * Math.PI * t) / 1000)
        a.update(t, th, 0, 1 - (th * th) / 2)
        tilt = Math.max(tilt, (a as any).shake)
    }
    assert.ok(tilt < 0.01, `tilt swing reads ${tilt.toFixed(4)} g`)
    // a bump: the clamp rings at 30 Hz, 0.1 g, sampled at 208 Hz
    let bump = 0
    for (let t = 6000; t < 6300; t += 1000 / 208) {
        a.update(t, 0.1 * Math.sin((2 * Math.PI * 30 * (t - 6000)) / 1000), 0, 1)
        bump = Math.max(bump, a.shakeExcessG())
    }
    assert.ok(bump > 0.06 && bump < 0.15, `bump reads ${bump.toFixed(3)} g`)
})

test("real IMUs at rest keep the shake under the table-bump gate; a real disturbance opens it", () => {
    // the gate: the hanger detector judges nothing while the shake excess passes shake_g (and the touch detector's
    // push lines rise with it): a real rig's own noise must not hold it open. The rest (and the shake's floor) is
    // learned over the first third of each stretch, as the referee learns it at tare
    const gate = Math.min(...(["easy", "medium", "hard", "lunacy"] as const).map(l => settingsFor(l).hanger.shake_g))
    const peakExcess = (rows: ImuReading[]) => {
        const a = new Attitude(ATTITUDE_DEFAULTS)
        const learnAt = rows[0].t_ms + (rows[rows.length - 1].t_ms - rows[0].t_ms) / 3
        let learned = false
        let peak = 0
        for (const r of rows) {
            a.update(r.t_ms, r.a[0], r.a[1], r.a[2])
            if (learned) peak = Math.max(peak, a.shakeExcessG())
            else if (r.t_ms >= learnAt) learned = a.learnRest()
            else if (r.t_ms - rows[0].t_ms > 300) a.accumulateRest(r.a[0], r.a[1], r.a[2])
        }
        assert.ok(learned, "the rest was learned")
        return peak
    }
    const rest: [string, ImuReading[]][] = [
        ["x-io IMU on a surface, 0-10 s", fusionImu(0, 10)],
        ["x-io IMU on a surface, 120-135 s", fusionImu(120, 135)],
        ["ST LSM6DSOX in a stationary vehicle (engine vibration)", readLsm6dsoxStill()],
        ["NGIMU standing, before the walk", readWalkImu().filter(r => r.t_ms < 3000)],
    ]
    for (const [name, rows] of rest) {
        const p = peakExcess(rows)
        assert.ok(p < gate, `${name}: shake excess up to ${p.toFixed(4)} g, the gate ${gate} g`)
    }
    // the x-io log's small disturbance near 115 s (its README): the same measure, from the rest before it, opens the gate
    const p = peakExcess(fusionImu(105, 118))
    assert.ok(p > gate, `the disturbance near 115 s: shake excess up to ${p.toFixed(4)} g`)
})
