/**
 * Load-cell signal chain, in grams:
 *   raw -> spike gate (bit errors) -> running median -> { fast EMA, steadiness blocks }
 * plus a tare, the cell's rest noise, a history of the level and the card-mass
 * learner. No allocation per sample; NaN readings are ignored.
 */
import { Ema, RunningMedian, WindowMean } from "./filters"

export interface LoadSettings {
    /** a reading further than this from the filtered level is held back as a possible spike, g */
    spike_gate_g: number
    /** this many consecutive held-back readings that agree (within the gate) are a real jump, not spikes */
    spike_confirm_samples: number
    /** running median window after the gate, samples (odd) */
    median_window: number
    /** fast low-pass for quick decisions (collapse): two cascaded stages of this time constant, ms (damps the hanger's ringing) */
    fast_tau_ms: number
    /** steadiness is judged on block means of this length, ms */
    block_ms: number
    /** while the swing envelope passes this, degrees/s, the blocks are whole periods of the load's ring at twice the swing rate instead (Load.setSwing) */
    ring_swing_dps: number
    /** the level is steady when the block means over `steady_ms` span at most this, g */
    steady_span_g: number
    /** how long the block means must agree to call the level steady, ms */
    steady_ms: number
    /** the ring-free level: two low-pass stages of this time constant on the readings past the spike gate (not the median: a slow cell aliases the hanger's ringing into readings that swing both ways for seconds, and the median of them hardly moves), ms */
    ring_tau_ms: number
}
export const LOAD_DEFAULTS: LoadSettings = {
    spike_gate_g: 150,
    spike_confirm_samples: 4,
    median_window: 5,
    fast_tau_ms: 30,
    ring_tau_ms: 120,
    block_ms: 500,
    ring_swing_dps: 40,
    steady_span_g: 0.6,
    steady_ms: 1000,
}

/** the level history: 50 ms slots over 4 s (a placement's steadiness is confirmed within that) */
export const HISTORY_SLOT_MS = 50
const HISTORY_SLOTS = 80
/** the rest noise is measured over at least this many readings of a steady run (else the last value stands) */
const NOISE_MIN_READINGS = 8
/** readings in the recent mean (Load.recentMean_g): on a 10-20 SPS cell, 200-400 ms, about a ring period of the hanger the readings alias */
const RECENT_N = 4

/** the most blocks a steadiness window may hold */
const MAX_BLOCKS = 64

/**
 * Spike rejection: a reading far from the current level is held back; if
 * `confirm` consecutive held-back readings agree with each other, the level
 * really jumped and the gate re-anchors on it. Otherwise they were spikes.
 * Readings that agree to the last digit are no jump: a converter frozen on a
 * bit error repeats it (a real load is never that still as it jumps), and the
 * fault detector calls it stuck; they stay held back until one differs.
 */
export class SpikeGate {
    private gate: number
    private confirm: number
    private level = NaN
    private pendLevel = NaN
    private pendN = 0
    /** the held-back readings are all the same value */
    private pendSame = true
    /** readings rejected as spikes so far */
    spikes = 0
    /** readings accepted (including the confirmed jumps) */
    accepted = 0
    private jumped = false

    constructor(gate_g: number, confirm_samples: number) {
        this.gate = gate_g
        this.confirm = confirm_samples < 1 ? 1 : confirm_samples
    }

    /** returns the reading if it passes, NaN if held back; `level_g` is the downstream filtered level */
    pass(x_g: number, level_g: number): number {
        if (x_g !== x_g) return NaN
        let ref = level_g
        if (ref !== ref) ref = this.level
        let near = true
        if (ref === ref) near = Math.abs(x_g - ref) <= this.gate
        if (near) {
            this.level = x_g
            this.pendN = 0
            this.accepted++
            return x_g
        }
        if (this.pendN > 0 && Math.abs(x_g - this.pendLevel) <= this.gate) {
            this.pendN++
            if (x_g !== this.pendLevel) this.pendSame = false
        } else {
            this.pendLevel = x_g
            this.pendN = 1
            this.pendSame = true
        }
        this.spikes++
        if (this.pendN < this.confirm || (this.pendSame && this.confirm > 1)) return NaN
        // a real jump: the agreeing held-back readings were not spikes
        this.spikes -= this.pendN
        this.accepted += this.pendN
        this.pendN = 0
        this.level = x_g
        this.jumped = true
        return x_g
    }

