/**
 * Placements and removals: the settled load moved by about one card from the
 * reference level and has stayed steady (the Load steadiness window, 1 s of two 500 ms blocks),
 * so the slotting pressure of fingers (a transient) is never a card. The
 * reference level then moves to the new level and the card mass learns from
 * the step. While the level sits within `follow_cards` of the reference, the
 * reference follows it slowly (creep, drift); between that and `min_cards`
 * the level is ambiguous (a hand still lowering a card) and nothing happens.
 * Once, within `settle_ms` after a step, a second of level wholly after it
 * that stayed 0.05 card or more below the reference becomes the reference (and the card mass learns the step as that much smaller): the
 * placer's hand pressed on into the step's measure (only down: the next
 * player's press lifts the level). On a big swing (the released pivot of the
 * tilt phase) the level is the steady blocks' mean over whole ring periods:
 * the history rings by more than the band there, and a card's step measured
 * on it can be a gram or two off. A card weighed at its pass time on a big
 * swing takes that mean too, when it is the lower of the two measures. A drop
 * takes the lower of the fresh measure and the level that confirmed it: a hand
 * coming back to the structure before the pass time only ever adds.
 *
 * A steady drop of more than one card is a (slow) collapse, once no hand may
 * be lifting the hanger (Signals.lift_ms: a lift with no strike, under way).
 * A one-card drop due meanwhile is measured at its time and held until then
 * (outside the dismantle): a hand that lifted the hanger by a card for 2 s
 * lets go and the load goes back (a touch, not a fallen card). A steady rise of
 * two or three whole cards is that many placements (they went on while a big
 * swing kept the load from settling), called `multi_hold_ms` later if the
 * level is still there: a hand holding the rod while the pivot is released
 * is gone by then, and leaves the reference alone. A rise over `max_cards`
 * but short of two whole cards may be a heavy card with the placer's last
 * press in the window that confirmed it: it waits like a card, weighed again
 * at its pass time and `multi_hold_ms` after it was seen at the earliest, and
 * is a card if it is then one. Any other rise of more than one card is
 * something resting on the structure: a touch.
 *
 * In the dismantle a one-card drop is marked `fell` when a strike came with it
 * (Push.strike_ms, at most FELL_AFTER_MS after the level settled, and the
 * level the new one since): the LIBRIUM card falling off, not a removal; the
 * rules judge whether it can be one.
 *
 * The turn passes `pass_ms` after the card's full weight came on (rules.md 3),
 * and the blame windows run from that moment, so the call is timed: when the
 * step is confirmed, the level history says since when the level has stayed
 * within `on_tol_cards` of the new level (the weight fully on); the call is
 * held until that time + `pass_ms` (dropped if the level leaves the band:
 * Load.leftLevel, which on a big swing judges whole ring periods; the released
 * pivot of the tilt phase rocks the rod at 100-200 degrees/s for a minute).
 * A card whose level stood `measure_ms` before the load rose on from it, with
 * no touch cue up, is called then on that level: the next player's slotting
 * press came before the pass time (a rocking level is judged steady late), and
 * the card weighed with the press in it left the reference that much high.
 */
import { Obs } from "../types"
import { HISTORY_SLOT_MS } from "../../signal/load"
import { Signals } from "./signals"

export interface PlacementSettings {
    /** a steady change smaller than this many cards is drift: the reference follows it */
    follow_cards: number
    /** a steady change from this many cards up is a card (a hand pressing a card into its slot adds at most ~0.7 of the lightest card) */
    min_cards: number
    /** the same before any card was weighed: the assumed mass may be 30 % off either way */
    first_min_cards: number
    /** a steady change up to this many cards is one card */
    max_cards: number
    /** the reference follows drift inside follow_cards at most this fast, g/s (load cells drift <= ~0.3 g/min; a faster follow ate a slotting hand's press, then the card's step looked light) */
    follow_gps: number
    /** the weight is fully on once the level stays within this many cards of the new level */
    on_tol_cards: number
    /** the turn passes this long after the weight is fully on, ms */
    pass_ms: number
    /** no step is taken until a touch cue has been down this long, ms */
    hand_quiet_ms: number
    /** a cue up without a break for longer than this is the rig still swinging after a touch, not a hand (touches last seconds at most), ms */
    hand_max_ms: number
    /** at the pass time the new level is measured afresh over the last this-many ms of the level history (the hand long gone), ms */
    measure_ms: number
    /** a steady rise of 2..this many whole cards (within multi_tol_cards of a whole number) is that many placements: cards that went on while a big swing kept the load from settling */
    multi_max_cards: number
    multi_tol_cards: number
    /** ... called this long after it was seen steady, if the level is still there (a hand releasing the pivot is gone by then), ms */
    multi_hold_ms: number
    /** up to this long after a step, the first steady level measured wholly after it that stands 0.05 card or more below the reference (within follow_cards) becomes the reference: the placer's last press was in the step's measure, ms (0: off) */
    settle_ms: number
}
export const PLACEMENT_DEFAULTS: PlacementSettings = { follow_cards: 0.3, min_cards: 0.8, first_min_cards: 0.6, max_cards: 1.6, follow_gps: 0.02, on_tol_cards: 0.2, pass_ms: 1500, hand_quiet_ms: 1000, hand_max_ms: 4000, measure_ms: 1000, multi_max_cards: 3, multi_tol_cards: 0.3, multi_hold_ms: 4000, settle_ms: 3000 }

