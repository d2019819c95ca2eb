import * as ds from "@devicescript/core"
import { describe, expect, test } from "@devicescript/test"
import { Attitude, ATTITUDE_DEFAULTS, angleDeg } from "../../src/core/signal/attitude"
import { Load, LOAD_DEFAULTS } from "../../src/core/signal/load"
import { Motion, MOTION_DEFAULTS } from "../../src/core/signal/motion"

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
        expect(m.spinNowDps()).toBe(40)
        m.update(10, 30, 40, 0)
        expect(m.swingNowDps()).toBe(50)
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