    /** true once after pass() re-anchored on a jump (the downstream median must restart) */
    takeJump(): boolean {
        const j = this.jumped
        this.jumped = false
        return j
    }
}

/**
 * Steadiness over block means: the signal is cut into `block_ms` blocks; the
 * level is steady when the last `steady_ms` worth of block means all lie
 * within `span_g`. The steady mean is their average.
 */
export class Steadiness {
    private block_ms: number
    private nBlocks: number
    private span_g: number
    private means: number[] = []
    private head = 0
    private filled = 0
    private blockStart = NaN
    private acc = 0
    private accN = 0
    private steady = false
    private mean = NaN

    constructor(block_ms: number, steady_ms: number, span_g: number) {
        this.block_ms = block_ms
        let n = Math.round(steady_ms / block_ms)
        if (n < 2) n = 2
        if (n > MAX_BLOCKS) n = MAX_BLOCKS
        this.nBlocks = n
        this.span_g = span_g
        for (let i = 0; i < n; i++) this.means.push(NaN)
    }

    /** returns true when a block closed on this sample (steadiness re-judged) */
    update(t_ms: number, x: number): boolean {
        if (x !== x) return false
        if (this.blockStart !== this.blockStart) this.blockStart = t_ms
        let closed = false
        if (t_ms - this.blockStart >= this.block_ms && this.accN > 0) {
            this.closeBlock()
            this.blockStart = t_ms
            closed = true
        }
        this.acc += x
        this.accN++
        return closed
    }

    private closeBlock() {
        this.means[this.head] = this.acc / this.accN
        this.head = (this.head + 1) % this.nBlocks
        if (this.filled < this.nBlocks) this.filled++
        this.acc = 0
        this.accN = 0
        if (this.filled < this.nBlocks) {
            this.steady = false
            return
        }
        let lo = Infinity
        let hi = -Infinity
        let sum = 0
        for (let i = 0; i < this.nBlocks; i++) {
            const m = this.means[i]
            if (m < lo) lo = m
            if (m > hi) hi = m
            sum += m
        }
        this.steady = hi - lo <= this.span_g
        this.mean = sum / this.nBlocks
    }

    isSteady(): boolean {
        return this.steady
    }

    /** the length of the blocks from the next one on, ms */
    setBlock_ms(ms: number) {
        this.block_ms = ms
    }

    /** mean over the steadiness window (valid when steady) */
    mean_g(): number {
        return this.mean
    }

    reset() {
        for (let i = 0; i < this.nBlocks; i++) this.means[i] = NaN
        this.head = 0
        this.filled = 0
        this.acc = 0
        this.accN = 0
        this.blockStart = NaN
        this.steady = false
        this.mean = NaN
    }
}

/** the chain from raw readings to a clean, steady-judged level with a tare */
export class Load {
    readonly settings: LoadSettings
    private gate: SpikeGate
    private median: RunningMedian
    private fast: Ema
    private fast2: Ema
    private ring1: Ema
    private ring2: Ema
    readonly steadiness: Steadiness
    /** the clean level's recent past (when a placement's weight came fully on) */
    readonly history: LevelHistory
    private clean = NaN
    private zero = NaN
    /** time of the last reading (accepted or not), ms */
    lastReading_ms = NaN
    /** the last raw reading, g */
    lastRaw_g = NaN
    /** the last two readings that passed the spike gate, g (before the median: quick, but a single bit error below the gate is in them) */
    lastPassed_g = NaN
    prevPassed_g = NaN
    /** ... and the two before them (HangerDetector's jitter takes their difference) */
    prev2Passed_g = NaN
    prev3Passed_g = NaN
    private recent = new WindowMean(RECENT_N)
    private recentMean = NaN
    /**
     * the squares of successive differences over the current steady run and how many (a run ends when
     * the load is not steady: a clean-up's jumps before a tare between rounds stay out), g^2; the noise
     * they gave when the tare was taken, g
     */
    private runSq = 0
    private runN = 0
    private restNoise_g = NaN
    /** the steadiness blocks' length now, ms, and whether they follow a big swing's ring (setSwing) */
    block_ms: number
    /** the steadiness blocks follow a big swing's ring (setSwing) */
    swinging = false
    /** the mean time between readings, ms (a slow running mean) */
    period_ms = NaN