/** the settle after a step moves the reference by at least this many cards (a smaller move is the drift follow's; a hand's short lift, which the level history's median half hides, stays out) */
const SETTLE_MIN_CARDS = 0.05

/** a drop whose load is back within this many cards of the old level when it leaves the drop was a hand's, not a card's */
const UNDONE_CARDS = 0.3

/** a one-card drop in the dismantle fell (the LIBRIUM card) when a strike (Push.strike_ms, its last moment) came at most this long after the level settled on the new one (the card hits the table), ms */
const FELL_AFTER_MS = 800
/** ... and the level since the strike is within this many cards of the new one (a fallen card rings the hanger about it for up to 1.4 s, traced; a hand's knock before a removal's weight went finds the old level after it) */
const FELL_LEVEL_CARDS = 0.25

/** a touch cue down for longer than this ends its stretch, ms */
const CUE_GAP_MS = 500
/**
 * the weight of a card is taken as fully on no later than CAME_LATE_MS after the level crossed CAME_FRAC of its
 * step: a rocking level (a released fulcrum) stays out of the steady band for a second or more after the card,
 * which dated the turn's pass that much late for the blame windows (seeds 1000-6000 and 900 librium cases of
 * theirs: 70 % and 400 ms fixed three such blames; 300 ms dated passes early enough to move a placer's
 * collapse past 3 s, 500 ms lost one). The crossing is taken on the slots and on the steadiness block's means, the
 * earlier of the two: a hanger ringing 5-8 g about the new level (a 320 SPS cell shows it) dips a 50 ms slot under
 * the line for a second or more after the weight came, which dated 4000-38-librium's pass 1.35 s late, so a collapse
 * 4.4 s after the truth's pass counted as the placer's (stop 52: seeds 1000-6000 no call changed; 10000-15000 +1,
 * 16000-21000 +1, forced librium +1, none worse; seed 7000's 1,350, held out, 1312 -> 1313)
 */
const CAME_FRAC = 0.7
const CAME_LATE_MS = 400

export class PlacementDetector {
    private s: PlacementSettings
    private lastT = NaN
    /** a confirmed one-card step waiting for its pass time (NaN: none) */
    private due_ms: number
    private pendingMean_g = NaN
    /** a drop's level measured at its time, held while a hand may be lifting the hanger (NaN: none held), and since when */
    private heldLevel_g: number
    private heldFrom_ms = NaN
    /** the pending step is this many whole cards at once (0: one card, or none) */
    private multi: number
    /** the pending step rose more than max_cards (short of two whole cards): a card unless still over when weighed again */
    private excess = false
    /** when the pending step is weighed again: its pass time, and for an excess multi_hold_ms after it was seen at
     * the earliest (a hand holding the rod as the pivot is released is gone by then), ms */
    private decide_ms = NaN
    /** when the pending step's weight came fully on (level-history time), ms */
    private on_ms = NaN
    /** when the pending step's turn passed (the weight on for pass_ms), for the blame windows, ms */
    private pass_at_ms = NaN
    /** since when a touch cue has been up without a break (NaN: down) */
    private cueSince_ms: number
    /** the last step's time (NaN: settled, or none), and whether it was a card on */
    private stepAt_ms: number
    private stepUp = true

    constructor(settings: PlacementSettings) {
        this.s = settings
        this.reset()
    }

    configure(settings: PlacementSettings) {
        this.s = settings
    }

