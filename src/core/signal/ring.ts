/**
 * The swing's load ring, learned from the gyro and taken out of the load.
 *
 * The support of a hanging structure carries its weight plus M h'', h the
 * height of its centre of mass, d below the pivot. A swing of angle th and
 * rate w moves it as h'' = d (w^2 + th th''), and a free swing has
 * th'' = -W2 th, so the load reads K x above the level, with
 * x = w^2 - W2 th^2 (Push.takeRing: its mean over each reading's conversion,
 * as the cell averages) and K = M d / g, in g per rad^2/s^2 (a 300 g structure
 * with its centre 15 cm down: 4.6). That is a ring at twice the swing rate
 * with no mean over a period (the centre of mass does not rise for good): a
 * rig swinging 47 dps rings the load by +-2.5 g, a hand's press on the hanger.
 *
 * K is learned by least squares on the deviations of the readings and of x
 * from their slow means (`tau_ms`), forgetting over `memory_ms`, from free
 * swings only (the caller says: no strike, no hand), and trusted once x's
 * deviations have had the mean square of a free swing of `learn_dps`. A
 * compensated reading is the reading less K times x's deviation (x's own
 * mean stays in: a leaky angle integral's offset is no ring). No allocation.
 */
export interface RingSettings {
    /** the slow means the deviations are taken from, ms (well above the ring's period, about 0.5 s) */
    tau_ms: number
    /** memory of the gain's least squares, ms; 0 turns the compensation off */
    memory_ms: number
    /** the gain is trusted once the predictor's deviations have had the mean square of a free swing of this amplitude, degrees/s */
    learn_dps: number
}
export const RING_DEFAULTS: RingSettings = {
    tau_ms: 1000,
    memory_ms: 20000,
    learn_dps: 10,
}

/** a gain over this is no pendulum's (a 1 kg structure with its centre 20 cm down: 20; 89 of seed 1000's 90 simulated games learned under 10): not trusted, g per rad^2/s^2 */
const K_MAX = 20
/** a reading this far from the slow mean is passed as it is and teaches nothing (a bit error, a jump the spike gate will judge), g */
const LEARN_MAX_DEV_G = 200
const RAD_PER_DEG = 0.017453292519943295

/** a free swing to learn from: its envelope over this (a smaller one rings the load by less than a hand's slow moves), degrees/s ... */
export const RING_LEARN_MIN_DPS = 12
/** ... under this (the pendulum model holds), degrees/s ... */
export const RING_LEARN_MAX_DPS = 150
/** ... with no strike (the peak-held push under this), degrees/s^2 ... */
export const RING_LEARN_PUSH_DPSS = 30
/** ... and no touch cue this long, ms */
export const RING_LEARN_CUE_MS = 1000

export class SwingRing {
    private s: RingSettings
    private mx: number
    private my: number
    private sxy: number
    private sxx: number
    private lastT = NaN
    private k: number

    constructor(settings: RingSettings) {
        this.s = settings
        this.reset()
    }

    configure(settings: RingSettings) {
        this.s = settings
    }

    /** forget the gain (the structure changed: a new round, the pivot released) */
    reset() {
        this.mx = NaN
        this.my = NaN
        this.sxy = 0
        this.sxx = 0
        this.k = 0
    }

    /** the learned gain, g per rad^2/s^2 (0 until trusted) */
    gain(): number {
        return this.k
    }

    /** one reading `y_g` at `t_ms` with the predictor `x` over its conversion (NaN: none); `learn` on a free swing. Returns the reading less the ring */
    update(t_ms: number, x: number, y_g: number, learn: boolean): number {
        const s = this.s
        if (x !== x || y_g !== y_g || s.memory_ms <= 0) return y_g
        let dt = t_ms - this.lastT
        this.lastT = t_ms
        if (!(dt > 0 && dt < 1000)) dt = 0
        if (this.mx !== this.mx) {
            this.mx = x
            this.my = y_g
            return y_g
        }
        const dev = y_g - this.my
        if (dev > LEARN_MAX_DEV_G || dev < -LEARN_MAX_DEV_G) return y_g
        const a = dt / (s.tau_ms + dt)
        this.mx += a * (x - this.mx)
        this.my += a * (y_g - this.my)
        const dx = x - this.mx
        const f = learn ? dt / (s.memory_ms + dt) : 0
        this.sxy += f * (dx * (y_g - this.my) - this.sxy)
        this.sxx += f * (dx * dx - this.sxx)
        // a free swing of amplitude w rings x by w^2: its mean square is w^4 / 2
        const w = s.learn_dps * RAD_PER_DEG
        const k = this.sxx >= (w * w * w * w) / 2 ? this.sxy / this.sxx : 0
        this.k = k < 0 ? 0 : k > K_MAX ? 0 : k
        return y_g - this.k * dx
    }
}
