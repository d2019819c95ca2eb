/**
 * Motion of the rod from the gyro: the rate is split against the learned
 * vertical (the attitude's rest "up" vector) into spin (about the vertical)
 * and swing (about the horizontal axes). Each gets a decaying peak envelope
 * (a fast "how hard is it moving now") and the whole rate a stillness test:
 * still for N ms when |rate| stayed under a threshold that long.

 *
 * The gyro bias is learned while still (at tare) and subtracted. Until it is
 * learned, stillness is judged against a slow running mean of the raw rate
 * instead (a zero-rate offset of several degrees/s must not look like motion).
 */
import { Ema, peakHold } from "./filters"


export interface MotionSettings {
    /** envelope decay time constant, ms (peak-hold that relaxes exponentially-ish) */
    envelope_tau_ms: number
    /** |rate| below this counts as still, degrees/s */
    still_dps: number
    /** before the bias is learned: time constant of the running mean the rate is compared with, ms */
    baseline_tau_ms: number
}
export const MOTION_DEFAULTS: MotionSettings = { envelope_tau_ms: 300, still_dps: 3, baseline_tau_ms: 2000 }

export class Motion {
    private tau_ms: number
    private still_dps: number
    private lastT = NaN
    // bias accumulation
    private bx = 0
    private by = 0
    private bz = 0
    private sumX = 0
    private sumY = 0
    private sumZ = 0
    private sumN = 0
    // vertical (unit), defaults to the IMU z axis until set
    private ux = 0
    private uy = 0
    private uz = 1
    private swingEnv = 0
    private spinEnv = 0
    private swingNow = 0
    private spinNow = 0
    private stillFrom = NaN
    private sawSample = false
    private biasLearned = false
    private meanX: Ema
    private meanY: Ema
    private meanZ: Ema
    /** the last bias-corrected rate, degrees/s (IMU axes) */
    rateX = NaN
    rateY = NaN
    rateZ = NaN

    constructor(settings: MotionSettings) {
        this.tau_ms = settings.envelope_tau_ms
        this.still_dps = settings.still_dps
        this.meanX = new Ema({ tau_ms: settings.baseline_tau_ms })
        this.meanY = new Ema({ tau_ms: settings.baseline_tau_ms })
        this.meanZ = new Ema({ tau_ms: settings.baseline_tau_ms })
    }

    /** the vertical to split against (unit vector, e.g. Attitude.up*) */
    setVertical(ux: number, uy: number, uz: number) {
        const n = Math.sqrt(ux * ux + uy * uy + uz * uz)
        if (!(n > 0)) return
        this.ux = ux / n
        this.uy = uy / n
        this.uz = uz / n
    }

    /** one gyro sample, degrees/s; NaN samples and repeated times are handled (no decay for dt <= 0) */
    update(t_ms: number, gx_dps: number, gy_dps: number, gz_dps: number) {
        if (gx_dps !== gx_dps || gy_dps !== gy_dps || gz_dps !== gz_dps) return
        const x = gx_dps - this.bx
        const y = gy_dps - this.by
        const z = gz_dps - this.bz
        this.rateX = x
        this.rateY = y
        this.rateZ = z
        const spin = x * this.ux + y * this.uy + z * this.uz
        const hx = x - spin * this.ux
        const hy = y - spin * this.uy
        const hz = z - spin * this.uz
        const swing = Math.sqrt(hx * hx + hy * hy + hz * hz)
        const spinAbs = Math.abs(spin)
        let dt = this.sawSample ? t_ms - this.lastT : 0
        if (!(dt > 0)) dt = 0
        // envelope: jumps up to a new peak, relaxes by dt/(tau+dt) toward the current value
        const k = this.tau_ms > 0 ? dt / (this.tau_ms + dt) : 1
        this.swingEnv = peakHold(this.swingEnv, swing, k)
        this.spinEnv = peakHold(this.spinEnv, spinAbs, k)
        this.swingNow = swing
        this.spinNow = spinAbs
        let mag = Math.sqrt(x * x + y * y + z * z)
        if (!this.biasLearned) {
            const dx = gx_dps - this.meanX.update(t_ms, gx_dps)
            const dy = gy_dps - this.meanY.update(t_ms, gy_dps)
            const dz = gz_dps - this.meanZ.update(t_ms, gz_dps)
            mag = Math.sqrt(dx * dx + dy * dy + dz * dz)
        }
        if (mag < this.still_dps) {
            if (this.stillFrom !== this.stillFrom) this.stillFrom = t_ms
        } else this.stillFrom = NaN
        this.lastT = t_ms
        this.sawSample = true
    }

    /** add the current raw sample to the bias average (call while the rig is still) */
    accumulateBias(gx_dps: number, gy_dps: number, gz_dps: number) {
        if (gx_dps !== gx_dps || gy_dps !== gy_dps || gz_dps !== gz_dps) return
        this.sumX += gx_dps
        this.sumY += gy_dps
        this.sumZ += gz_dps
        this.sumN++
    }

    /** fix the bias from the average so far; false if there were no samples */
    learnBias(): boolean {
        const n = this.sumN
        if (n > 0) {
            this.bx = this.sumX / n
            this.by = this.sumY / n
            this.bz = this.sumZ / n
            this.biasLearned = true
        }
        this.discardBias()
        return n > 0
    }

    /** forget the bias average collected so far (the rig moved) */
    discardBias() {
        this.sumX = 0
        this.sumY = 0
        this.sumZ = 0
        this.sumN = 0
    }

    /** true once a gyro sample was seen */
    hasData(): boolean {
        return this.sawSample
    }

    /** true once the gyro bias was learned (at a tare) */
    hasBias(): boolean {
        return this.biasLearned
    }

    /** swing rate envelope (about the horizontal axes), degrees/s */
    swingDps(): number {
        return this.swingEnv
    }

    /** spin rate envelope (about the vertical), degrees/s */
    spinDps(): number {
        return this.spinEnv
    }

    /** the latest rate's magnitude (bias removed), degrees/s */
    rateDps(): number {
        return Math.sqrt(this.rateX * this.rateX + this.rateY * this.rateY + this.rateZ * this.rateZ)
    }

    /** how long the rate has stayed under the still threshold at time t_ms (0 if moving or no data) */
    stillFor_ms(t_ms: number): number {
        if (this.stillFrom !== this.stillFrom) return 0
        return t_ms - this.stillFrom
    }
}