    update(t_ms: number, sig: Signals, out: Obs[]) {
        const dt = t_ms - this.lastT // NaN at the first reading: the follow step below is 0 then
        this.lastT = t_ms
        const load = sig.load
        this.trackCue(t_ms, sig.touchCue_ms)
        if (!sig.loadOk || sig.ref_g !== sig.ref_g) return
        if (this.due_ms === this.due_ms) {
            this.pending(t_ms, sig, out)
            return
        }
        if (!load.isSteady()) return
        const mean = load.steadyMean_g()
        const d = mean - sig.ref_g
        const card = sig.mass.get_g()
        const k = d / card
        const ak = Math.abs(k)
        if (ak < this.minCards(sig)) {
            if (ak >= this.s.follow_cards) return
            if (this.settle(t_ms, sig)) return
            const step = (this.s.follow_gps * (dt > 0 ? dt : 0)) / 1000
            sig.ref_g += Math.max(-step, Math.min(step, d))
            return
        }
        // a level reached while a hand pushed (a touch cue up) is no card: wait for the hand to go
        if (this.handOn(t_ms - sig.touchCue_ms < this.s.hand_quiet_ms, sig.touchCue_ms)) return
        // a rise a little over a card (short of two whole ones) may be a heavy card with the placer's last
        // press in the steadiness window: weighed again at its pass time, a touch only if still over
        const over = k > 0 && ak > this.s.max_cards && k < 2 - this.s.multi_tol_cards
        if (ak <= this.s.max_cards || over) {
            // means over a steadiness block: whole ring periods of a ringing hanger
            const block = Math.round(load.block_ms / HISTORY_SLOT_MS)
            let on = load.history.within_since_ms(mean, this.s.on_tol_cards * card)
            let w = 1
            // the slots ring about the level (a big swing): judge means over a steadiness block instead
            if (on !== on) {
                w = block
                on = load.history.within_since_ms(mean, this.s.on_tol_cards * card, w)
            }
            // the level is not at the steady mean now (the blocks straddled the hand letting go): not settled yet
            if (on !== on) return
            // the turn passes pass_ms after the weight came: judged steady late on a rocking level, it came by CAME_LATE_MS
            // after the level crossed CAME_FRAC of the step, on the slots or, when earlier, on the block means (a hanger
            // ringing 5-8 g about the new level dips a slot under the line for a second or more after the weight came;
            // the block means cross it once)
            let came = load.history.crossed_ms(sig.ref_g, mean, w, CAME_FRAC) + CAME_LATE_MS
            const cameBlocks = load.history.crossed_ms(sig.ref_g, mean, block, CAME_FRAC) + CAME_LATE_MS
            if (cameBlocks < came) came = cameBlocks
            if (!(came < on)) came = on
            this.on_ms = on
            this.due_ms = on - load.cleanDelay_ms() + this.s.pass_ms
            this.pass_at_ms = came - load.cleanDelay_ms() + this.s.pass_ms
            this.pendingMean_g = mean
            this.excess = over
            this.decide_ms = over ? Math.max(this.due_ms, t_ms + this.s.multi_hold_ms) : this.due_ms
            this.pending(t_ms, sig, out)
            return
        }
        if (k < 0) {
            // a hand lifting the hanger 5-12 cards for 2 s looks the same until it lets go (the hanger detector's
            // excursion ends: back, or spent after max_ms); cards breaking loose strike the rod
            if (sig.lift_ms === sig.lift_ms) return
            out.push({ kind: "collapse", t_ms: t_ms, ev: sig.evidence("load_level", d, false) })
        } else {
            const n = Math.round(k)
            if (n <= this.s.multi_max_cards && Math.abs(k - n) <= this.s.multi_tol_cards) {
                // whole cards that went on while the load could not settle (a big swing rings it), or a hand
                // holding the rod (releasing the pivot): held until the hand would be gone
                this.multi = n
                this.on_ms = t_ms
                this.due_ms = t_ms + this.s.multi_hold_ms
                this.pendingMean_g = mean
                return
            }
            this.excessTouch(t_ms, sig, mean, out)
            return
        }
        sig.ref_g = mean
    }

    /** the level rose to `level` by more than a card: something resting on the structure, a touch; the level is the new reference */
    private excessTouch(t_ms: number, sig: Signals, level: number, out: Obs[]) {
        out.push({ kind: "touch", t_ms: t_ms, ev: sig.evidence("load_excess", level - sig.ref_g, true) })
        sig.ref_g = level
    }

