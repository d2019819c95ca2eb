/**
 * Collapse, called fast, on either of two paths:
 *  - settled: the quick load (median + short low-pass) has stayed more than
 *    `drop_cards` cards below the reference level for `hold_ms` (the hanger
 *    rings after a drop: once under the line, the level counts as down until
 *    it comes back above `release_cards` below the reference);
 *  - fast, on the raw readings, `fast_cards` below the reference:
 *    * two in a row at least, for `fast_hold_ms` from the first low one's
 *      conversion start (a reading averages the force since the one before);
 *    * or one, `one_cards` deep, when its conversion spans `fast_hold_ms`: on a
 *      10 SPS cell the first reading after the cards come off;
 *    * or their mean over `mean_ms` (about one ring period of the hanger, which
 *      it cancels) for `mean_hold_ms`: a fast cell shows the ring, and a slow
 *      one aliases it into readings that cross the line both ways (on a 10 SPS
 *      cell whose readings stayed down since the stir, at once: SLOW_MEAN_PERIOD_MS).
 *    A bit-error spike, a hand's or bump's dip of a few ms stay out, and so does
 *    a reading far below the empty rig (a released spring overshoots by about
 *    the drop: much lower is a bit error). A load that rang under the line
 *    within CALM_MS is not trusted on one reading, nor from its conversion start.
 * A hand's push rings the hanger about the level it left; cards coming off
 * leave it ringing about a lower level, at least `drop_cards` down. So when the
 * midpoint of the load's extremes since it was last quiet (QUIET_MS) stands within
 * RING_CENTRE_CARDS of the reference or above (it swung about as far up as
 * down), a trough is no proof yet: two readings in a row and the settled level
 * must stay down `ring_hold_ms`, the mean `ring_mean_hold_ms` (a ring's trough
 * stays under the line for less than half its period; a drop stays). One deep
 * reading of a slow cell is exempt: waiting for another costs its whole period.
 * Cards breaking loose jolt the load up first, as far as its ring about the
 * lower level then swings down (1000-59: +9.4 cards, then -9.0 about -2.5),
 * so the extremes alone read a push. The readings' turning points tell where
 * the ring is centred now: once the last three, (P + 2 T + P') / 4 (a
 * decaying ring's centre, its decay cancelled), stand more than
 * TURN_CENTRE_CARDS below the reference, the load rings about a lower level.
 * On a fast cell (the mean spans UPSWING_READINGS or more), within UPSWING_MS
 * of the stir, the mean and the settled levels wait while the newest reading
 * is back above the release line: a heavy poke's dip pulls the mean down for a
 * ring period after the load has swung back up (and the quick level, which
 * lags the readings, on medium's short hold), and that swing up is what tells
 * it from cards that came off (they ring about the lower level: its next
 * trough comes half a ring period later). Within UPSWING_MS of the stir the
 * two-reading run also waits while the newest reading is on its way back up
 * (RISE_FRAC of the trough's depth): a poke's dip is proved a ring a few
 * readings later, when the load swings on up past the level it left.
 * With the IMU heard, a drop counts only if a strike (a strong push) came with it,
 * or a weaker one (cards sliding off gently) and the drop has held `weak_hold_ms`
 * since it (a hand lifting the hanger hardly turns the rod, and lets go sooner;
 * a drop before the strike, a hand holding the hanger up, does not count).
 * One card falling stays above both lines (its ring trough reaches ~2 cards),
 * and a card that catches and hangs on keeps its weight on the structure.
 * A weakly struck drop deeper than the structure weighs (its ring-free level more than LIFT_OVER_CARDS
 * below the empty rig) is no cards off but a hand lifting the hanger: nothing is called until the load is
 * back within a card of the reference (its release may strike the rod while the levels still lag low).
 * The call's evidence carries the strike (`push_dpss`: the highest push seen, held 0.8 s).
 * Called once; re-armed when the level is back within one card of the
 * reference (a new round re-tares it anyway). The call's onset (the rules
 * judge blame on it) is where the load was first stirred: the first reading
 * off the reference by half a card after three quiet ones, when that was at
 * most STIR_LEAD_MS before the path's own onset (a jolt rings the load for
 * hundreds of ms before a path can prove the drop).
 */
