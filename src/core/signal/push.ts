/**
 * Push: the external torque on the hanging structure, from the gyro alone.
 *
 * A free pendulum obeys th'' = -W2 th (W2 = M g d / I, about (2 pi)^2 per s^2
 * for a 1 Hz rig), so whatever the rod does beyond that is a torque from
 * outside: per unit inertia, r = th'' + W2 th. A finger on the structure puts
 * in a torque that comes on and goes off within tens of ms (a touch's edges);
 * a hand slotting a card ramps its force over hundreds of ms, and the weight
 * of a card comes on over 0.3-1.2 s. So the push measure is the torque's
 * fast part: the rate low-passed (two stages of `lp_tau_ms`) before it is
 * differentiated, r low-passed the same way again, then two high-pass stages
 * of `hp_tau_ms`, which also strips what is left of the
 * swing itself (1 Hz) when W2 is a little off. Its size is in degrees/s^2:
 * a light touch (0.03-0.08 N at 20-40 cm on a 7-20 g m^2 structure) gives
 * tens, a hand's slotting a few.
 *
 * The same for spin about the vertical: the spin rate's acceleration, band-
 * passed. A finger off the rod axis turns the structure hard (its inertia
 * about the vertical is small); a hand slotting a card pushes toward the axis
 * and hardly turns it.
 *
 * Swing is measured in a frame that does not turn with the structure: the
 * horizontal rate is rotated back by the spin angle (integrated, trig-free:
 * a unit vector turned by small steps and renormalised), so a structure that
 * spins on the free-turn connector still swings in fixed axes. W2 is learned
 * by least squares (r = 0 for a free swing) with exponential forgetting.
 *
 * The model errors grow with the motion (a swing 5 % off W2 leaves 5 % of its
 * acceleration), so slow envelopes of the swing and spin rates are kept for a
 * threshold that grows with them (the touch detector's business).
 *
 * Strikes (strike_ms, strikeX): the peak-held push rising STRIKE_X times over
 * its own slow background. A card that breaks loose jolts the rod and takes
 * its torque off at once; a hand takes a card's weight off over hundreds of
 * ms. The placement detector asks whether a drop in the dismantle struck.
 */
import { highPass2, lowPass2, peakHold } from "./filters"

export interface PushSettings {
    /** low-pass stages before the torque is formed, time constant ms (tames gyro noise and hand tremor) */
    lp_tau_ms: number
    /** high-pass stages after, time constant ms (passes a touch's edges, stops a hand's ramps and the swing) */
    hp_tau_ms: number
    /** leak of the swing-angle integral, ms (well above the ~1 s swing period) */
    leak_tau_ms: number
    /** memory of the W2 estimate, ms */
    w2_memory_ms: number
    /** W2 before it is learned, 1/s^2 (a 1 Hz swing), and the range it is kept in (0.6-2 s periods) */
    w2_prior: number
    w2_min: number
    w2_max: number
    /**
     * the fit's pull toward the trusted W2 (at first w2_prior), as a weight in rad^2: the swing's mean square
     * (over w2_memory_ms) at which the data and the trusted value count alike. A rig at rest since the tare has
     * no swing to learn from, and its first motion is the placer's hand pushing the rod, which a free-swing fit
     * reads as a soft pendulum (W2 near w2_min: the swing that follows then reads as a push). With 3e-4 (about a
     * degree RMS) seeds 1000-6000 one more right outcome, 10000-15000 three, none worse; 1e-4 and 2e-4: 0 and +3;
     * 4e-4: +1 and +5 but a forced librium case lost (a removal read as a fallen card); 5e-4: +1 -1 on 1000-6000
     */
    w2_trust_rad2: number
    /** decay of the swing and spin envelopes, ms */
    env_tau_ms: number
    /** a gap between gyro samples longer than this restarts the filters, ms */
    gap_ms: number
    /** the peak-held push (the larger of swing and spin) relaxes with this time constant, ms */
    peak_hold_ms: number
    /** after a restart the push reads 0 this long (the swing angle's integral starts from nothing), ms */
    settle_ms: number
}
export const PUSH_DEFAULTS: PushSettings = {
    lp_tau_ms: 20,
    hp_tau_ms: 40,
    leak_tau_ms: 3000,
    w2_memory_ms: 20000,
    w2_prior: 36,
    w2_min: 10,
    w2_max: 100,
    w2_trust_rad2: 3e-4,
    env_tau_ms: 2000,
    gap_ms: 100,
    peak_hold_ms: 300,
    settle_ms: 1000,
}

