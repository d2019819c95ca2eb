import { describe, expect, test } from "@devicescript/test"
import { Biquad, Ema, RunningMedian } from "../../src/core/signal/filters"

describe("filters (VM)", () => {
    test("ema reaches 1 - 1/e of a step after about one time constant", () => {
        const f = new Ema({ tau_ms: 100 })
        f.update(0, 0)
        let y = 0
        for (let t = 1; t <= 100; t++) y = f.update(t, 1)
        // backward-Euler discretisation at dt = 1 ms: 1 - (100/101)^100 = 0.6303
        expect(Math.abs(y - 0.6303) < 0.001).toBe(true)
    })
    test("biquad matches the direct difference equation", () => {
        const c = { b0: 0.02, b1: 0.04, b2: 0.02, a1: -1.56, a2: 0.64 }
        const f = new Biquad(c)
        f.update(0)
        let x1 = 0, x2 = 0, y1 = 0, y2 = 0
        let worst = 0
        for (let n = 0; n < 50; n++) {
            const x = n % 7 === 0 ? 1 : 0.25
            const y = c.b0 * x + c.b1 * x1 + c.b2 * x2 - c.a1 * y1 - c.a2 * y2
            const got = f.update(x)
            worst = Math.max(worst, Math.abs(got - y))
            x2 = x1; x1 = x; y2 = y1; y1 = y
        }
        expect(worst < 1e-12).toBe(true)
    })
    test("median removes an isolated spike", () => {
        const m = new RunningMedian({ window: 5 })
        const xs = [10, 10, 10, 5000, 10, 10, 10]
        let worst = 0
        for (let i = 0; i < xs.length; i++) worst = Math.max(worst, m.update(xs[i]))
        expect(worst).toBe(10)
    })
})
