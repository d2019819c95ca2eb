// Host-side biquad design (devs/lib/biquad-design.ts) run by the core's Biquad:
// known answers from the analytic response, and the Nyquist check.
import { test } from "node:test"
import assert from "node:assert/strict"
import { BUTTERWORTH_Q, biquadGain, designBiquad } from "../../../devs/lib/biquad-design.ts"
import { Biquad } from "../../../src/core/signal/filters.ts"

/** steady-state amplitude of the core filter's output for a sine input */
function measuredGain(f_hz: number, rate_hz: number, corner_hz: number): number {
    const bq = new Biquad(designBiquad({ kind: "lowpass", rate_hz, corner_hz, q: BUTTERWORTH_Q }))
    let peak = 0
    const n = Math.round(rate_hz * 20)
    for (let i = 0; i < n; i++) {
        const y = bq.update(Math.sin((2 * Math.PI * f_hz * i) / rate_hz))
        if (i > n / 2) peak = Math.max(peak, Math.abs(y))
    }
    return peak
}

test("a Butterworth low-pass is 1 at DC and 1/sqrt(2) at its corner (analytic response)", () => {
    const c = designBiquad({ kind: "lowpass", rate_hz: 100, corner_hz: 5, q: BUTTERWORTH_Q })
    assert.ok(Math.abs(biquadGain(c, 0, 100) - 1) < 1e-12)
    assert.ok(Math.abs(biquadGain(c, 5, 100) - Math.SQRT1_2) < 1e-9)
    // second order: -12 dB per octave well above the corner (bilinear warping makes it steeper near Nyquist)
    const g20 = biquadGain(c, 20, 100)
    assert.ok(g20 < 0.07 && g20 > 0.03, `gain at 20 Hz ${g20}`)
})

test("the core Biquad running the design passes what the response says", () => {
    for (const f of [1, 5, 15]) {
        const want = biquadGain(designBiquad({ kind: "lowpass", rate_hz: 100, corner_hz: 5, q: BUTTERWORTH_Q }), f, 100)
        const got = measuredGain(f, 100, 5)
        assert.ok(Math.abs(got - want) < 0.01, `${f} Hz: measured ${got}, response ${want}`)
    }
})

test("a high-pass blocks DC and passes near Nyquist", () => {
    const c = designBiquad({ kind: "highpass", rate_hz: 80, corner_hz: 2, q: BUTTERWORTH_Q })
    assert.ok(biquadGain(c, 0, 80) < 1e-12)
    assert.ok(Math.abs(biquadGain(c, 39, 80) - 1) < 0.01)
})

test("a corner at or above Nyquist, or a bad rate or Q, is refused with the reason", () => {
    assert.throws(() => designBiquad({ kind: "lowpass", rate_hz: 10, corner_hz: 5, q: BUTTERWORTH_Q }), /Nyquist \(5 Hz at 10 Hz sampling\)/)
    assert.throws(() => designBiquad({ kind: "lowpass", rate_hz: 10, corner_hz: 8, q: BUTTERWORTH_Q }), /Nyquist/)
    assert.throws(() => designBiquad({ kind: "lowpass", rate_hz: 0, corner_hz: 1, q: BUTTERWORTH_Q }), /sample rate/)
    assert.throws(() => designBiquad({ kind: "lowpass", rate_hz: 100, corner_hz: 1, q: 0 }), /Q must be positive/)
})