const RAD_PER_DEG = 0.017453292519943295
/** a strike: the peak-held push this many times its background (the peak relaxed over STRIKE_BG_MS, at least 1 degree/s^2); a card breaking loose strikes the structure, a hand lifting one off over 0.6 s does not (README, the dismantle: on the simulator 135 of 141 falls, no first removal) */
export const STRIKE_X = 2.5
const STRIKE_BG_MS = 500
/** a strike this soon after the last is the same one (a fallen card hits the table 0.3 s later), ms */
const STRIKE_GAP_MS = 1000

/** where each filter keeps its two stages in Push.f (one array, not a dozen objects: the device heap is small) */
const LP_W1 = 0
const LP_W2 = 2
const LP_SPIN = 4
const LP_R1 = 6
const LP_R2 = 8
const HP_R1 = 10
const HP_R2 = 12
const HP_SPIN = 14
const FILTER_STATE = 16

export class Push {
    private s: PushSettings
    // the vertical and a horizontal basis (e1, e2 = up x e1)
    private ux = 0
    private uy = 0
    private uz = 1
    private e1x = 1
    private e1y = 0
    private e1z = 0
    private e2x = 0
    private e2y = 1
    private e2z = 0
    // the spin angle as a unit vector (cos, sin)
    private c: number
    private sn: number
    private f: number[] = []
    private th1: number
    private th2: number
    private w1 = NaN
    private w2 = NaN
    private ws = NaN
    private lastT: number
    /** the first sample after the last restart, ms */
    private start_ms: number
    private sxx = 0
    private sxy = 0
    private w2est: number
    /** the W2 the fit is pulled toward: the prior, then the last estimate made with the data outweighing it */
    private w2trust: number
    private swingPush: number
    private spinPush: number
    private swingEnv = 0
    private spinEnv = 0
    private peak = 0
    private bg = 0
    /** the last time a strike stood (NaN: never), and the highest ratio to the background of that strike */
    strike_ms = NaN
    strikeX = 0
    /** the load ring's predictor (SwingRing): the swing angle from the rates as they come, its last value, and its sum and count since the last take */
    private q1: number
    private q2: number
    private ringLast: number
    private ringSum: number
    private ringN: number

    constructor(settings: PushSettings) {
        this.s = settings
        this.w2est = settings.w2_prior
        this.w2trust = settings.w2_prior
        this.reset()
    }

    /** start the filters afresh (the gyro bias or the vertical changed: the rates jump) */
    reset() {
        const settings = this.s
        this.lastT = NaN
        this.start_ms = NaN
        this.th1 = 0
        this.th2 = 0
        this.c = 1
        this.sn = 0
        this.swingPush = 0
        this.spinPush = 0
        this.q1 = 0
        this.q2 = 0
        this.ringLast = NaN
        this.ringSum = 0
        this.ringN = 0
        const f = this.f
        if (f.length === 0) for (let i = 0; i < FILTER_STATE; i++) f.push(NaN)
        else for (let i = 0; i < FILTER_STATE; i++) f[i] = NaN
    }

    /**
     * forget the learned W2 (back to the prior): at power-up the rates carry the gyro bias until the first tare
     * learns it, and its leaky integral is an angle that never swings back, which taught W2 = 0 (held at w2_min
     * for the 20 s memory: the first card's swing then read as a push)
     */
    forgetW2() {
        this.sxx = 0
        this.sxy = 0
        this.w2est = this.s.w2_prior
        this.w2trust = this.s.w2_prior
    }

