/**
 * Small filters for the referee's signals. No allocation per sample; NaN in
 * is ignored (the filter keeps its state and its last output).
 */

export interface EmaSettings {
    /** time constant, ms: the output covers 63% of a step after this long */
    tau_ms: number
}
export const EMA_DEFAULTS: EmaSettings = { tau_ms: 200 }

/**
 * Exponential smoothing with a time constant, stepped by sample time so that
 * jittery or dropped samples do not change its behaviour. The first sample
 * initialises the output. alpha = dt / (tau + dt): the backward-Euler form
 * of a first-order low-pass, which needs no exp().
 */
export class Ema {
    private tau: number
    private y = NaN
    private lastT = NaN

    constructor(settings: EmaSettings) {
        this.tau = settings.tau_ms
    }

    update(t_ms: number, x: number): number {
        if (x !== x) return this.y
        if (this.y !== this.y) {
            this.y = x
        } else {
            let dt = t_ms - this.lastT
            if (!(dt > 0)) dt = 0
            const a = this.tau <= 0 ? 1 : dt / (this.tau + dt)
            this.y += a * (x - this.y)
        }
        this.lastT = t_ms
        return this.y
    }

    get(): number {
        return this.y
    }

    reset(value: number, t_ms: number) {
        this.y = value
        this.lastT = t_ms
    }
}

/** coefficients of one biquad section, normalised so that a0 = 1 (designed on the host: devs/lib/biquad-design.ts) */
export interface BiquadCoeffs {
    b0: number
    b1: number
    b2: number
    a1: number
    a2: number
}

/**
 * One second-order section, transposed direct form II:
 *   y[n] = b0 x[n] + b1 x[n-1] + b2 x[n-2] - a1 y[n-1] - a2 y[n-2]
 * The coefficients assume a fixed sample rate; the host design checks the
 * corner against Nyquist.
 */
export class Biquad {
    private c: BiquadCoeffs
    private z1 = 0
    private z2 = 0
    private started = false
    private y = NaN

    constructor(c: BiquadCoeffs) {
        this.c = c
    }

    update(x: number): number {
        if (x !== x) return this.y
        const c = this.c
        if (!this.started) {
            // start at steady state for a constant input x (no start-up transient)
            const dcGain = (c.b0 + c.b1 + c.b2) / (1 + c.a1 + c.a2)
            const y0 = dcGain * x
            this.z1 = y0 - c.b0 * x
            this.z2 = c.b2 * x - c.a2 * y0
            this.started = true
        }
        const y = c.b0 * x + this.z1
        this.z1 = c.b1 * x - c.a1 * y + this.z2
        this.z2 = c.b2 * x - c.a2 * y
        this.y = y
        return y
    }

    get(): number {
        return this.y
    }

    reset() {
        this.z1 = 0
        this.z2 = 0
        this.started = false
        this.y = NaN
    }
}

export interface MedianSettings {
    /** window length in samples, odd, 1..31 */
    window: number
}
export const MEDIAN_DEFAULTS: MedianSettings = { window: 5 }

/**
 * Running median over the last `window` samples: removes isolated spikes
 * (HX711/NAU7802-class bit errors) without smearing a step. Until the window
 * is full the median of what it has is returned.
 */
export class RunningMedian {
    private ring: number[] = []
    private sorted: number[] = []
    private n: number
    private head = 0
    private y = NaN

    constructor(settings: MedianSettings) {
        let w = Math.floor(settings.window)
        if (w < 1) w = 1
        if (w > 31) w = 31
        if (w % 2 === 0) w++
        this.n = w
    }

    update(x: number): number {
        if (x !== x) return this.y
        const sorted = this.sorted
        if (this.ring.length < this.n) {
            this.ring.push(x)
        } else {
            const old = this.ring[this.head]
            this.ring[this.head] = x
            this.head = (this.head + 1) % this.n
            // remove one copy of `old` from the sorted list
            let i = sorted.indexOf(old)
            while (i < sorted.length - 1) {
                sorted[i] = sorted[i + 1]
                i++
            }
            sorted.pop()
        }
        // insert x in order
        let j = sorted.length
        sorted.push(x)
        while (j > 0 && sorted[j - 1] > x) {
            sorted[j] = sorted[j - 1]
            j--
        }
        sorted[j] = x
        const m = sorted.length
        this.y = m % 2 === 1 ? sorted[(m - 1) >> 1] : (sorted[m / 2 - 1] + sorted[m / 2]) / 2
        return this.y
    }

    get(): number {
        return this.y
    }

    count(): number {
        return this.ring.length
    }

    reset() {
        this.ring = []
        this.sorted = []
        this.head = 0
        this.y = NaN
    }
}

/**
 * Filters whose state lives in a caller's number array (one array instead of an
 * object per stage: the device heap is small). `k` is the step, dt / (tau + dt),
 * computed once per sample for all filters of one time constant; NaN state means
 * "not started": the first sample initialises it (as Ema does).
 */

/** two first-order low-pass stages, state in f[i], f[i + 1] */
export function lowPass2(f: number[], i: number, k: number, x: number): number {
    if (f[i] !== f[i]) {
        f[i] = x
        f[i + 1] = x
    }
    f[i] += k * (x - f[i])
    f[i + 1] += k * (f[i] - f[i + 1])
    return f[i + 1]
}

/** a second-order high-pass, two stages of x - EMA(x), their EMAs in f[i], f[i + 1] */
export function highPass2(f: number[], i: number, k: number, x: number): number {
    if (f[i] !== f[i]) {
        f[i] = x
        f[i + 1] = 0
    }
    f[i] += k * (x - f[i])
    const y = x - f[i]
    f[i + 1] += k * (y - f[i + 1])
    return y - f[i + 1]
}

/** a peak-held envelope: jumps up to a new peak `x`, else relaxes from `held` toward it by `k` (dt / (tau + dt)) */
export function peakHold(held: number, x: number, k: number): number {
    return x > held ? x : held + k * (x - held)
}

/**
 * The mean of the last `n` values (`n` may change from call to call, up to `max`), a NaN value
 * standing for a missing one (unlike the filters above, it takes a place in the window): NaN until
 * `n` values are in, or when more than one of them is missing. A running sum, summed afresh only
 * when `n` changes. The ring grows to `max` as values come (no allocation after that).
 */
export class WindowMean {
    private max: number
    private vals: number[] = []
    private head = 0
    private n = NaN
    private sum = 0
    private got = 0

    constructor(max: number) {
        this.max = max
    }

    reset() {
        this.vals = []
        this.head = 0
        this.n = NaN
    }

    /** add `x`; the mean of the last `n` values */
    update(x: number, n: number): number {
        const max = this.max
        const k = Math.min(n, max)
        const r = this.vals
        // the value that leaves the window
        const old = r.length >= k ? r[(this.head - k + max) % max] : NaN
        if (r.length < max) r.push(x)
        else r[this.head] = x
        this.head = (this.head + 1) % max
        if (k === this.n) {
            if (x === x) {
                this.sum += x
                this.got++
            }
            if (old === old) {
                this.sum -= old
                this.got--
            }
        } else {
            this.n = k
            this.sum = 0
            this.got = 0
            for (let i = 1; i <= k && i <= r.length; i++) {
                const v = r[(this.head - i + max) % max]
                if (v === v) {
                    this.sum += v
                    this.got++
                }
            }
        }
        if (!(k <= r.length)) return NaN
        return this.got >= k - 1 && this.got > 0 ? this.sum / this.got : NaN
    }
}
