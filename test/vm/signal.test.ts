import * as ds from "@devicescript/core"
import { describe, expect, test } from "@devicescript/test"
import { Attitude, ATTITUDE_DEFAULTS, angleDeg } from "../../src/core/signal/attitude"
import { Load, LOAD_DEFAULTS } from "../../src/core/signal/load"
import { Motion, MOTION_DEFAULTS } from "../../src/core/signal/motion"
import { Push, PUSH_DEFAULTS } from "../../src/core/signal/push"
import { RING_DEFAULTS, SwingRing } from "../../src/core/signal/ring"

describe("signal modules (VM)", () => {
    test("tilt of 10 degrees from the learned rest, trig-free", async () => {
        const a = new Attitude(ATTITUDE_DEFAULTS)
        a.accumulateRest(0, 0, 1)
        a.learnRest()
        // sin/cos of 10 degrees, computed on the host
        const s10 = 0.17364817766693033
        const c10 = 0.984807753012208
        for (let t = 0; t < 3000; t += 10) {
            a.update(t, s10, 0, c10)
            if (t % 200 === 0) await ds.sleep(0)
        }
        expect(Math.abs(a.tiltDeg() - 10) < 0.01).toBe(true)
        expect(Math.abs(angleDeg(1, 0) - 90) < 0.001).toBe(true)
    })
    test("a spin about the vertical is spin, a rate about x is swing", () => {
        const m = new Motion(MOTION_DEFAULTS)
        m.setVertical(0, 0, 1)
        m.update(0, 0, 0, 40)
        expect((m as any).spinNow).toBe(40)
        m.update(10, 30, 40, 0)
        expect((m as any).swingNow).toBe(50)
    })
    test("a swing's load ring is learned from the gyro's predictor and taken out", async () => {
        // a 1 Hz swing of 0.5 rad/s (the gyro at 100 Hz), its load ringing 5 g per rad^2/s^2, read at 50 SPS; the
        // gain's memory cut to 2 s to keep the loop short (the VM's loop guard). No Math.cos here: the phase is a unit
        // vector turned by 2 pi / 100 each step (its cos and sin computed on the host)
        const p = new Push(PUSH_DEFAULTS)
        p.setVertical(0, 0, 1)
        const r = new SwingRing({ tau_ms: 500, memory_ms: 2000, learn_dps: RING_DEFAULTS.learn_dps })
        const W = 6.283185307179586
        const C = 0.9980267284282716
        const S = 0.06279051952931337
        let c = 1
        let s = 0
        let worst = 0
        for (let i = 0; i <= 600; i++) {
            const t = i * 10
            const w = 0.5 * c
            p.update(t, w * 57.29577951308232, 0, 0)
            if (i % 2 === 0) {
                const th = (0.5 / W) * s
                const y = 500 + 5 * (w * w - W * W * th * th)
                const out = r.update(t, p.takeRing(), y, true)
                if (t > 5000) worst = Math.max(worst, Math.abs(out - 500))
            }
            const nc = c * C - s * S
            s = s * C + c * S
            c = nc
            if (i % 10 === 0) await ds.sleep(0)
        }
        expect(Math.abs(r.gain() - 5) < 1).toBe(true)
        expect(worst < 0.5).toBe(true)
    })
    test("spikes are removed and a 12 g step is measured steady", async () => {
        const l = new Load(LOAD_DEFAULTS)
        let worst = 0
        // 40 readings/s; the step at 1.5 s, steady again two 500 ms blocks later (kept short: the VM's loop guard)
        for (let i = 0; i < 160; i++) {
            l.update(i * 25, (i >= 60 ? 112 : 100) + (i % 9 === 4 ? 9000 : 0))
            if (i < 60) worst = Math.max(worst, Math.abs(l.clean_g() - 100))
            if (i % 20 === 0) await ds.sleep(0)
        }
        expect(worst).toBe(0)
        expect(l.isSteady()).toBe(true)
        expect(Math.abs(l.steadyMean_g() - 112) < 1e-9).toBe(true)
    })
})
