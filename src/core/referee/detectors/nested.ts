/**
 * A hand pressing the hanger while the load stands at no level: the placer's
 * slotting press under way, and its tremor (7-12 Hz, rung up by the springy
 * hanger to a few grams either way). The HangerDetector needs a level to
 * leave and come back to; the tremor keeps the load from standing back at
 * one (the readings back scatter, or swing out again). Seen here instead,
 * against the envelope of the quick load over the SLOTS x SLOT_MS before the
 * slot now: the load rises out of it by more than the threshold and RISE_K of
 * its width, holds `hold_ms`, comes back into it within SLOTS x SLOT_MS and stays
 * there `stay_ms` (three readings at least), the readings back averaging
 * about the envelope's mean or below it. A tremor stays in its envelope (one
 * that grows goes out again: spent); a card's weight stays on (an envelope
 * that held the start of its ramp reaches high, but with the card on and the
 * placer's press off the readings back stand above its mean). Only where a
 * hand's press, not a card, stands on the reference: the envelope's mean
 * within the threshold below it and a slotting press above. A press out
 * longer than the envelope spans is a slotting hand's, and a press may rise
 * out of it in turn. The HangerDetector arms it (a calm rig, a fast cell, not
 * the dismantle, the cell not repeating its readings) and makes the touch.
 *
 * A hand lifting the hanger inside the tremor is the same test upside down
 * (NestedPress(-1): the readings taken negative): the load drops out of the
 * envelope and comes back, the readings back not averaging under its mean (a
 * card that fell stays off), or under the reference when the mean stood above
 * it (the slotting hand let go with the lift). A lift must also take the load under the
 * reference by more than the threshold: a slotting hand letting go and
 * pressing again comes down to the reference at most.
 */
import { Signals } from "./signals"

/** the HangerDetector's times (HangerSettings): how long a press holds, and stays back, ms */
export interface PressTimes {
    hold_ms: number
    stay_ms: number
}

/** the envelope: SLOTS slots of SLOT_MS before the slot now (400 ms: three tremor periods or more), holding MIN_READINGS readings or more */
const SLOT_MS = 50
const SLOTS = 8
const MIN_READINGS = 3
/** the rise out of the envelope passes the threshold and this much of the envelope's width (seeds 1000-6000: 0.35-0.7 make the same calls) */
const RISE_K = 0.5
/**
 * readings back: in the envelope up to this much of the threshold above it, and their mean above the envelope's by
 * no more. Without the mean's bound, seeds 1000-6000 had 27 more wrong outcomes (a card's weight coming on as the
 * placer's press let go, back in an envelope that held the ramp's start); with 15 % of the envelope's width more,
 * seed 9000's case 331 (a 5.2 g card on as a 3 g press let go: 2.2 g net, inside the press's tremor)
 */
const LEVEL_THR = 0.5
/** readings back may swing below the envelope by this much of the press's height (a release's ring, as the HangerDetector's `over_frac`) */
const OVER_FRAC = 0.25

export class NestedPress {
    /** per slot: the lowest and highest reading, their sum and count, and which slot (t / SLOT_MS, floored) it holds */
    private lo: number[] = []
    private hi: number[] = []
    private sum: number[] = []
    private n: number[] = []
    private key: number[] = []
    /** the press under way: since when (NaN: none), the envelope it rose out of, its peak and the reference then, g */
    private since = NaN
    private eLo = 0
    private eHi = 0
    private eMean = 0
    private peak = 0
    private ref_g = 0
    /** since when it has been back in the envelope (NaN: out), from when its stay counts, and the readings back */
    private back_ms = NaN
    private backFrom_ms = 0
    private backN = 0
    private backSum = 0
    /** the press (or lift) last told: when it began, ms, and its height from the envelope's mean (a lift's negative), g */
    onset_ms = NaN
    height_g = NaN
    /** 1: a press out of the envelope (up), -1: a lift (down); the readings are taken times it */
    private dir: number
    /** the detector named in its calls' evidence */
    name: string

    constructor(dir: number) {
        this.dir = dir
        this.name = dir > 0 ? "nested_press" : "nested_lift"
        for (let i = 0; i <= SLOTS; i++) {
            this.lo.push(0)
            this.hi.push(0)
            this.sum.push(0)
            this.n.push(0)
            this.key.push(-1)
        }
    }