    /** the vertical (unit vector in IMU axes, e.g. Attitude.up*): spin is about it, swing about the horizontal */
    setVertical(ux: number, uy: number, uz: number) {
        const n = Math.sqrt(ux * ux + uy * uy + uz * uz)
        if (!(n > 0)) return
        this.ux = ux / n
        this.uy = uy / n
        this.uz = uz / n
        // e1: the IMU axis least aligned with up, made horizontal
        let ax = 1
        let ay = 0
        let az = 0
        const mx = Math.abs(this.ux)
        if (Math.abs(this.uy) < mx && Math.abs(this.uy) <= Math.abs(this.uz)) {
            ax = 0
            ay = 1
        } else if (Math.abs(this.uz) < mx) {
            ax = 0
            az = 1
        }
        const d = ax * this.ux + ay * this.uy + az * this.uz
        ax -= d * this.ux
        ay -= d * this.uy
        az -= d * this.uz
        const m = Math.sqrt(ax * ax + ay * ay + az * az)
        this.e1x = ax / m
        this.e1y = ay / m
        this.e1z = az / m
        this.e2x = this.uy * this.e1z - this.uz * this.e1y
        this.e2y = this.uz * this.e1x - this.ux * this.e1z
        this.e2z = this.ux * this.e1y - this.uy * this.e1x
    }

    /** one bias-corrected gyro sample, degrees/s (NaN ignored) */
    update(t_ms: number, gx_dps: number, gy_dps: number, gz_dps: number) {
        if (gx_dps !== gx_dps || gy_dps !== gy_dps || gz_dps !== gz_dps) return
        const s = this.s
        const x = gx_dps * RAD_PER_DEG
        const y = gy_dps * RAD_PER_DEG
        const z = gz_dps * RAD_PER_DEG
        const spin = x * this.ux + y * this.uy + z * this.uz
        const b1 = x * this.e1x + y * this.e1y + z * this.e1z
        const b2 = x * this.e2x + y * this.e2y + z * this.e2z
        // after a gap (the IMU was silent) the rates jump: start afresh
        if (t_ms - this.lastT > s.gap_ms) this.reset()
        let dt = t_ms - this.lastT
        const first = this.lastT !== this.lastT
        if (!(dt > 0)) dt = 0
        this.lastT = t_ms
        const dts = dt / 1000
        // turn the frame back by the spin angle
        if (dts > 0) {
            const dpsi = spin * dts
            const nc = this.c - this.sn * dpsi
            const ns = this.sn + this.c * dpsi
            const nn = Math.sqrt(nc * nc + ns * ns)
            this.c = nc / nn
            this.sn = ns / nn
        }
        const fl = this.f
        const klp = dt / (s.lp_tau_ms + dt)
        const khp = dt / (s.hp_tau_ms + dt)
        // the horizontal rates in fixed axes
        const rr1 = this.c * b1 - this.sn * b2
        const rr2 = this.sn * b1 + this.c * b2
        const f1 = lowPass2(fl, LP_W1, klp, rr1)
        const f2 = lowPass2(fl, LP_W2, klp, rr2)
        const fs = lowPass2(fl, LP_SPIN, klp, spin)
        // the swing angle: a leaky integral of the rate
        const leak = s.leak_tau_ms > 0 ? dt / (s.leak_tau_ms + dt) : 0
        this.th1 += f1 * dts - leak * this.th1
        this.th2 += f2 * dts - leak * this.th2
        // the load ring's predictor w^2 - W2 th^2 (SwingRing), on the rates as they come: the low-pass lags a 2 Hz ring by a third of a cycle
        this.q1 += rr1 * dts - leak * this.q1
        this.q2 += rr2 * dts - leak * this.q2
        let a1 = 0
        let a2 = 0
        let as = 0
        if (first) this.start_ms = t_ms
        const settled = t_ms - this.start_ms >= s.settle_ms
        if (settled) {
            this.ringLast = rr1 * rr1 + rr2 * rr2 - this.w2est * (this.q1 * this.q1 + this.q2 * this.q2)
            this.ringSum += this.ringLast
            this.ringN++
        }
        if (!first && dts > 0) {
            a1 = (f1 - this.w1) / dts
            a2 = (f2 - this.w2) / dts
            as = (fs - this.ws) / dts
            // least squares for W2 (a free swing has a = -W2 th), with forgetting, pulled toward the trusted value
            // by w2_trust_rad2 (a still rig's noise, or a hand's first push, teaches nothing)
            const k = settled ? dt / (s.w2_memory_ms + dt) : 0
            this.sxx += k * (this.th1 * this.th1 + this.th2 * this.th2 - this.sxx)
            this.sxy += k * (-(a1 * this.th1 + a2 * this.th2) - this.sxy)
            const wt = s.w2_trust_rad2
            if (settled && this.sxx + wt > 1e-7) {
                let w2 = (this.sxy + wt * this.w2trust) / (this.sxx + wt)
                if (w2 < s.w2_min) w2 = s.w2_min
                if (w2 > s.w2_max) w2 = s.w2_max
                this.w2est = w2
                if (this.sxx > wt) this.w2trust = w2
            }
        }
        this.w1 = f1
        this.w2 = f2
        this.ws = fs
        const r1 = highPass2(fl, HP_R1, khp, lowPass2(fl, LP_R1, klp, a1 + this.w2est * this.th1))
        const r2 = highPass2(fl, HP_R2, khp, lowPass2(fl, LP_R2, klp, a2 + this.w2est * this.th2))
        const rs = highPass2(fl, HP_SPIN, khp, as)
        this.swingPush = settled ? Math.sqrt(r1 * r1 + r2 * r2) / RAD_PER_DEG : 0
        this.spinPush = settled ? Math.abs(rs) / RAD_PER_DEG : 0
        const p = Math.max(this.swingPush, this.spinPush)
        this.peak = peakHold(this.peak, p, dt / (s.peak_hold_ms + dt))
        this.bg += ((this.peak - this.bg) * dt) / (STRIKE_BG_MS + dt)
        const sx = this.peak / Math.max(this.bg, 1)
        if (sx >= STRIKE_X) {
            if (!(t_ms - this.strike_ms < STRIKE_GAP_MS)) this.strikeX = 0
            this.strike_ms = t_ms
            if (sx > this.strikeX) this.strikeX = sx
        }
        const ke = s.env_tau_ms > 0 ? dt / (s.env_tau_ms + dt) : 1
        const sw = Math.sqrt(f1 * f1 + f2 * f2) / RAD_PER_DEG
        const sp = Math.abs(fs) / RAD_PER_DEG
        this.swingEnv = peakHold(this.swingEnv, sw, ke)
        this.spinEnv = peakHold(this.spinEnv, sp, ke)
    }