import { Obs } from "../types"
import { Signals } from "./signals"
import { WindowMean } from "../../signal/filters"

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
    /** a weaker strike: the peak-held push over this (under push_dpss) counts once the drop has held weak_hold_ms since it, degrees/s^2; 0 turns it off */
    weak_push_dpss: number
    /** ... ms (the placement detector's level change would call it only after a second or more) */
    weak_hold_ms: number
    /** fast path: one raw reading this many cards below the reference is enough, when it spans fast_hold_ms (a slow cell averages over its period); 0 turns it off */
    one_cards: number
    /** fast path: the mean of the readings over this long (about a ring period) under the fast line is enough, ms; 0 turns it off */
    mean_ms: number
    /** fast path: how long that mean must stay under the line, ms (the first swing of a ring, down, is not yet cancelled) */
    mean_hold_ms: number
    /** when the load has swung as far up as down since it was stirred (a push's ring about the level), two low readings in a row and the settled level must stay down this long, ms; 0 turns both holds off */
    ring_hold_ms: number
    /** ... and the fast path's mean this long, ms */
    ring_mean_hold_ms: number
}
export const COLLAPSE_DEFAULTS: CollapseSettings = { drop_cards: 1.7, hold_ms: 80, release_cards: 1.2, swing_dps: 0, fast_cards: 2.5, fast_hold_ms: 40, push_dpss: 30, weak_push_dpss: 20, weak_hold_ms: 500, one_cards: 3, mean_ms: 150, mean_hold_ms: 30, ring_hold_ms: 120, ring_mean_hold_ms: 80 }

/** a drop counts as struck when a strong push came at most this long before, ms */
const STRIKE_MS = 800
/**
 * a weakly struck drop whose ring-free level stands more than this many cards below the empty rig is a hand
 * lifting the hanger, not cards off (5000-185: a hand lifted 27 g, 3.6 cards, off a 2-card structure for a second,
 * and its release struck the rod at 32 dps/s^2 while the levels lagged). Seeds 1000-6000: 0.5 and 1 give the same outcomes
 */
const LIFT_OVER_CARDS = 1
/** one deep reading counts only if none other was under the fast line this long before its conversion, ms */
const CALM_MS = 500
/** the most readings the recent mean spans (150 ms at 320 SPS is 48) */
const MEAN_N = 64
/** readings in a row within half a card of the reference that make a quiet load */
const QUIET_READINGS = 3
/** ... and for the extremes (ringing()) they must span this long, ms: a fast cell's readings pass within half a card of the reference in a few ms mid-ring (a ring of +-3 cards at 2.4 Hz: 7 readings at 320 SPS, 22 ms). Seeds 1000-6000: 30, 60, 100, 120 and 250 give the same outcomes, 4 more right than 0 */
const QUIET_MS = 100
/** the load stirred at most this long before a path's onset counts as the collapse's start, ms */
const STIR_LEAD_MS = 1000
/** the load rings about its level (a push) when the midpoint of its extremes since it was stirred stands above this many cards below the reference (cards off ring about drop_cards down or more: 1.5-2; 6000-66's poke stood 0.17 card down); seeds 1000-6000: 0.25 and 0.5 give the same outcomes, 0.75 one more, 1 loses two collapses */
const RING_CENTRE_CARDS = 0.5
/**
 * a reading this many cards back from the extreme the readings ran to makes that extreme a turning point (a ring's
 * peak or trough; a fast cell's noise is a tenth of a card). Seeds 1000-6000 and 10000-15000: 0.3 gives the same calls' outcomes and latency
 */
const TURN_CARDS = 0.5
/**
 * ... and the ring is about a lower level when the last three turning points centre this many cards below the reference.
 * A heavy poke's centre wanders too (the hand's release takes the level back down as its press had pushed it up, and the
 * swing rings the load): over the 252 heavy structure pokes of seeds 1000-6000 and 10000-15000 it went below 0.5 card
 * in 63, below 1 in 13, below 1.5 in 2; the first centre of cards off, below 1 card in 242 of 326. 0.5, 0.75, 1, 1.25
 * and 1.5 give the same outcomes on those seeds (collapse latency p95 304, 304, 306, 310 and 310 ms on 1000-6000, 312 on
 * 10000-15000), 0.5 and 1 on the forced librium cases too
 */
