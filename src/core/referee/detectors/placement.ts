/**
 * Placements and removals: the settled load moved by about one card from the
 * reference level and has stayed steady (the Load steadiness window, ~1.5 s),
 * so the slotting pressure of fingers (a transient) is never a card. The
 * reference level then moves to the new level and the card mass learns from
 * the step. While the level sits within `follow_cards` of the reference, the
 * reference follows it slowly (creep, drift); between that and `min_cards`
 * the level is ambiguous (a hand still lowering a card) and nothing happens.
 *
 * A steady drop of more than one card is a (slow) collapse; a steady rise of
 * more than one card is something resting on the structure: a touch.
 */
import { Obs } from "../types"
import { Signals } from "./signals"

export interface PlacementSettings {
    /** a steady change smaller than this many cards is drift: the reference follows it */
    follow_cards: number
    /** a steady change from this many cards up is a card */
    min_cards: number
    /** a steady change up to this many cards is one card */
    max_cards: number
    /** the reference follows drift inside min_cards at most this fast, g/s */
    follow_gps: number
}
export const PLACEMENT_DEFAULTS: PlacementSettings = { follow_cards: 0.3, min_cards: 0.7, max_cards: 1.6, follow_gps: 0.2 }

export class PlacementDetector {
    private s: PlacementSettings
    private lastT = NaN

    constructor(settings: PlacementSettings) {
        this.s = settings
    }

    configure(settings: PlacementSettings) {
        this.s = settings
    }

    update(t_ms: number, sig: Signals, out: Obs[]) {
        const dt = this.lastT === this.lastT ? t_ms - this.lastT : 0
        this.lastT = t_ms
        const load = sig.load
        if (!sig.loadOk || !load.isSteady() || sig.ref_g !== sig.ref_g) return
        const mean = load.steadyMean_g()
        const d = mean - sig.ref_g
        const card = sig.mass.get_g()
        const k = d / card
        const ak = k < 0 ? -k : k
        if (ak < this.s.min_cards) {
            if (ak >= this.s.follow_cards) return
            const step = (this.s.follow_gps * (dt > 0 ? dt : 0)) / 1000
            sig.ref_g += d > step ? step : d < -step ? -step : d
            return
        }
        if (ak <= this.s.max_cards) {
            out.push({ kind: k > 0 ? "card_on" : "card_off", t_ms: t_ms, ev: sig.evidence("load_step", d, false) })
            sig.mass.observe(d)
        } else if (k < 0) {
            out.push({ kind: "collapse", t_ms: t_ms, ev: sig.evidence("load_level", d, false) })
        } else {
            out.push({ kind: "touch", t_ms: t_ms, ev: sig.evidence("load_excess", d, true) })
        }
        sig.ref_g = mean
    }
}