    constructor(settings: LoadSettings) {
        this.settings = settings
        this.gate = new SpikeGate(settings.spike_gate_g, settings.spike_confirm_samples)
        this.median = new RunningMedian({ window: settings.median_window })
        this.fast = new Ema({ tau_ms: settings.fast_tau_ms })
        this.fast2 = new Ema({ tau_ms: settings.fast_tau_ms })
        this.ring1 = new Ema({ tau_ms: settings.ring_tau_ms })
        this.ring2 = new Ema({ tau_ms: settings.ring_tau_ms })
        this.steadiness = new Steadiness(settings.block_ms, settings.steady_ms, settings.steady_span_g)
        this.block_ms = settings.block_ms
        this.history = new LevelHistory(HISTORY_SLOT_MS, HISTORY_SLOTS)
    }

    /** one reading, g; returns true when it passed the spike gate */
    update(t_ms: number, raw_g: number): boolean {
        if (raw_g !== raw_g) return false
        const dt = t_ms - this.lastReading_ms
        if (dt > 0 && dt < 1000) this.period_ms = this.period_ms === this.period_ms ? this.period_ms + 0.05 * (dt - this.period_ms) : dt
        this.lastReading_ms = t_ms
        this.lastRaw_g = raw_g
        const x = this.gate.pass(raw_g, this.clean)
        if (x !== x) return false
        // the reading-to-reading noise: half the mean square of successive differences (a level's slow moves hardly count)
        if (this.lastPassed_g === this.lastPassed_g) {
            const dd = x - this.lastPassed_g
            if (this.steadiness.isSteady()) {
                this.runSq += dd * dd
                this.runN++
            } else {
                this.runSq = 0
                this.runN = 0
            }
        }
        this.prev3Passed_g = this.prev2Passed_g
        this.prev2Passed_g = this.prevPassed_g
        this.prevPassed_g = this.lastPassed_g
        this.lastPassed_g = x
        this.recentMean = this.recent.update(x, RECENT_N)
        this.ring2.update(t_ms, this.ring1.update(t_ms, x))
        if (this.gate.takeJump()) this.median.reset()
        this.clean = this.median.update(x)
        this.fast2.update(t_ms, this.fast.update(t_ms, this.clean))
        // on a big swing the median bends the load's ring: the blocks average the gated readings
        this.steadiness.update(t_ms, this.swinging ? x : this.clean)
        this.history.update(t_ms, this.clean)
        return true
    }

    /**
     * a swinging rig rings the load at twice the swing rate (`w2`, the pendulum's W^2, 1/s^2):
     * while the swing envelope `swing_dps` passes ring_swing_dps, steadiness blocks of the whole
     * ring periods nearest to block_ms average it out, on the gated readings (the running median
     * bends a ring: on a slow cell it spans most of one)
     */
    setSwing(swing_dps: number, w2: number) {
        const b = this.settings.block_ms
        this.swinging = swing_dps > this.settings.ring_swing_dps && w2 > 0
        if (!this.swinging) this.block_ms = b
        else {
            const ring = (Math.PI * 1000) / Math.sqrt(w2)
            const k = Math.round(b / ring)
            this.block_ms = k >= 1 ? k * ring : ring
        }
        this.steadiness.setBlock_ms(this.block_ms)
    }

    /**
     * whether the load has left `level_g` by more than `band_g`: the quick level; on a big swing (setSwing),
     * which rings the load by more than a band, the steadiness blocks' mean over whole ring periods, and
     * between steady blocks the ring-free level by twice the band
     */
    leftLevel(level_g: number, band_g: number): boolean {
        if (!this.swinging) return Math.abs(this.fast_g() - level_g) > band_g
        if (this.isSteady()) return Math.abs(this.steadyMean_g() - level_g) > band_g
        return Math.abs(this.ringFree_g() - level_g) > 2 * band_g
    }

    /** spike-free level, g (median output) */
    clean_g(): number {
        return this.clean
    }

    /** how far the clean level lags the load: the running median's group delay, ms */
    cleanDelay_ms(): number {
        return this.period_ms === this.period_ms ? ((this.settings.median_window - 1) / 2) * this.period_ms : 0
    }