const TURN_CENTRE_CARDS = 1
/** the mean path waits for a low reading when it spans this many readings or more (on a slower cell the mean of two or three readings aliasing the ring both ways is the proof, and waiting costs a period: a 10 SPS drop was called 400 ms later) */
const UPSWING_READINGS = 4
/** ... and only this soon after the load was stirred, ms: a poke lasts 40-110 ms, and its dip and the swing back up fit in this; later the load may be rocking slower than the mean spans (a released pivot rings at 3 Hz), or cards that came off after the stir swing back above the line in their own ring (waiting delayed them). Seeds 1000-6000: 150, 200, 220 and 300 give the same outcomes, 100 loses two (pokes called as collapses); 200 calls collapses up to 50 ms sooner than 300 */
const UPSWING_MS = 200
/**
 * ... and the two-reading run waits while the newest reading is back up from the lowest since the stir by more than
 * this fraction of its depth (1000-351, 1000-381: a heavy poke's dip, 3-4 cards, was called on its way back up, 50 ms
 * before it swung past the level it left). Seeds 1000-6000: 0.1, 0.2 and 0.3 give the same outcomes, two more right
 * (none worse), 0.5 one more; collapse latency p95 within 1 ms
 */
const RISE_FRAC = 0.3
/**
 * a hand's poke or brief lift lasts up to this long, ms (40-110 ms traced). On a slow cell (a reading every
 * SLOW_PERIOD_MS or more, averaging the force since the one before) the two-reading run must span more than
 * that many ms of conversions: at 20 SPS two readings (100 ms) fit inside a heavy hand's lift of 60-90 ms
 * (3000-146, 5000-434, 6000-14: a heavy poke read as a collapse), so it takes a third; at 10 SPS two (200 ms)
 * already do. A faster cell shows the poke's shape (RISE_FRAC, ringing()). Seeds 1000-6000: those three right,
 * no other call changed; the 20 SPS cell's collapses are called 67 ms later on average (median 196 -> 245 ms)
 */
const POKE_MS = 110
/** ... a cell this slow, ms between readings (25 SPS and slower: their readings alias a ring too) */
const SLOW_PERIOD_MS = 40
/**
 * On a cell this slow (ms between readings: 10 SPS) the mean path has no hold when the readings have stayed under
 * half a card above the reference since the stir: its hold of 30 ms waits a whole period for the next reading, and
 * a heavy poke's aliased ring swings a reading up first (4000-284: +1.4 cards, then a mean 2 cards down; called as a
 * collapse without this bound). Seeds 1000-6000: the bound at 0, 0.5 and 1 card gives the same outcomes; 20 SPS too
 * (40 ms) lost two cases (1000-86, 5000-434)
 */
const SLOW_MEAN_PERIOD_MS = 80
/**
 * a reading this many cards below the empty rig, past twice the cards on (or as far above), is a bit error: the
 * HX711 family's are 2^21 counts, over a kilogram. A hard knock rings the hanger much further than its drop
 * (6000-190: +-18 cards with 3 cards on, read as bit errors at 5 cards, which held the mean path 150 ms). Seeds
 * 1000-6000 and 10000-15000: 15 and 30 give the same outcomes, the collapse latency p95 within 1 ms
 */
const BIT_ERROR_CARDS = 30

export class CollapseDetector {
    private s: CollapseSettings
    /** since when the quick level (0) and the ring-free level (1) have been down, ms */
    private below: number[]
    private called: boolean
    /** a weakly struck drop went deeper than the structure weighs: a hand lifting, nothing is called until the load is back */
    private lifted: boolean
    /** the last time a strong push was seen, ms */
    private struck_ms: number
    /** the last time a weak strike was seen, and when that strike began, ms */
    private weak_ms: number
    private weakFrom_ms = NaN
    /** the highest peak-held push seen, held STRIKE_MS (the strike, for the call's evidence), degrees/s^2, and when, ms */
    private strikePeak: number
    private strikePeak_ms: number
    /** the reading before the last (NaN: a bit error), g, and its time, ms */
    private raw1: number
    private raw1_ms = NaN
    /** since when the raw readings have stayed under the fast line, ms */
    private deepSince: number
    /** low raw readings in a row */
    private lows: number
    /** the last reading under the fast line, ms */
    private deepRing_ms: number
    /** the mean of the last raw readings (NaN: out of range) over mean_ms */
    private recent = new WindowMean(MEAN_N)
    /** since when the recent mean has been under the fast line, ms */
    private meanSince: number
    /** quiet readings in a row (within half a card of the reference), and the first reading after the last quiet run, ms */
    private quietN: number
    private quietFrom_ms = NaN
    private stirred_ms: number
    /** where the fast path's drop began, ms */
    private fastOnset_ms = NaN
    /** the highest and the lowest reading since the load was last quiet for QUIET_MS, g from the reference (NaN: none yet) */
    private upMax: number
    private downMin: number
    /** a fast cell's newest reading is back above the release line within UPSWING_MS of the stir (the paths wait) */
    private upswing: boolean
    /** the last three turning points of the readings since the load was last quiet (g from the reference, newest first), and how many there were */
    private turn0: number
    private turn1: number
    private turn2: number
    private turnN: number
    /** the extreme the readings run to now, g from the reference, and their direction (1 up, -1 down, 0 not yet away from the stir) */
    private runExt: number
    private dir: number

