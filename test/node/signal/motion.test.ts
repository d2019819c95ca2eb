// Motion: swing/spin split against the vertical, envelopes, stillness; checked on crafted rates and the real Fusion IMU log.
import { test } from "node:test"
import assert from "node:assert/strict"
import { Motion, MOTION_DEFAULTS } from "../../../src/core/signal/motion.ts"
import { readFusionImu } from "../../../devs/lib/real-data.ts"

test("a pure spin about a tilted vertical is spin, not swing; the bias is removed", () => {
    const m = new Motion(MOTION_DEFAULTS)
    const bias = [1.9, -1.2, -0.4]
    for (let i = 0; i < 50; i++) m.accumulateBias(bias[0], bias[1], bias[2])
    assert.ok(m.learnBias())
    const up = [0.1, -0.05, 0.9937] // not normalised on purpose
    m.setVertical(up[0], up[1], up[2])
    const n = Math.hypot(up[0], up[1], up[2])
    for (let t = 0; t < 1000; t += 10) m.update(t, (40 * up[0]) / n + bias[0], (40 * up[1]) / n + bias[1], (40 * up[2]) / n + bias[2])
    assert.ok(Math.abs((m as any).spinNow - 40) < 1e-9, `spin ${(m as any).spinNow}`)
    assert.ok((m as any).swingNow < 1e-9, `swing ${(m as any).swingNow}`)
})

test("a swing about a horizontal axis is swing; the envelope holds the peak and decays", () => {
    const m = new Motion({ ...MOTION_DEFAULTS, envelope_tau_ms: 200, still_dps: 3 })
    m.setVertical(0, 0, 1)
    m.update(0, 30, 40, 0) // |horizontal| = 50
    assert.equal(m.swingDps(), 50)
    assert.equal(m.spinDps(), 0)
    // 10 ms later at rest: backward-Euler step toward 0 by 10/210
    m.update(10, 0, 0, 0)
    assert.ok(Math.abs(m.swingDps() - 50 * (200 / 210)) < 1e-9)
    // same t_ms again: no decay
    const e = m.swingDps()
    m.update(10, 0, 0, 0)
    assert.equal(m.swingDps(), e)
})

test("stillness: measured from the first still sample; motion resets it; NaN samples are ignored", () => {
    const m = new Motion({ ...MOTION_DEFAULTS, envelope_tau_ms: 300, still_dps: 3 })
    assert.equal(m.stillFor_ms(0), 0)
    for (let t = 0; t <= 2000; t += 10) m.update(t, 0.5, -0.5, 0.2)
    assert.equal(m.stillFor_ms(2000), 2000)
    m.update(2010, NaN, 0, 0)
    assert.equal(m.stillFor_ms(2010), 2010)
    m.update(2020, 10, 0, 0)
    assert.equal(m.stillFor_ms(2020), 0)
    m.update(2030, 0, 0, 0)
    m.update(2530, 0, 0, 0)
    assert.equal(m.stillFor_ms(2530), 500)
})

test("real Fusion IMU log: the rest segments are judged still, the handheld rotations are not", () => {
    const rows = readFusionImu()
    const m = new Motion(MOTION_DEFAULTS)
    // bias from the first 5 s (at rest on a surface)
    for (const r of rows) if (r.t_ms < 5000) m.accumulateBias(r.g[0], r.g[1], r.g[2])
    m.learnBias()
    m.setVertical(rows[0].a[0], rows[0].a[1], rows[0].a[2])
    const stillAt = (t: number) => {
        const mm = new Motion(MOTION_DEFAULTS)
        mm.accumulateBias((m as any).bx, (m as any).by, (m as any).bz)
        mm.learnBias()
        let got = 0
        for (const r of rows) {
            if (r.t_ms > t) break
            mm.update(r.t_ms, r.g[0], r.g[1], r.g[2])
            got = mm.stillFor_ms(r.t_ms)
        }
        return got
    }
    // README: at rest 0-10 s and 105-135 s (a small disturbance near 115 s)
    assert.ok(stillAt(9900) >= 9000, `0-10 s: still for ${stillAt(9900)} ms`)
    assert.ok(stillAt(112000) >= 2000, `105-112 s: still for ${stillAt(112000)} ms`)
    assert.ok(stillAt(134000) >= 2000, `end: still for ${stillAt(134000)} ms`)
    // during the rotations (15-55 s), stillness never lasts a second
    let longest = 0
    for (const r of rows) {
        m.update(r.t_ms, r.g[0], r.g[1], r.g[2])
        if (r.t_ms > 15000 && r.t_ms < 55000) longest = Math.max(longest, m.stillFor_ms(r.t_ms))
    }
    assert.ok(longest < 1000, `still for ${longest} ms during the rotations`)
    assert.ok(m.swingDps() >= 0)
})

test("before the bias is learned, a zero-rate offset of 6 dps is still; a 1 Hz swing of 10 dps is not", () => {
    const m = new Motion(MOTION_DEFAULTS)
    for (let t = 0; t <= 3000; t += 10) m.update(t, 6, -3, 2)
    assert.equal(m.stillFor_ms(3000), 3000)
    let longest = 0
    for (let t = 3010; t <= 8000; t += 10) {
        m.update(t, 6 + 10 * Math.sin((2 * Math.PI * t) / 1000), -3, 2)
        if (t > 3300) longest = Math.max(longest, m.stillFor_ms(t))
    }
    // the swing passes under 3 dps for a moment each half period (about 100 ms), never longer
    assert.ok(longest < 150, `still for ${longest} ms while swinging`)
})