    /** how long a change of the load takes to show in fast_g(): a reading's period, the median's delay and the low-pass, ms */
    responseDelay_ms(): number {
        const period = this.period_ms === this.period_ms ? this.period_ms : 0
        return this.cleanDelay_ms() + period + 2 * this.settings.fast_tau_ms
    }

    /** the median of the last three readings past the spike gate, g: quick (one reading late), yet a single bit error is out */
    quick_g(): number {
        const a = this.lastPassed_g
        const b = this.prevPassed_g
        const c = this.prev2Passed_g
        if (c !== c) return a
        if (a > b) return b > c ? b : a > c ? c : a
        return a > c ? a : b > c ? c : b
    }

    /** the mean of the last RECENT_N readings past the spike gate, g (NaN before that many): on a slow cell, a drop the ring's alias hides from the median */
    recentMean_g(): number {
        return this.recentMean
    }

    /** the highest of the last RECENT_N (4) readings past the spike gate, g (NaN before that many) */
    recentMax_g(): number {
        return Math.max(this.lastPassed_g, this.prevPassed_g, this.prev2Passed_g, this.prev3Passed_g)
    }

    /** the higher of the last two readings past the spike gate, g: the load has been at most this for two readings (NaN before two) */
    recentHigh_g(): number {
        return Math.max(this.prevPassed_g, this.lastPassed_g)
    }

    /** the level with the hanger's ringing averaged out (the readings past the spike gate, low-passed), g */
    ringFree_g(): number {
        return this.ring2.get()
    }

    /** quick low-passed level, g */
    fast_g(): number {
        return this.fast2.get()
    }

    isSteady(): boolean {
        return this.steadiness.isSteady()
    }

    steadyMean_g(): number {
        return this.steadiness.mean_g()
    }

    /** set the zero to the steady mean (or to `zero_g` if given); false if nothing steady to tare on */
    tare(t_ms: number, zero_g?: number): boolean {
        const z = zero_g === undefined ? this.steadiness.mean_g() : zero_g
        if (z !== z) return false
        this.zero = z
        if (this.runN >= NOISE_MIN_READINGS) this.restNoise_g = Math.sqrt(this.runSq / (2 * this.runN))
        return true
    }

    /** the cell's white noise per reading, measured at the last tare (the rig at rest), g; NaN before */
    restNoise(): number {
        return this.restNoise_g
    }

    zero_g(): number {
        return this.zero
    }

    hasTare(): boolean {
        return this.zero === this.zero
    }

}

/**
 * A short history of the clean level: means over `slot_ms` slots in a ring of
 * `slots`. Answers "since when has the level stayed within tol of L?" by a
 * backward scan (only when a detector asks, not per sample).
 */
export class LevelHistory {
    private slot_ms: number
    private ring: number[] = []
    private head = 0
    private filled = 0
    private slotStart = NaN
    private acc = 0
    private accN = 0

    constructor(slot_ms: number, slots: number) {
        this.slot_ms = slot_ms
        for (let i = 0; i < slots; i++) this.ring.push(NaN)
    }

    update(t_ms: number, x: number) {
        if (this.slotStart !== this.slotStart || t_ms - this.slotStart > this.ring.length * this.slot_ms) {
            // first reading, or a gap longer than the ring: start afresh
            this.filled = 0
            this.acc = 0
            this.accN = 0
            this.slotStart = t_ms
        }
        while (t_ms - this.slotStart >= this.slot_ms) {
            // an empty slot (a slow ADC) repeats the last mean
            const n = this.ring.length
            this.ring[this.head] = this.accN > 0 ? this.acc / this.accN : this.ring[(this.head + n - 1) % n]
            this.head = (this.head + 1) % n
            if (this.filled < n) this.filled++
            this.acc = 0
            this.accN = 0
            this.slotStart += this.slot_ms
        }
        this.acc += x
        this.accN++
    }

    /** the mean of the closed slots that start at or after `from_ms` (NaN when none has) */
    mean_since_ms(from_ms: number): number {
        const n = this.ring.length
        let sum = 0
        let count = 0
        for (let k = 1; k <= this.filled; k++) {
            if (this.slotStart - k * this.slot_ms < from_ms) break
            sum += this.ring[(this.head + n - k) % n]
            count++
        }
        return count > 0 ? sum / count : NaN
    }