    constructor(settings: CollapseSettings) {
        this.s = settings
        this.reset()
    }

    configure(settings: CollapseSettings) {
        this.s = settings
    }

    reset() {
        this.below = [NaN, NaN]
        this.struck_ms = NaN
        this.weak_ms = NaN
        this.strikePeak = 0
        this.strikePeak_ms = NaN
        this.called = false
        this.lifted = false
        this.raw1 = NaN
        this.deepSince = NaN
        this.lows = 0
        this.deepRing_ms = NaN
        this.recent.reset()
        this.meanSince = NaN
        this.quietN = 0
        this.stirred_ms = NaN
        this.upMax = NaN
        this.downMin = NaN
        this.upswing = false
        this.turnN = 0
        this.dir = 0
        this.runExt = NaN
    }

    update(t_ms: number, sig: Signals, out: Obs[]) {
        if (!sig.loadOk || sig.ref_g !== sig.ref_g) return
        const card = sig.mass.get_g()
        const fast = this.fastDrop_g(t_ms, sig, card)
        const dq = sig.load.fast_g() - sig.ref_g
        const dr = sig.load.ringFree_g() - sig.ref_g
        if (dq > -card && dr > -card) {
            this.called = false
            this.lifted = false
        }
        const push = sig.push.peakPushDpss()
        if (push >= this.strikePeak || !(t_ms - this.strikePeak_ms <= STRIKE_MS)) {
            this.strikePeak = push
            this.strikePeak_ms = t_ms
        }
        if (push >= this.s.push_dpss) this.struck_ms = t_ms
        if (this.s.weak_push_dpss > 0 && push >= this.s.weak_push_dpss) {
            if (!(t_ms - this.weak_ms <= STRIKE_MS)) this.weakFrom_ms = t_ms
            this.weak_ms = t_ms
        }
        if (this.called || this.lifted) return
        // (no IMU, or none heard yet: the load alone decides)
        const struck = !sig.imuOk || !sig.motion.hasData() || t_ms - this.struck_ms <= STRIKE_MS
        // deeper than every card on the structure weighs (the reference over the empty rig), and a card more
        // (no tare known: no bound): on the weak-strike path that is a hand lifting the hanger, not cards off
        const deep = -dr > sig.ref_g - sig.load.zero_g() + LIFT_OVER_CARDS * card
        if (fast === fast && (struck || this.weakHeld(t_ms, this.fastOnset_ms))) {
            if (!struck && deep) this.lifted = true
            else {
                this.call(t_ms, sig, fast, this.fastOnset_ms, out)
                return
            }
        }
        // settled: the quick level, and the ring-free one (a slow cell aliases the hanger's
        // ringing into readings that swing both ways, which the quick level's median follows)
        const onQuick = this.settled(t_ms, dq, card, 0)
        const onRing = this.settled(t_ms, dr, card, 1)
        const since = onQuick === onQuick ? onQuick : onRing
        if (since !== since) return
        if (sig.imuOk && sig.motion.swingDps() < this.s.swing_dps) return
        if (!struck && !this.weakHeld(t_ms, since)) return
        if (!struck && deep) {
            this.lifted = true
            return
        }
        if (this.ringing(card) && t_ms - since < this.s.ring_hold_ms) return
        // the load swung back up soon after the stir: a push's ring (cards off ring about a lower level)
        if (this.upswing) return
        this.call(t_ms, sig, onQuick === onQuick ? dq : dr, since, out)
    }

