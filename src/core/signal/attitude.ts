/**
 * Attitude of the rod without trig: the rest gravity vector is learned at tare
 * (the accelerometer averaged while still), then tilt is the angle between the
 * low-passed accelerometer and that rest vector. The IMU's mounting does not
 * matter: everything is relative to the learned rest direction.
 *
 * Comparisons use cosines (dot products of unit vectors); `tiltDeg()` turns
 * the dot/cross magnitudes into degrees with a polynomial arctangent.
 */
import { Ema, highPass2, peakHold } from "./filters"

export interface AttitudeSettings {
    /** low-pass time constant of the accelerometer before tilt is measured, ms */
    smooth_tau_ms: number
    /** a sample counts toward the rest vector only if |a| is within this of 1 g */
    rest_tolerance_g: number
    /** shake: the accelerometer through two high-pass stages of this time constant (a table's 15-60 Hz ring passes, the rod's own 1-8 Hz motion hardly), ms */
    shake_tau_ms: number
    /** ... peak-held, relaxing with this time constant, ms */
    shake_hold_ms: number
}
export const ATTITUDE_DEFAULTS: AttitudeSettings = { smooth_tau_ms: 250, rest_tolerance_g: 0.05, shake_tau_ms: 16, shake_hold_ms: 400 }

const RAD_TO_DEG = 57.29577951308232
const HALF_PI = 1.5707963267948966

/**
 * atan(z) for 0 <= z <= 1 (Abramowitz & Stegun 4.4.49, |error| < 1e-5 rad).
 */
function atanUnit(z: number): number {
    const z2 = z * z
    return z * (0.9998660 + z2 * (-0.3302995 + z2 * (0.1801410 + z2 * (-0.0851330 + z2 * 0.0208351))))
}

/** the angle, in degrees (0..180), whose sine is `sin` (>= 0) and cosine `cos`: atan2 without trig */
export function angleDeg(sin: number, cos: number): number {
    const s = Math.abs(sin)
    const c = Math.abs(cos)
    if (s === 0 && c === 0) return 0
    let a = s <= c ? atanUnit(s / c) : HALF_PI - atanUnit(c / s)
    if (cos < 0) a = 2 * HALF_PI - a
    return a * RAD_TO_DEG
}

export class Attitude {
    private fx: Ema
    private fy: Ema
    private fz: Ema
    /** the shake filter: per axis, the EMAs of two x - EMA(x) stages (NaN: not started) */
    private hs: number[] = [NaN, NaN, NaN, NaN, NaN, NaN]
    private shakeTau_ms: number
    private shake = 0
    /** the peak-held shake at rest (the noise), g; and its sum over the rest stretch */
    private shakeFloor = 0
    private shakeSum = 0
    private shakeHold_ms: number
    private lastT = NaN
    private tolerance_g: number
    // rest accumulation
    private sumX = 0
    private sumY = 0
    private sumZ = 0
    private sumN = 0
    /** the rest "up" direction, unit vector in IMU axes (NaN until learned) */
    upX = NaN
    upY = NaN
    upZ = NaN

    constructor(settings: AttitudeSettings) {
        this.fx = new Ema({ tau_ms: settings.smooth_tau_ms })
        this.fy = new Ema({ tau_ms: settings.smooth_tau_ms })
        this.fz = new Ema({ tau_ms: settings.smooth_tau_ms })
        this.tolerance_g = settings.rest_tolerance_g
        this.shakeTau_ms = settings.shake_tau_ms
        this.shakeHold_ms = settings.shake_hold_ms
    }

    /** one accelerometer sample (g); NaN samples are ignored */
    update(t_ms: number, ax_g: number, ay_g: number, az_g: number) {
        if (ax_g !== ax_g || ay_g !== ay_g || az_g !== az_g) return
        this.fx.update(t_ms, ax_g)
        this.fy.update(t_ms, ay_g)
        this.fz.update(t_ms, az_g)
        let dt = t_ms - this.lastT
        if (!(dt > 0)) dt = 0
        this.lastT = t_ms
        const k = dt / (this.shakeTau_ms + dt)
        const x = highPass2(this.hs, 0, k, ax_g)
        const y = highPass2(this.hs, 2, k, ay_g)
        const z = highPass2(this.hs, 4, k, az_g)
        const m = Math.sqrt(x * x + y * y + z * z)
        this.shake = peakHold(this.shake, m, dt / (this.shakeHold_ms + dt))
    }

    /** the shake above what the accelerometer's own noise gives at rest (learned with the rest attitude), g */
    shakeExcessG(): number {
        const x = this.shake - this.shakeFloor
        return x > 0 ? x : 0
    }

    /** add the current raw sample to the rest average (call while the rig is still) */
    accumulateRest(ax_g: number, ay_g: number, az_g: number) {
        if (ax_g !== ax_g || ay_g !== ay_g || az_g !== az_g) return
        const m = Math.sqrt(ax_g * ax_g + ay_g * ay_g + az_g * az_g)
        if (Math.abs(m - 1) > this.tolerance_g) return
        this.sumX += ax_g
        this.sumY += ay_g
        this.sumZ += az_g
        this.shakeSum += this.shake
        this.sumN++
    }

    /** forget the rest average collected so far (the rig moved) */
    discardRest() {
        this.sumX = 0
        this.sumY = 0
        this.sumZ = 0
        this.shakeSum = 0
        this.sumN = 0
    }

    /** fix the rest vector from the average; false (and nothing changes) if there were no samples */
    learnRest(): boolean {
        const n = Math.sqrt(this.sumX * this.sumX + this.sumY * this.sumY + this.sumZ * this.sumZ)
        const ok = this.sumN > 0 && n > 0
        if (ok) {
            this.upX = this.sumX / n
            this.upY = this.sumY / n
            this.upZ = this.sumZ / n
            this.shakeFloor = this.shakeSum / this.sumN
        }
        this.discardRest()
        return ok
    }

    /** tilt away from the rest attitude, degrees (NaN until the rest is learned) */
    tiltDeg(): number {
        const x = this.fx.get()
        const y = this.fy.get()
        const z = this.fz.get()
        const m = Math.sqrt(x * x + y * y + z * z)
        if (!(m > 0) || this.upX !== this.upX) return NaN
        const ux = this.upX
        const uy = this.upY
        const uz = this.upZ
        const cx = y * uz - z * uy
        const cy = z * ux - x * uz
        const cz = x * uy - y * ux
        const sin = Math.sqrt(cx * cx + cy * cy + cz * cz) / m
        const cos = (x * ux + y * uy + z * uz) / m
        return angleDeg(sin, cos)
    }
}