    /**
     * back in time from the newest closed slot, the first k (the window of the `w` slots ending k - 1 slots back)
     * whose mean `stop` is true for: k, or filled + 1 when no window's is
     */
    private scanBack(w: number, stop: (mean_g: number) => boolean): number {
        const n = this.ring.length
        let sum = 0
        for (let k = 1; k <= this.filled; k++) {
            // a running sum, back in time
            sum += this.ring[(this.head + n - k) % n]
            if (k > w) sum -= this.ring[(this.head + n - k + w) % n]
            if (k >= w && stop(sum / w)) return k
        }
        return this.filled + 1
    }

    /**
     * the start of the oldest closed slot from which on every slot mean lies within tol_g of level_g (NaN if the last one
     * does not); with `window_slots`, means over that many slots are judged instead (a swinging rig rings the load at twice
     * the swing rate: a 500 ms mean spans the ring), each standing for its middle slot
     */
    within_since_ms(level_g: number, tol_g: number, window_slots?: number): number {
        const w = window_slots !== undefined && window_slots > 1 ? window_slots : 1
        // the last window within the band: the one before the first outside it
        const k = this.scanBack(w, m => !(Math.abs(m - level_g) <= tol_g)) - 1
        // a window's mean stands for its middle
        return k >= w ? this.slotStart - (k - (w - 1) / 2) * this.slot_ms : NaN
    }

    /**
     * when the level stepped from `from_g` towards `to_g` by the fraction `frac`: judged on means over `window_slots`
     * slots (a ring's whole periods), the time their mean crossed that line (the newest window still on the old side,
     * half a slot on; a window centred on a step has the halfway mean whatever its length); NaN if no window is
     */
    crossed_ms(from_g: number, to_g: number, window_slots: number, frac: number): number {
        const w = window_slots > 1 ? window_slots : 1
        const line = from_g + frac * (to_g - from_g)
        const up = to_g > from_g
        const k = this.scanBack(w, m => (up ? m < line : m > line))
        return k <= this.filled ? this.slotStart - (k - w / 2 - 0.5) * this.slot_ms : NaN
    }
}

export interface CardMassSettings {
    /** the card mass assumed before any card was weighed, g */
    prior_g: number
    /** the first placements are averaged equally; later ones refine with weight 1/this */
    learn_cards: number
    /** a step is accepted as one card only within this factor of the current estimate (and its inverse) */
    accept_ratio: number
}
export const CARD_MASS_DEFAULTS: CardMassSettings = { prior_g: 6.5, learn_cards: 4, accept_ratio: 1.6 }

/**
 * The card mass, learned from the placements: the first `learn_cards` steps
 * are averaged, later steps refine it slowly. Steps far from the estimate
 * (ratio beyond `accept_ratio`) are not learned from.
 */
export class CardMass {
    private s: CardMassSettings
    private est: number
    private n = 0
    /** the weight the last observation was learned with (0: none) */
    private lastW = 0

    constructor(settings: CardMassSettings) {
        this.s = settings
        this.est = settings.prior_g
    }

    get_g(): number {
        return this.est
    }

    /** cards weighed so far */
    count(): number {
        return this.n
    }

    /** is `step_g` (absolute) plausibly one card? (wider before the first card is weighed) */
    isOneCard(step_g: number): boolean {
        const a = Math.abs(step_g)
        const r = this.n === 0 ? this.s.accept_ratio * this.s.accept_ratio : this.s.accept_ratio
        return a >= this.est / r && a <= this.est * r
    }

    /** learn from a confirmed one-card step (absolute value used) */
    observe(step_g: number) {
        const a = Math.abs(step_g)
        if (!this.isOneCard(a)) return
        this.n++
        const w = this.n <= this.s.learn_cards ? 1 / this.n : 1 / this.s.learn_cards
        this.est += w * (a - this.est)
        this.lastW = w
    }

    /** the last learned step was really `delta_g` bigger (negative: smaller): learn it as that */
    revise(delta_g: number) {
        this.est += this.lastW * delta_g
    }

    /** restore a learned value (e.g. from a snapshot) */
    set(mass_g: number, count: number) {
        this.est = mass_g
        this.n = count
        this.lastW = 0
    }
}
