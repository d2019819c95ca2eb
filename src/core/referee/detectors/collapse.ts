/**
 * Collapse, called fast: the quick load (median + short low-pass) has stayed
 * more than `drop_cards` cards below the reference level for `hold_ms` (the
 * hanger rings after a drop: once under the line, the level counts as down
 * until it comes back above `release_cards` below the reference). One card
 * falling stays above that line, and a card that catches and hangs on keeps
 * its weight on the structure. Called once; re-armed when the level is
 * back within one card of the reference (a new round re-tares it anyway).
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
}
export const COLLAPSE_DEFAULTS: CollapseSettings = { drop_cards: 1.7, hold_ms: 80, release_cards: 1.2, swing_dps: 0 }

export class CollapseDetector {
    private s: CollapseSettings
    private below = NaN
    private called = false

    constructor(settings: CollapseSettings) {
        this.s = settings
    }

    configure(settings: CollapseSettings) {
        this.s = settings
    }

    reset() {
        this.below = NaN
        this.called = false
    }

    update(t_ms: number, sig: Signals, out: Obs[]) {
        if (!sig.loadOk || sig.ref_g !== sig.ref_g) return
        const d = sig.load.fast_g() - sig.ref_g
        const card = sig.mass.get_g()
        if (d > -card) this.called = false
        if (d >= -this.s.release_cards * card) this.below = NaN
        if (d >= -this.s.drop_cards * card && this.below !== this.below) return
        if (this.below !== this.below) this.below = t_ms
        if (this.called || t_ms - this.below < this.s.hold_ms) return
        if (sig.imuOk && sig.motion.swingDps() < this.s.swing_dps) return
        this.called = true
        out.push({ kind: "collapse", t_ms: t_ms, ev: sig.evidence("load_drop", d, false) })
    }
}