    /** forget the envelope and the press under way */
    reset() {
        this.since = NaN
        for (let i = 0; i <= SLOTS; i++) this.n[i] = 0
    }

    /**
     * one load reading at `t_ms`; `armed`: the rig calm and the cell fast, `thr` the HangerDetector's threshold, `press`
     * the most a slotting hand presses, g; true when a press came back and stayed (onset_ms and height_g tell it)
     */
    update(t_ms: number, sig: Signals, s: PressTimes, armed: boolean, thr: number, press: number): boolean {
        if (!armed) {
            this.reset()
            return false
        }
        const dir = this.dir
        const q = dir * sig.load.quick_g()
        const ref = dir * sig.ref_g
        // the envelope of the slots before this one: its lowest and highest reading, and their sum and count
        const k = Math.floor(t_ms / SLOT_MS)
        let lo = NaN
        let hi = NaN
        let sum = 0
        let n = 0
        for (let i = 0; i <= SLOTS; i++) {
            const age = k - this.key[i]
            if (this.n[i] === 0 || age < 1 || age > SLOTS) continue
            if (!(this.lo[i] >= lo)) lo = this.lo[i]
            if (!(this.hi[i] <= hi)) hi = this.hi[i]
            sum += this.sum[i]
            n += this.n[i]
        }
        this.record(k, q)
        const level = LEVEL_THR * thr
        if (this.since === this.since) {
            const moved = ref - this.ref_g
            const over = OVER_FRAC * (this.peak - this.eMean)
            if (moved > 0.2 || moved < -0.2 || q < this.eLo - Math.max(over, level)) this.since = NaN
            else if (q > this.eHi + level) {
                if (q > this.peak) this.peak = q
                // out again (a tremor grown), or standing out longer than the envelope spans (a slotting hand's press): spent
                if (this.back_ms === this.back_ms || t_ms - this.since > SLOTS * SLOT_MS) this.since = NaN
                else return false
            } else {
                if (this.back_ms !== this.back_ms) {
                    this.back_ms = t_ms
                    // the stay is counted to the nearest reading, as the HangerDetector's
                    const p = sig.load.period_ms
                    this.backFrom_ms = p === p ? t_ms - p / 2 : t_ms
                    this.backN = 0
                    this.backSum = 0
                }
                this.backN++
                this.backSum += q
                if (t_ms - this.backFrom_ms < s.stay_ms || this.backN < 3) return false
                this.onset_ms = this.since
                this.since = NaN
                this.height_g = dir * (this.peak - this.eMean)
                // a lift takes the load under the reference by more than the threshold: a slotting hand letting go and
                // pressing again comes down to it at most. Its readings back may stand at the reference under an
                // envelope that stood above it: the slotting hand let go with the lifting hand (10000-146; seeds
                // 10000-15000 and 16000-21000: one more right, one more touch caught, none worse; 1000-6000 and the
                // forced librium cases: no call changed)
                if (dir < 0 && !(this.peak - ref > thr)) return false
                return this.back_ms - this.onset_ms >= s.hold_ms && this.backSum / this.backN - (dir < 0 && ref > this.eMean ? ref : this.eMean) <= level
            }
        }
        if (n < MIN_READINGS) return false
        const mean = sum / n
        const width = hi - lo
        const rise = Math.max(thr, RISE_K * width)
        const off = dir * (mean - ref)
        if (off > -thr && off < press && q - hi > rise) {
            this.since = t_ms
            this.eLo = lo
            this.eHi = hi
            this.eMean = mean
            this.peak = q
            this.ref_g = ref
            this.back_ms = NaN
        }
        return false
    }

    /** reading `q` into slot `k` */
    private record(k: number, q: number) {
        const i = k % (SLOTS + 1)
        // a slot of an older time, or emptied by reset(), starts afresh
        if (this.key[i] !== k || this.n[i] === 0) {
            this.key[i] = k
            this.n[i] = 0
            this.sum[i] = 0
            this.lo[i] = q
            this.hi[i] = q
        } else if (q < this.lo[i]) this.lo[i] = q
        else if (q > this.hi[i]) this.hi[i] = q
        this.sum[i] += q
        this.n[i]++
    }
}