    /** a weak strike lately, and the drop (down since `onset_ms`) held weak_hold_ms since both */
    private weakHeld(t_ms: number, onset_ms: number): boolean {
        const from = onset_ms > this.weakFrom_ms ? onset_ms : this.weakFrom_ms
        return t_ms - this.weak_ms <= STRIKE_MS && t_ms - from >= this.s.weak_hold_ms
    }

    /** level `d` (below the reference, g) on track `k`: since when it has been down, if that is hold_ms or more, else NaN */
    private settled(t_ms: number, d: number, card: number, k: number): number {
        let below = this.below[k]
        if (d >= -this.s.release_cards * card) below = NaN
        else if (below !== below && d < -this.s.drop_cards * card) below = t_ms
        this.below[k] = below
        return below === below && t_ms - below >= this.s.hold_ms ? below : NaN
    }

    /** the fast path's drop below the reference (g, negative), NaN when it does not hold (yet); sets fastOnset_ms */
    private fastDrop_g(t_ms: number, sig: Signals, card: number): number {
        const r0 = sig.load.lastRaw_g
        const line = sig.ref_g - this.s.fast_cards * card
        // a released spring overshoots by about the drop (more with the strike's ring): this far
        // below the empty rig, or as far above the cards on, is a bit error, not a load
        const floor = 3 * sig.load.zero_g() - 2 * sig.ref_g - BIT_ERROR_CARDS * card
        const x = r0 > floor && r0 < 2 * sig.ref_g - floor ? r0 : NaN
        this.stir(t_ms, x - sig.ref_g, card)
        const run = this.runDrop_g(t_ms, x, line, sig.ref_g - this.s.one_cards * card, sig.load.period_ms)
        // over about a ring period of the hanger, which cancels
        const n = Math.ceil(this.s.mean_ms / sig.load.period_ms)
        const m = this.recent.update(x, n)
        const early = n >= UPSWING_READINGS && t_ms - this.stirred_ms <= UPSWING_MS
        this.upswing = early && x > sig.ref_g - this.s.release_cards * card
        // ... or on its way back up: above the lowest reading since the stir by RISE_FRAC of its depth
        const rising = early && x - sig.ref_g > (1 - RISE_FRAC) * this.downMin
        if (!(m < line)) this.meanSince = NaN
        else if (this.meanSince !== this.meanSince) this.meanSince = t_ms
        if (this.s.fast_cards <= 0) return NaN
        // a push's ring about the level: two low readings must stay down longer (one deep reading of a slow cell is exempt)
        if (run === run && this.lows >= 2 && this.ringing(card) && t_ms - this.deepSince < this.s.ring_hold_ms) return NaN
        // two low readings on their way back up from the trough, soon after the stir: a heavy poke's dip swings on
        // up past the level it left (its ring's first peak), cards off ring about a lower level (the run comes down
        // again, or the other paths prove the drop)
        if (run === run && rising) return NaN
        if (run === run) {
            this.fastOnset_ms = this.deepSince
            return run - sig.ref_g
        }
        if (this.ringing(card) && t_ms - this.meanSince < this.s.ring_mean_hold_ms) return NaN
        // a fast cell's newest reading back above the release line: the load swung back up (a push's ring), or cards off are mid-ring (their next trough comes soon)
        if (this.upswing) return NaN
        // a slow cell's mean under the line, the readings never back up since the stir: no hold (it costs a period)
        const hold = sig.load.period_ms >= SLOW_MEAN_PERIOD_MS && this.upMax < card / 2 ? 0 : this.s.mean_hold_ms
        if (this.s.mean_ms > 0 && t_ms - this.meanSince >= hold) {
            // the drop began inside the mean's window: where the load was stirred, when that was in it (the window's
            // start can lie well before the cards came off, and blame is judged on the onset)
            const from = this.meanSince - this.s.mean_ms
            const st = this.stirred_ms
            this.fastOnset_ms = st > from && st <= this.meanSince ? st : from
            return m - sig.ref_g
        }
        return NaN
    }