    /**
     * up to settle_ms after a step, the first time the level measured over measure_ms wholly after it (the
     * load steady; on a big swing the steady blocks' mean) stands SETTLE_MIN_CARDS or more below the reference and has stayed there: it becomes the
     * reference (a hand's last press was in the step's measure; only down, as the next player's press
     * lifts the level). True when it did
     */
    private settle(t_ms: number, sig: Signals): boolean {
        const at = this.stepAt_ms
        if (!(t_ms - at >= this.s.measure_ms)) return false
        if (t_ms - at > this.s.settle_ms) {
            this.stepAt_ms = NaN
            return false
        }
        const history = sig.load.history
        const from = t_ms - this.s.measure_ms
        // on a big swing the history rings by more than the band: the steady blocks' mean (whole ring periods)
        const swinging = sig.load.swinging
        const fresh = swinging ? sig.load.steadyMean_g() : history.mean_since_ms(from)
        const card = sig.mass.get_g()
        if (!(fresh < sig.ref_g - SETTLE_MIN_CARDS * card)) return false
        // the level has stayed there all along (no card sliding off, no hand on the hanger)
        if (!swinging && !(history.within_since_ms(fresh, this.s.on_tol_cards * card) <= from)) return false
        // the step was that much smaller (a card on) or bigger (a card off): the card mass learned it so
        sig.mass.revise(this.stepUp ? fresh - sig.ref_g : sig.ref_g - fresh)
        sig.ref_g = fresh
        this.stepAt_ms = NaN
        return true
    }

    /** a confirmed step: call it at its pass time, or drop it if the level left the new level meanwhile */
    private pending(t_ms: number, sig: Signals, out: Obs[]) {
        const mean = this.pendingMean_g
        const card = sig.mass.get_g()
        if (this.multi > 0) {
            this.pendingCards(t_ms, sig, out)
            return
        }
        if (this.heldLevel_g === this.heldLevel_g) {
            this.held(t_ms, sig, out)
            return
        }
        // (on a big swing judged on whole ring periods: Load.leftLevel)
        if (sig.load.leftLevel(mean, 2 * this.s.on_tol_cards * card) || sig.touchCue_ms >= t_ms) {
            this.due_ms = NaN
            // a drop that stood measure_ms before a hand came (the fallen card's placer re-placing
            // it) is called now, on the level it stood at; unless the load is already back at the old
            // level (a re-placing hand brings the weight back over hundreds of ms): a hand that had
            // lifted the hanger or the structure let go, and the drop was its
            const undone = sig.load.quick_g() > sig.ref_g - UNDONE_CARDS * card
            // the level stood measure_ms, and the load has left it upwards
            const stoodThenUp = t_ms - this.on_ms >= this.s.measure_ms && sig.load.fast_g() > mean
            if (mean < sig.ref_g && stoodThenUp && !undone) this.step(t_ms, sig, mean, out)
            // likewise a card that stood measure_ms and the load rose on from it, no cue up: the next
            // player's press came before the pass time (a rocking level, the released pivot, is
            // judged steady late); waiting would weigh the card with the press in it
            else if (mean > sig.ref_g && stoodThenUp && !this.excess && !(sig.touchCue_ms >= t_ms)) this.step(t_ms, sig, mean, out, Math.min(this.pass_at_ms, t_ms))
            return
        }
        if (t_ms < this.decide_ms) return
        // the steadiness window that confirmed the step may have held the hand's last press:
        // measure the new level again over the stretch since the weight came fully on
        const from = Math.max(this.on_ms, t_ms - this.s.measure_ms)
        const fresh = sig.load.history.mean_since_ms(from)
        let level = fresh === fresh ? fresh : mean
        // on a big swing (the released pivot) the history's slots, of the median-cleaned level, ring: their mean
        // over a second can read a card 1-3 g heavy. A rise takes the steady blocks' mean (whole ring periods)
        // when that is lower: a press only ever adds, so the lower of two measures holds less of one
        if (mean > sig.ref_g && sig.load.swinging && sig.load.isSteady()) level = Math.min(level, sig.load.steadyMean_g())
        // a drop takes the level that confirmed it when that is lower: a fallen card's placer (or the next remover)
        // pressing inside the band before the pass time lifts the fresh measure (it read a whole card as 0.76)
        if (mean < sig.ref_g) level = Math.min(level, mean)
        // a drop while a hand may be lifting the hanger (a lift with no strike, under way) is held on this
        // level until the hanger detector is done with the lift (held)
        if (mean < sig.ref_g && sig.lift_ms === sig.lift_ms && !sig.dismantle) {
            this.heldLevel_g = level
            this.heldFrom_ms = t_ms
            return
        }
        // the turn passed when the weight had been on for pass_ms, even when the load let us see it only now
        const passed = this.pass_at_ms
        this.due_ms = NaN
        if (this.excess) {
            this.excess = false
            if ((level - sig.ref_g) / card > this.s.max_cards) {
                this.excessTouch(t_ms, sig, level, out)
                return
            }
        }
        this.step(t_ms, sig, level, out, passed)
    }

