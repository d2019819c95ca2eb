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
    /** cards breaking loose strike the structure: with the IMU healthy, a drop counts only if the peak-held push (Push) passed this lately, degrees/s^2 (a hand lifting the hanger hardly turns the rod) */
    push_dpss: number
}
export const COLLAPSE_DEFAULTS: CollapseSettings = { drop_cards: 1.7, hold_ms: 80, release_cards: 1.2, swing_dps: 0, fast_cards: 2.5, fast_hold_ms: 40, push_dpss: 30 }

/** a drop counts as struck when a strong push came at most this long before, ms */
const STRIKE_MS = 800

export class CollapseDetector {
    private s: CollapseSettings
    /** since when the quick level (0) and the ring-free level (1) have been down, ms */
    private below: number[] = [NaN, NaN]
    private called = false
    /** the last time a strong push was seen, ms */
    private struck_ms = NaN
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
        this.below = [NaN, NaN]
        this.struck_ms = NaN
        this.called = false
        this.raw1 = NaN
        this.deepSince = NaN
    }

    update(t_ms: number, sig: Signals, out: Obs[]) {
        if (!sig.loadOk || sig.ref_g !== sig.ref_g) return
        const card = sig.mass.get_g()
        const fast = this.fastDrop_g(t_ms, sig, card)
        const dq = sig.load.fast_g() - sig.ref_g
        const dr = sig.load.ringFree_g() - sig.ref_g
        if (dq > -card && dr > -card) this.called = false
        if (sig.push.peakPushDpss() >= this.s.push_dpss) this.struck_ms = t_ms
        if (this.called) return
        // (no IMU, or none heard yet: the load alone decides)
        const struck = !sig.imuOk || !sig.motion.hasData() || t_ms - this.struck_ms <= STRIKE_MS
        if (fast === fast && struck) {
            this.call(t_ms, sig, fast, this.deepSince, out)
            return
        }
        // settled: the quick level, and the ring-free one (a slow cell aliases the hanger's
        // ringing into readings that swing both ways, which the quick level's median follows)
        const onQuick = this.settled(t_ms, dq, card, 0)
        const onRing = this.settled(t_ms, dr, card, 1)
        const since = onQuick === onQuick ? onQuick : onRing
        if (since !== since) return
        if (sig.imuOk && sig.motion.swingDps() < this.s.swing_dps) return
        if (!struck) return
        this.call(t_ms, sig, onQuick === onQuick ? dq : dr, since, out)
    }

    /** level `d` (below the reference, g) on track `k`: since when it has been down, if that is hold_ms or more, else NaN */
    private settled(t_ms: number, d: number, card: number, k: number): number {
        let below = this.below[k]
        if (d >= -this.s.release_cards * card) below = NaN
        else if (below !== below && d < -this.s.drop_cards * card) below = t_ms
        this.below[k] = below
        return below === below && t_ms - below >= this.s.hold_ms ? below : NaN
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

    private call(t_ms: number, sig: Signals, d: number, onset_ms: number, out: Obs[]) {
        this.called = true
        this.below = [NaN, NaN]
        out.push({ kind: "collapse", t_ms: t_ms, ev: sig.evidence("load_drop", d, false), onset_ms: onset_ms })
    }
}