    /**
     * Readings `x` (g, NaN for a bit error) under `line`: the level they prove (the higher of the
     * last two), NaN until two in a row have stayed under it for fast_hold_ms, or one under `deep`
     * has (a slow cell's reading averages its whole period). A reading averages the force since
     * the one before, so on a calm load the low span starts there; after another reading under
     * the line within CALM_MS the load is ringing (a slow cell aliases the ring into readings
     * that swing both ways) and the span starts at the first low reading, one reading is not enough.
     * On a slow cell (`period_ms`, between readings) the run's readings must also span more than a poke (POKE_MS).
     */
    private runDrop_g(t_ms: number, x: number, line: number, deep: number, period_ms: number): number {
        const r1 = this.raw1
        const t1 = this.raw1_ms
        this.raw1 = x
        this.raw1_ms = t_ms
        const calm = !(t1 - this.deepRing_ms <= CALM_MS)
        if (x < line) this.deepRing_ms = t_ms
        if (!(x < line)) {
            this.deepSince = NaN
            this.lows = 0
            return NaN
        }
        this.lows++
        if (this.lows === 1) this.deepSince = calm ? t1 : t_ms
        if (t_ms - this.deepSince < this.s.fast_hold_ms) return NaN
        // a heavy hand's brief lift can fill two readings of a slow cell
        if (this.lows >= 2 && period_ms >= SLOW_PERIOD_MS && this.lows * period_ms <= POKE_MS) return NaN
        if (this.lows >= 2) return Math.max(x, r1)
        return calm && this.s.one_cards > 0 && x < deep ? x : NaN
    }

    /**
     * the load's quiet runs: a reading `dx` (g from the reference; NaN for a bit error) within half a card of
     * the reference, QUIET_READINGS in a row, is quiet; the first reading after such a run is where the load
     * was stirred (a collapse's jolt rings the load for hundreds of ms before a path can prove the drop);
     * the readings' extremes since the last quiet run that spanned QUIET_MS too (ringing())
     */
    private stir(t_ms: number, dx: number, card: number) {
        if (dx !== dx) return
        this.turn(dx, card)
        if (dx > this.upMax) this.upMax = dx
        if (dx < this.downMin) this.downMin = dx
        if (dx < 0.5 * card && dx > -0.5 * card) {
            if (this.quietN === 0) this.quietFrom_ms = t_ms
            this.quietN++
            return
        }
        if (this.quietN >= QUIET_READINGS) {
            this.stirred_ms = t_ms
            // a ring's pass through the reference is no quiet load: the extremes start afresh only after QUIET_MS
            if (t_ms - this.quietFrom_ms >= QUIET_MS) {
                this.upMax = dx
                this.downMin = dx
                this.turnN = 0
                this.dir = 0
                this.runExt = dx
            }
        }
        this.quietN = 0
    }

    /** the readings' turning points: the extreme they ran to is one when a reading comes TURN_CARDS back from it */
    private turn(dx: number, card: number) {
        const d = this.dir
        const away = dx - this.runExt
        if (d * away > 0) this.runExt = dx
        // back from the extreme (or, with no direction yet, the first move away from where the load was stirred)
        else if (d === 0 ? away > TURN_CARDS * card || away < -TURN_CARDS * card : -d * away > TURN_CARDS * card) {
            if (d !== 0) {
                this.turn2 = this.turn1
                this.turn1 = this.turn0
                this.turn0 = this.runExt
                this.turnN++
            }
            this.dir = away > 0 ? 1 : -1
            this.runExt = dx
        }
    }

    /**
     * whether the load has swung about as far up as down since it was last quiet (a push's ring about the level): the
     * extremes' midpoint within RING_CENTRE_CARDS of the reference or above, unless the last three turning points centre
     * more than TURN_CENTRE_CARDS below it (a collapse's jolt swung the load up first)
     */
    private ringing(card: number): boolean {
        const lower = this.turnN >= 3 && this.turn0 + 2 * this.turn1 + this.turn2 < -4 * TURN_CENTRE_CARDS * card
        return this.s.ring_hold_ms > 0 && this.upMax + this.downMin > -2 * RING_CENTRE_CARDS * card && !lower
    }

    private call(t_ms: number, sig: Signals, d: number, onset_ms: number, out: Obs[]) {
        this.called = true
        this.below = [NaN, NaN]
        // blame is judged on when the load was stirred, if that was shortly before the path's own onset
        const stirred = this.stirred_ms
        const onset = stirred === stirred && stirred < onset_ms && onset_ms - stirred <= STIR_LEAD_MS ? stirred : onset_ms
        const ev = sig.evidence("load_drop", d, false)
        // the strike that let it count (none without the IMU)
        if (sig.imuOk && sig.motion.hasData()) ev["push_dpss"] = Math.round(this.strikePeak)
        out.push({ kind: "collapse", t_ms: t_ms, ev: ev, onset_ms: onset })
    }
}
