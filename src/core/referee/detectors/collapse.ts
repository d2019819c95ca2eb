/**
 * Collapse, called fast, on either of two paths:
 *  - settled: the quick load (median + short low-pass) has stayed more than
 *    `drop_cards` cards below the reference level for `hold_ms` (the hanger
 *    rings after a drop: once under the line, the level counts as down until
 *    it comes back above `release_cards` below the reference);
 *  - fast: the raw readings have stayed more than `fast_cards` below the
 *    reference, two in a row at least, for `fast_hold_ms` from the first low
 *    one. On a 10 SPS cell that is the second low reading (the median of 5
 *    alone waits for the third, then the low-pass and the hold: 300-400 ms);
 *    a single bit-error spike, a hanger ringing one reading in two and a
 *    hand's or bump's dip of a few ms stay out, and so does a reading further
 *    below the empty rig than the cards on (a released spring overshoots by
 *    at most the drop: lower is a bit error).
 * One card falling stays above both lines (its ring trough reaches ~2 cards),
 * and a card that catches and hangs on keeps its weight on the structure.
 * Called once; re-armed when the level is back within one card of the
 * reference (a new round re-tares it anyway).
 */
import { Obs } from "../types"
import { Signals } from "./signals"

export interface CollapseSettings {
    /** the drop that is more than the last card, in cards */
    drop_cards: number
    /** how long the drop must hold, ms */
    hold_ms: number
    /** the drop is over when the level is back above this many cards below the reference */
    release_cards: number
    /** cards falling off swing the rod: the swing envelope must pass this, degrees/s (a hand lifting the hanger hardly swings it); no check while the IMU is in fault */
    swing_dps: number
    /** fast path: two raw readings in a row this many cards below the reference; 0 turns it off */
    fast_cards: number
    /** fast path: how long the raw readings must stay under that line, ms, counted from the first low one (a slow cell's two readings span their period) */
    fast_hold_ms: number
}
export const COLLAPSE_DEFAULTS: CollapseSettings = { drop_cards: 1.7, hold_ms: 80, release_cards: 1.2, swing_dps: 0, fast_cards: 2.5, fast_hold_ms: 40 }

export class CollapseDetector {
    private s: CollapseSettings
    private below = NaN
    private called = false
    /** the raw reading before the last, g, and its time, ms */
    private raw1 = NaN
    private raw1_ms = NaN
    /** since when the raw readings have stayed under the fast line, ms */
    private deepSince = NaN

    constructor(settings: CollapseSettings) {
        this.s = settings
    }

    configure(settings: CollapseSettings) {
        this.s = settings
    }

    reset() {
        this.below = NaN
        this.called = false
        this.raw1 = NaN
        this.deepSince = NaN
    }

    update(t_ms: number, sig: Signals, out: Obs[]) {
        if (!sig.loadOk || sig.ref_g !== sig.ref_g) return
        const card = sig.mass.get_g()
        const fast = this.fastDrop_g(t_ms, sig, card)
        const d = sig.load.fast_g() - sig.ref_g
        if (d > -card) this.called = false
        if (this.called) return
        if (fast === fast) {
            this.call(t_ms, sig, fast, out)
            return
        }
        if (d >= -this.s.release_cards * card) this.below = NaN
        if (d >= -this.s.drop_cards * card && this.below !== this.below) return
        if (this.below !== this.below) this.below = t_ms
        if (t_ms - this.below < this.s.hold_ms) return
        if (sig.imuOk && sig.motion.swingDps() < this.s.swing_dps) return
        this.call(t_ms, sig, d, out)
    }

    /** the fast path's drop below the reference (g, negative), NaN when it does not hold (yet) */
    private fastDrop_g(t_ms: number, sig: Signals, card: number): number {
        const r0 = sig.load.lastRaw_g
        const r1 = this.raw1
        const t1 = this.raw1_ms
        this.raw1 = r0
        this.raw1_ms = t_ms
        const line = sig.ref_g - this.s.fast_cards * card
        // a released spring overshoots by at most the drop: below the empty rig by more
        // than the cards on is a bit error, not a load
        const floor = 2 * sig.load.zero_g() - sig.ref_g - card
        // two readings in a row low, none impossibly low (NaN compares false)
        const hi = Math.max(r0, r1)
        if (!(hi < line && Math.min(r0, r1) > floor) || this.s.fast_cards <= 0) {
            this.deepSince = NaN
            return NaN
        }
        if (this.deepSince !== this.deepSince) this.deepSince = t1
        return t_ms - this.deepSince >= this.s.fast_hold_ms ? hi - sig.ref_g : NaN
    }

    private call(t_ms: number, sig: Signals, d: number, out: Obs[]) {
        this.called = true
        this.below = NaN
        out.push({ kind: "collapse", t_ms: t_ms, ev: sig.evidence("load_drop", d, false) })
    }
}