    /** the load ring's predictor w^2 - W2 th^2 (rad^2/s^2, SwingRing): its mean since the last take, else its last value (NaN: none since a restart) */
    takeRing(): number {
        const v = this.ringN > 0 ? this.ringSum / this.ringN : this.ringLast
        this.ringSum = 0
        this.ringN = 0
        return v
    }

    /** the fast part of the external swing torque per unit inertia, degrees/s^2 */
    swingPushDpss(): number {
        return this.swingPush
    }

    /** the same about the vertical, degrees/s^2 */
    spinPushDpss(): number {
        return this.spinPush
    }

    /** the larger push, peak-held (did something strike the structure lately?), degrees/s^2 */
    peakPushDpss(): number {
        return this.peak
    }

    /** the peak-held push stands at STRIKE_X times its background now: it rose sharply (a finger, a card breaking loose), not out of a hand's tremor */
    struck(): boolean {
        return this.peak >= STRIKE_X * Math.max(this.bg, 1)
    }

    /** slow envelopes of the (low-passed) swing and spin rates, degrees/s */
    swingEnvDps(): number {
        return this.swingEnv
    }

    spinEnvDps(): number {
        return this.spinEnv
    }

    /** the learned W2 = M g d / I, 1/s^2 (the swing period is 2 pi / sqrt(W2)) */
    w2Est(): number {
        return this.w2est
    }
}