    /**
     * a one-card drop held while a hand may be lifting the hanger (at most the hanger detector's max_ms): the
     * hanger detector told the lift back (a hand that lifted the hanger by a card let go: a touch), so it is
     * dropped; else the card is off, called on the level measured at its time (a re-placing hand's press may
     * have lifted the level since). Not in the dismantle, where every card comes off by hand with no strike
     * (held, a removal met the next hand)
     */
    private held(t_ms: number, sig: Signals, out: Obs[]) {
        if (sig.lift_ms === sig.lift_ms) return
        const level = this.heldLevel_g
        const passed = this.pass_at_ms
        this.heldLevel_g = NaN
        this.due_ms = NaN
        if (sig.liftBack_ms >= this.heldFrom_ms) return
        this.step(t_ms, sig, level, out, passed)
    }

    /** the smallest step that is a card, in cards: wider before any card was weighed (the assumed mass may be off) */
    private minCards(sig: Signals): number {
        return sig.mass.count() > 0 ? this.s.min_cards : this.s.first_min_cards
    }

    /** the level moved to `level` by one card: a card on or off, unless it is no card after all */
    private step(t_ms: number, sig: Signals, level: number, out: Obs[], passed_ms?: number) {
        const d = level - sig.ref_g
        const ak = Math.abs(d) / sig.mass.get_g()
        if (ak < this.minCards(sig) || ak > this.s.max_cards) return
        const o: Obs = { kind: d > 0 ? "card_on" : "card_off", t_ms: t_ms, ev: sig.evidence("load_step", d, false), onset_ms: passed_ms }
        // in the dismantle every card comes off by hand, unless it fell: a strike as its weight went, and the
        // level the new one ever since (a hand's knock before a removal's weight went finds the old level after it)
        const lag = sig.load.cleanDelay_ms()
        const st = sig.push.strike_ms
        if (d < 0 && sig.dismantle && st <= this.on_ms - lag + FELL_AFTER_MS && Math.abs(sig.load.history.mean_since_ms(st + lag) - level) <= FELL_LEVEL_CARDS * sig.mass.get_g()) {
            o.fell = true
            o.ev["strike_x"] = Math.round(sig.push.strikeX * 10) / 10
        }
        out.push(o)
        sig.mass.observe(d)
        sig.ref_g = level
        this.stepAt_ms = t_ms
        this.stepUp = d > 0
    }

    /** a pending rise of `multi` whole cards: dropped when the ring-free level leaves it; at its time, one placement per card */
    private pendingCards(t_ms: number, sig: Signals, out: Obs[]) {
        const card = sig.mass.get_g()
        const n = this.multi
        if (Math.abs(sig.load.ringFree_g() - this.pendingMean_g) > 2 * this.s.on_tol_cards * card) {
            this.due_ms = NaN
            this.multi = 0
            return
        }
        if (t_ms < this.due_ms) return
        this.due_ms = NaN
        this.multi = 0
        const fresh = sig.load.history.mean_since_ms(t_ms - this.s.measure_ms)
        const level = fresh === fresh ? fresh : this.pendingMean_g
        const d = level - sig.ref_g
        if (Math.abs(d / card - n) > this.s.multi_tol_cards) return
        for (let j = 0; j < n; j++) {
            const ev = sig.evidence("load_steps", d / n, false)
            ev["cards_at_once"] = n
            out.push({ kind: "card_on", t_ms: t_ms, ev: ev })
        }
        sig.ref_g = level
    }

    /** a cue is up on this sample when it was last seen on it; a break of CUE_GAP_MS or more ends a stretch */
    private trackCue(t_ms: number, cue_ms: number) {
        if (!(t_ms - cue_ms < CUE_GAP_MS)) this.cueSince_ms = NaN
        else if (this.cueSince_ms !== this.cueSince_ms) this.cueSince_ms = cue_ms
    }

    /** a hand may be on the structure: a `recent` cue, unless the cue has been up too long to be a hand */
    private handOn(recent: boolean, cue_ms: number): boolean {
        return recent && !(cue_ms - this.cueSince_ms > this.s.hand_max_ms)
    }

    /** forget a pending step (a new round) */
    reset() {
        this.due_ms = NaN
        this.heldLevel_g = NaN
        this.multi = 0
        this.cueSince_ms = NaN
        this.stepAt_ms = NaN
    }
}
