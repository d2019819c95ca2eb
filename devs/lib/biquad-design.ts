/**
 * Biquad design on the host (the DeviceScript VM has no sin/cos): second-order
 * sections from the RBJ "Audio EQ Cookbook" formulas, normalised to a0 = 1,
 * for the core's `Biquad` (src/core/signal/filters.ts) to run. Designs are
 * checked against Nyquist: a corner at or above half the sample rate cannot
 * be realised and is an error, not a silently aliased filter.
 */
import { BiquadCoeffs } from "../../src/core/signal/filters.ts"

export type BiquadKind = "lowpass" | "highpass"

export interface BiquadSpec {
    kind: BiquadKind
    /** sample rate, Hz */
    rate_hz: number
    /** corner frequency, Hz (strictly between 0 and rate_hz / 2) */
    corner_hz: number
    /** quality factor; 1/sqrt(2) is Butterworth (maximally flat) */
    q: number
}

export const BUTTERWORTH_Q = Math.SQRT1_2

export function designBiquad(spec: BiquadSpec): BiquadCoeffs {
    const { kind, rate_hz, corner_hz, q } = spec
    if (!(rate_hz > 0)) throw new RangeError(`biquad: sample rate must be positive, got ${rate_hz} Hz`)
    const nyquist = rate_hz / 2
    if (!(corner_hz > 0 && corner_hz < nyquist))
        throw new RangeError(`biquad: corner ${corner_hz} Hz must lie between 0 and Nyquist (${nyquist} Hz at ${rate_hz} Hz sampling)`)
    if (!(q > 0)) throw new RangeError(`biquad: Q must be positive, got ${q}`)
    const w0 = (2 * Math.PI * corner_hz) / rate_hz
    const cosw = Math.cos(w0)
    const alpha = Math.sin(w0) / (2 * q)
    const a0 = 1 + alpha
    const b1 = kind === "lowpass" ? 1 - cosw : -(1 + cosw)
    const b0 = kind === "lowpass" ? (1 - cosw) / 2 : (1 + cosw) / 2
    return { b0: b0 / a0, b1: b1 / a0, b2: b0 / a0, a1: (-2 * cosw) / a0, a2: (1 - alpha) / a0 }
}

/** |H(e^{jw})| of a section at `f_hz` (for tests and for printing a design) */
export function biquadGain(c: BiquadCoeffs, f_hz: number, rate_hz: number): number {
    const w = (2 * Math.PI * f_hz) / rate_hz
    // numerator and denominator as complex numbers: b0 + b1 e^-jw + b2 e^-2jw
    const nr = c.b0 + c.b1 * Math.cos(w) + c.b2 * Math.cos(2 * w)
    const ni = -(c.b1 * Math.sin(w) + c.b2 * Math.sin(2 * w))
    const dr = 1 + c.a1 * Math.cos(w) + c.a2 * Math.cos(2 * w)
    const di = -(c.a1 * Math.sin(w) + c.a2 * Math.sin(2 * w))
    return Math.hypot(nr, ni) / Math.hypot(dr, di)
}
