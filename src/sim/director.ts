/**
 * The game director: plays the game by the rules (shared/spec/rules.md) with
 * simulated players, keeps the true game state, schedules the physical actions
 * and writes the ground truth. It plans lazily, one turn at a time, a few
 * seconds ahead of the physics (bounded work per call: the VM stays happy).
 *
 * Blame (rules 5, 6): a turn passes 1.5 s after the card's weight is fully on
 * (PASS_MS). Touches start either during a placement (the placer), 0.2-1.0 s after
 * a pass (the placer) or >= 1.9 s after it (the player whose turn it is);
 * collapses during a placement/removal (that player), 0.3-2.5 s after a pass (the
 * placer) or >= 3.5 s after it (the player whose turn it is); a last card falls
 * >= 0.3 s after its turn passed (before that it never made a turn). Keeping clear of
 * the 1.5 s and 3 s boundaries makes every truth unambiguous.
 */
import { Rng } from "../core/rand"
import { GameConfig } from "../core/referee/types"
import { Act, Action } from "./actions"
import { G_MPS2, RigParams } from "./params"
import { Card } from "./physics"
import { PlanKnobs, PlannerFactory } from "./rigsim"
import { TruthEvent, TruthOut } from "./truth"
import { cos, sin } from "./trig"

export const PASS_MS = 1500
/** the largest swing a touch leaves the structure with, rad (15 deg): past it the cards come off */
export const TOUCH_MAX_RAD = 0.26

export const KNOBS_DEFAULTS: PlanKnobs = {
    duration_ms: 180000,
    until_winner: false,
    quiet: false,
    p_fell: 0,
    p_collapse: 0,
    p_touch: 0,
    p_bump: 0,
    p_air: 0,
    p_drop: 0,
    p_fault_imu: 0,
    p_fault_load: 0,
    p_fell_librium: 0,
    p_collapse_tilt: 0.1,
    force_event: "",
    force_turn: -1,
    p_caught: 0,
    p_button: 0.5,
    think_lo_ms: 1500,
    think_hi_ms: 6000,
    handle_lo_ms: 2000,
    handle_hi_ms: 5000,
}

/** the simulator's planner: the director, with its own random stream */
export const DIRECTOR: PlannerFactory = (spec, schedule, input) =>
    new Director(spec.config, spec.knobs, spec.params.rig, new Rng(spec.seed ^ 0x6a09e667), schedule, input)

/** the longest a game may run even when it plays to a winner, ms */
const MAX_GAME_MS = 900000

type Phase = "build" | "dismantle" | "tilt"

export class Director {
    readonly cfg: GameConfig
    readonly knobs: PlanKnobs
    readonly rig: RigParams
    private rng: Rng
    private schedule: (a: Action) => void
    private input: (t_ms: number, word: string) => void

    /** truth, in time order */
    events: TruthEvent[] = []
    outs: TruthOut[] = []
    finalCards: number[] = []
    turns = 0
    winner: number = null
    done = false
    end_ms = 0
    /** the planner's clock: everything before it is planned */
    t = 0

    private alive: boolean[] = []
    private warnings: number[] = []
    private current: number
    private lastPlacer = 0
    private lastPlaceT = -1e9
    private lastPassT = -1e9
    private cardsOn: Card[] = []
    private nextId = 0
    private phase: Phase = "build"
    private tiltFree: boolean
    private roundTurn = 0
    private roundOver = false
    private lastOut = 0
    private forceTurn: number

    constructor(cfg: GameConfig, knobs: PlanKnobs, rig: RigParams, rng: Rng, schedule: (a: Action) => void, input: (t_ms: number, word: string) => void) {
        this.cfg = cfg
        this.knobs = knobs
        this.rig = rig
        this.rng = rng
        this.schedule = schedule
        this.input = input
        this.tiltFree = rig.tilt_free
        this.forceTurn = knobs.force_turn
        for (let i = 0; i <= cfg.players; i++) {
            this.alive.push(i > 0)
            this.warnings.push(0)
        }
        this.current = cfg.first_player
        this.truth({ t_ms: 0, kind: "round_start", player: this.current, how: "power_up" })
        this.t = this.rng.range(1500, 3000)
    }

    /** plan one more step (a turn, or the break between rounds) */
    plan() {
        if (this.done) return
        const k = this.knobs
        if (k.quiet) {
            this.finish(k.duration_ms)
            return
        }
        if (this.roundOver) {
            if (this.winner !== null || !k.until_winner) this.finish(this.t + this.rng.range(4000, 8000))
            else this.betweenRounds()
            return
        }
        if (this.t >= k.duration_ms || this.t >= MAX_GAME_MS) {
            this.finishRound()
            this.finish(this.t + this.rng.range(2000, 5000))
            return
        }
        this.turn()
    }

    // ---- turns

    private turn() {
        const rng = this.rng
        const k = this.knobs
        const think = rng.range(k.think_lo_ms, k.think_hi_ms)
        const w0 = this.t
        let who = this.current
        let handStart = w0 + think
        const ev = this.pickEvent()
        const justPassed = this.lastPassT === w0
        if (ev === "fell") {
            // after the turn passed (rules 3, 4): a card that slips off earlier never made a turn
            const tf = w0 + 300 + rng.range(0, think)
            this.cardFell(tf)
            who = this.lastPlacer
            handStart = Math.max(handStart, tf + rng.range(1500, 4000))
        } else if (ev === "touch_placer" || ev === "touch_current") {
            const ts = ev === "touch_placer" ? w0 + rng.range(200, 1000) : w0 + rng.range(1900, 1900 + think)
            const blamed = ev === "touch_placer" ? this.lastPlacer : who
            if (this.touch(ts, blamed, ev === "touch_placer")) return
            handStart = Math.max(handStart, this.t + rng.range(1000, 2500))
        } else if (ev === "collapse_placer" || ev === "collapse_current") {
            const tc = ev === "collapse_placer" ? w0 + rng.range(300, 2500) : w0 + rng.range(3500, 3500 + think)
            this.collapse(tc, ev === "collapse_placer" ? this.lastPlacer : who)
            return
        } else if (ev === "bump" || ev === "air" || ev === "drop") {
            const td = w0 + rng.range(justPassed ? 0 : 500, think)
            const end = ev === "bump" ? this.bump(td) : ev === "air" ? this.air(td) : this.drop(td)
            if (ev !== "air") handStart = Math.max(handStart, end + rng.range(500, 2000))
        } else if (ev === "fault_imu" || ev === "fault_load") {
            const tf = w0 + rng.range(0, think / 2)
            const end = this.fault(tf, ev === "fault_imu" ? "imu" : "load")
            handStart = Math.max(handStart, end + rng.range(1000, 3000))
        }
        this.t = handStart
        // a fallen LIBRIUM card is placed again by its placer, then the removals go on
        if (this.phase === "dismantle" && ev !== "fell") this.removal(who, ev === "collapse_during")
        else this.placement(who, ev)
    }

    /** the event of this turn ("" for a plain turn), by the knobs' chances or the forced event */
    private pickEvent(): string {
        const k = this.knobs
        const rng = this.rng
        let ev = ""
        if (this.roundTurn === this.forceTurn && this.outs.length === 0 && k.force_event.length > 0) ev = k.force_event
        else {
            const r = rng.next()
            // the LIBRIUM card's fall comes last: a case that draws none plays as it did without it
            const atLibrium = this.phase === "dismantle" && this.cardsOn.length === this.cfg.cards
            const p = [k.p_fell, this.phase === "tilt" ? k.p_collapse_tilt : k.p_collapse, k.p_touch, k.p_bump, k.p_air, k.p_drop, k.p_fault_imu, k.p_fault_load, atLibrium ? k.p_fell_librium : 0]
            const names = ["fell", "collapse", "touch", "bump", "air", "drop", "fault_imu", "fault_load", "fell_librium"]
            let acc = 0
            for (let i = 0; i < p.length; i++) {
                acc += p[i]
                if (r < acc) {
                    ev = names[i]
                    break
                }
            }
        }
        // the tilt phase with every card on: nothing left to add, the structure goes
        if (this.phase === "tilt" && this.cardsOn.length >= this.cfg.cards) ev = "collapse"
        const justPassed = this.lastPassT === this.t && this.roundTurn > 0
        const refined = this.refine(ev, justPassed)
        if (refined === "" && ev.length > 0 && this.roundTurn === this.forceTurn) this.forceTurn++
        return refined
    }

    /** pick the variant of an event that fits the moment, or "" when it cannot happen now */
    private refine(ev: string, justPassed: boolean): string {
        const rng = this.rng
        const n = this.cardsOn.length
        if (ev === "fell") return justPassed && this.phase !== "dismantle" ? "fell" : ""
        // the LIBRIUM card: rule 4 holds in the reverse phase too, until the first removal
        if (ev === "fell_librium") return justPassed && this.phase === "dismantle" && n === this.cfg.cards ? "fell" : ""
        if (ev === "collapse") {
            if (n < this.minOff()) return ""
            const r = rng.int(0, 2)
            if (r === 0 && justPassed) return "collapse_placer"
            return r === 1 ? "collapse_current" : "collapse_during"
        }
        if (ev === "touch") {
            const r = rng.int(0, 2)
            if (r === 0 && justPassed) return "touch_placer"
            return r === 1 || this.phase === "dismantle" ? "touch_current" : "touch_during"
        }
        return ev
    }

    private newCard(): Card {
        const rng = this.rng
        const r = this.rig
        // players balance: the new card goes mostly against the present imbalance
        let mx = 0
        for (let i = 0; i < this.cardsOn.length; i++) mx += this.cardsOn[i].mass_kg * this.cardsOn[i].ox_m
        const m = (r.card_mass_g / 1000) * (1 + r.card_mass_sd * rng.gauss())
        const clamp = (v: number) => (v > r.reach_m ? r.reach_m : v < -r.reach_m ? -r.reach_m : v)
        const ox = clamp((-0.6 * mx) / m + 0.4 * r.reach_m * rng.gauss())
        const oy = clamp(0.4 * r.reach_m * rng.gauss())
        const depth = r.rod_len_m + rng.range(-0.3, 1) * r.spread_depth_m
        this.nextId++
        return new Card(this.nextId, m, ox, oy, depth)
    }

    /** a small legal force: the hand slotting or gripping a card (and its tremor) */
    private handling(t0: number, t1: number, c: Card) {
        const rng = this.rng
        const a = new Action(Act.Hand, t0, t1)
        // pressed mostly toward the rod axis (radial: little torque about the vertical) and down into the slot
        const f = rng.range(0.003, 0.015)
        const r = Math.sqrt(c.ox_m * c.ox_m + c.oy_m * c.oy_m) + 1e-6
        const tang = rng.range(-0.02, 0.02)
        a.fx = (f * (-c.ox_m - tang * c.oy_m)) / r
        a.fy = (f * (-c.oy_m + tang * c.ox_m)) / r
        a.fz = -rng.range(0.005, 0.03)
        a.hold_per_s = rng.range(2, 8)
        a.px = c.ox_m
        a.py = c.oy_m
        a.depth = c.depth_m
        a.ramp_ms = Math.min(300, (t1 - t0) / 3)
        a.tremor = rng.range(0.2, 0.6)
        a.freq_hz = rng.range(7, 12)
        this.schedule(a)
    }

    private placement(who: number, ev: string) {
        const rng = this.rng
        const k = this.knobs
        const tStart = this.t
        const handle = rng.range(k.handle_lo_ms, k.handle_hi_ms)
        const transfer = rng.range(300, 1200)
        const tPlace = tStart + handle + transfer
        const card = this.newCard()
        // the placer's hand is on the card from tStart (one hand: a warned touch's placement goes on with it)
        let handFrom = tStart
        if (ev === "touch_during") {
            const ts = tStart + rng.range(200, handle - 300)
            this.handling(tStart, ts + 200, card)
            if (this.touch(ts, who, false)) return
            // a warning: the placement goes on, the hand taking a fresh grip
            handFrom = ts + 200
        }
        if (ev === "collapse_during") {
            const tc = tStart + handle + transfer * rng.range(0.3, 0.8)
            this.handling(tStart, tc, card)
            // the weight was going on when the structure went; the hand keeps the card
            const w = new Action(Act.Weight, tStart + handle, tc)
            w.card = card
            w.ramp_ms = transfer
            this.schedule(w)
            this.collapse(tc, who)
            return
        }
        this.handling(handFrom, tPlace + rng.range(100, 300), card)
        const w = new Action(Act.Weight, tStart + handle, tPlace)
        w.card = card
        w.ramp_ms = transfer
        this.schedule(w)
        const j = new Action(Act.Join, tPlace, tPlace)
        j.card = card
        this.schedule(j)
        this.cardsOn.push(card)
        this.truth({ t_ms: tPlace, kind: "place", player: who, t_start_ms: tStart, cards: this.cardsOn.length, mass_g: card.mass_kg * 1000 })
        this.passed(who, tPlace)
        if (this.phase === "build" && this.cardsOn.length === this.cfg.cards) {
            this.truth({ t_ms: tPlace, kind: "librium", player: null, cards: this.cardsOn.length })
            this.truth({ t_ms: tPlace, kind: "phase", player: null, phase: "dismantle" })
            this.phase = "dismantle"
        }
    }

    private removal(who: number, collapses: boolean) {
        const rng = this.rng
        const k = this.knobs
        const tStart = this.t
        const card = this.cardsOn[this.cardsOn.length - 1]
        const handle = rng.range(k.handle_lo_ms * 0.6, k.handle_hi_ms * 0.8)
        const tl = tStart + handle
        const tOff = tl + rng.range(300, 900)
        if (collapses) {
            const tc = tStart + handle * rng.range(0.5, 0.9)
            this.handling(tStart, tc, card)
            this.collapse(tc, who)
            return
        }
        this.handling(tStart, tOff + rng.range(100, 300), card)
        const l = new Action(Act.Leave, tl, tl)
        l.card = card
        this.schedule(l)
        const w = new Action(Act.Weight, tl, tOff)
        w.card = card
        w.ramp_ms = tOff - tl
        w.dir = -1
        this.schedule(w)
        this.cardsOn.pop()
        this.truth({ t_ms: tOff, kind: "remove", player: who, t_start_ms: tStart, cards: this.cardsOn.length, mass_g: card.mass_kg * 1000 })
        this.passed(who, tOff)
        if (this.cardsOn.length === 0) {
            this.truth({ t_ms: tOff, kind: "phase", player: null, phase: "tilt" })
            this.phase = "tilt"
            if (!this.tiltFree) this.releasePivot()
        }
    }

    private passed(who: number, tWeight: number) {
        this.turns++
        this.roundTurn++
        this.lastPlacer = who
        this.lastPlaceT = tWeight
        this.lastPassT = tWeight + PASS_MS
        this.t = this.lastPassT
        this.current = this.nextAlive(who)
    }

    /** the next player releases the tilt pivot (handling it is not a foul): easy -> hard, medium -> lunacy */
    private releasePivot() {
        const rng = this.rng
        const t0 = this.t + rng.range(1000, 3000)
        const t1 = t0 + rng.range(1500, 3500)
        const a = new Action(Act.Hand, t0, t1)
        a.fx = rng.range(-0.2, 0.2)
        a.fy = rng.range(-0.2, 0.2)
        a.fz = -rng.range(0, 0.2)
        a.depth = this.rig.rod_len_m
        a.ramp_ms = 200
        a.tremor = 0.3
        a.freq_hz = 9
        this.schedule(a)
        this.schedule(new Action(Act.TiltFree, (t0 + t1) / 2, (t0 + t1) / 2))
        this.truth({ t_ms: t0, kind: "bump", player: null, t_end_ms: t1, what: "pivot_release" })
        this.tiltFree = true
        this.t = t1 + rng.range(1000, 2000)
    }

    // ---- fouls and mishaps

    /** a touch foul starting at ts, blamed on `who`; returns true when it puts the player out */
    private touch(ts: number, who: number, short: boolean): boolean {
        const rng = this.rng
        const r = rng.next()
        const cls = r < 0.4 ? "light" : r < 0.75 ? "medium" : "heavy"
        const f = cls === "light" ? rng.range(0.03, 0.08) : cls === "medium" ? rng.range(0.08, 0.25) : rng.range(0.25, 1)
        const hanger = rng.chance(0.25)
        const dur = hanger ? (short || rng.chance(0.7) ? rng.range(100, 400) : rng.range(600, 2500)) : this.contactMs(f, short)
        const a = new Action(Act.Hand, ts, ts + dur)
        const ang = rng.range(0, 6.283)
        a.fx = f * cos(ang)
        a.fy = f * sin(ang)
        a.fz = f * (hanger ? rng.range(-1, 1) : rng.range(-0.4, 0.4))
        a.tz = f * rng.range(-0.005, 0.005)
        const rr = rng.range(0, 0.3 * this.rig.reach_m)
        a.px = rr * cos(ang + 1)
        a.py = rr * sin(ang + 1)
        a.depth = this.rig.rod_len_m + rng.range(-0.05, 0.1)
        a.hanger = hanger
        a.ramp_ms = Math.min(60, dur / 4)
        a.tremor = rng.range(0.05, 0.2)
        a.freq_hz = rng.range(7, 12)
        this.schedule(a)
        const warn = this.cfg.touch_penalty === "warn"
        let count = 0
        if (warn) {
            this.warnings[who]++
            count = this.warnings[who]
        }
        this.truth({
            t_ms: ts,
            kind: "touch",
            player: who,
            t_end_ms: ts + dur,
            force_class: cls,
            force_n: f,
            force_z_n: a.fz,
            target: hanger ? "hanger" : "structure",
            penalty: warn ? "warn" : "out",
            warnings: count,
        })
        this.t = ts + dur
        if (warn && count < 2) return false
        this.out(who, "touch", ts)
        return true
    }

    /**
     * How long a hand of force f_n stays on the hanging structure, ms. A hand does not push
     * a free pendulum with a set force for a set time: a finger moves in by a few mm (h)
     * and the structure moves away from it. The contact point (depth p, effective mass I/p^2)
     * moves f t^2 p^2 / (2 I), so the contact lasts t = sqrt(2 h I / (f p^2)); the impulse
     * f t then swings the rig to th = f p t / sqrt(I M g d) = sqrt(2 h f / (M g d)), whatever p.
     * A swing past TOUCH_MAX_RAD (15 deg) would shed cards (a collapse): the touches the game
     * sees are the ones the structure survives, so h stays under th_max^2 M g d / (2 f).
     * A 0.05 N finger on a 140 g rig: ~250 ms; a 1 N bump: ~40 ms (a sharp tap).
     * A hand held on (30 % unless short) deflects the rig by f p/(M g d) and overshoots to twice
     * that when it comes on: held only while that stays under th_max, else it is a bump.
     */
    private contactMs(f_n: number, short: boolean): number {
        const rng = this.rng
        const r = this.rig
        const L = r.rod_len_m
        let ml = r.foot_mass_kg
        for (let i = 0; i < this.cardsOn.length; i++) ml += this.cardsOn[i].mass_kg
        const inertia = (r.rod_mass_kg * L * L) / 3 + ml * L * L
        const mgd = G_MPS2 * (r.rod_mass_kg * L * 0.5 + ml * L)
        if (!short && rng.chance(0.3) && (2 * f_n * L) / mgd < TOUCH_MAX_RAD) return rng.range(600, 2500)
        const h = Math.min(rng.range(0.003, 0.012), (TOUCH_MAX_RAD * TOUCH_MAX_RAD * mgd) / (2 * f_n))
        const t = Math.sqrt((2 * h * inertia) / (f_n * L * L))
        return 1000 * t * 1.25
    }

    /** the structure collapses at tc (more than one card comes off), blamed on `who` */
    private collapse(tc: number, who: number) {
        const rng = this.rng
        const n = this.cardsOn.length
        const lo = this.minOff()
        const nOff = rng.chance(0.25) || n <= lo ? n : rng.int(lo, Math.min(n, 8))
        const caught = nOff >= 3 && rng.chance(this.knobs.p_caught)
        const counted = n
        let tLeave = tc
        let caughtCard: Card = null
        for (let i = 0; i < nOff; i++) {
            // the last placed cards go first
            const c = this.cardsOn.pop()
            const l = new Action(Act.Leave, tLeave, tLeave)
            l.card = c
            this.schedule(l)
            if (caught && i === 1) caughtCard = c
            tLeave += rng.range(0, 60)
        }
        if (caughtCard !== null) {
            // it snags on the way down and hangs on, lower and further out
            const c = new Card(caughtCard.id, caughtCard.mass_kg, caughtCard.ox_m * 1.5, caughtCard.oy_m * 1.5 + 0.02, caughtCard.depth_m + 0.04)
            const j = new Action(Act.Join, tc + rng.range(80, 300), 0)
            j.t1_ms = j.t0_ms
            j.card = c
            this.schedule(j)
            this.cardsOn.push(c)
        }
        this.jolt(tc, rng.range(0.3, 2))
        this.tableImpact(tLeave + rng.range(250, 400), rng.range(0.3, 3) * Math.sqrt(nOff / 4))
        this.truth({ t_ms: tc, kind: "collapse", player: who, cards: caught ? nOff - 1 : nOff, caught: caught })
        this.finalCount = counted
        this.out(who, "collapse", tc)
    }

    private finalCount = -1

    /** a collapse takes off more than one card; when a card is to catch, at least three */
    private minOff(): number {
        return this.knobs.p_caught >= 1 ? 3 : 2
    }

    /** only the last card falls off at tf; its placer places it again */
    private cardFell(tf: number) {
        const rng = this.rng
        const c = this.cardsOn.pop()
        const l = new Action(Act.Leave, tf, tf)
        l.card = c
        this.schedule(l)
        this.jolt(tf, rng.range(0.02, 0.1))
        this.tableImpact(tf + rng.range(250, 400), rng.range(0.1, 0.8))
        this.truth({ t_ms: tf, kind: "card_fell", player: this.lastPlacer, cards: this.cardsOn.length, mass_g: c.mass_kg * 1000 })
    }

    /** a short sharp force on the structure (cards breaking loose) */
    private jolt(t: number, f: number) {
        const rng = this.rng
        const a = new Action(Act.Hand, t - 20, t + 40)
        const ang = rng.range(0, 6.283)
        a.fx = f * cos(ang)
        a.fy = f * sin(ang)
        a.fz = f * rng.range(-0.5, 0.5)
        a.tz = f * rng.range(-0.005, 0.005)
        a.depth = this.rig.rod_len_m + 0.03
        a.ramp_ms = 20
        this.schedule(a)
    }

    /** falling cards hitting the table: the clamp rings */
    private tableImpact(t: number, amp_mps2: number) {
        const rng = this.rng
        const a = new Action(Act.Base, t, 0)
        a.decay_s = this.rig.table_decay_s
        a.t1_ms = t + 6000 * a.decay_s
        a.freq_hz = this.rig.table_hz * rng.range(0.8, 1.2)
        a.fx = amp_mps2 * rng.range(-0.3, 0.3)
        a.fy = amp_mps2 * rng.range(-0.3, 0.3)
        a.fz = amp_mps2
        this.schedule(a)
        return a.t1_ms
    }

    // ---- distractors (never fouls)

    /** someone bumps the table: a short broadband jolt of the clamp */
    private bump(t: number): number {
        const rng = this.rng
        const amp = rng.range(1, 8)
        const a = new Action(Act.Base, t, 0)
        a.decay_s = this.rig.table_decay_s * rng.range(1, 3)
        a.t1_ms = t + 6000 * a.decay_s
        a.freq_hz = this.rig.table_hz * rng.range(0.8, 1.2)
        const ang = rng.range(0, 6.283)
        a.fx = amp * cos(ang)
        a.fy = amp * sin(ang)
        a.fz = amp * rng.range(-0.7, 0.7)
        this.schedule(a)
        this.truth({ t_ms: t, kind: "bump", player: null, t_end_ms: a.t1_ms, what: "table_bump", force_n: amp })
        return a.t1_ms
    }

    /**
     * A draught. Room air moves at 0.1-0.3 m/s: dynamic pressure 0.5 rho v^2 = 0.006-0.05 Pa,
     * on the cards' exposed area (~0.03 m2) at a drag coefficient ~1.2: 0.2-2 mN, fluctuating
     * with a correlation time of 1-3 s. A balanced structure is nearly symmetric about the rod,
     * so the centre of pressure sits only 1-5 mm off the axis: a torque about the vertical of
     * at most ~1e-5 N m. On the free-turn connector (Iz ~ 1e-4..1e-3 kg m2, spin decay 5-20 s)
     * that turns the structure at a few degrees/s (a mobile drifting round), never tens.
     */
    private air(t: number): number {
        const rng = this.rng
        const a = new Action(Act.Air, t, t + rng.range(5000, 25000))
        a.fx = rng.range(0.0002, 0.002)
        a.px = rng.range(0.001, 0.005) * (rng.chance(0.5) ? 1 : -1)
        a.decay_s = rng.range(1, 3)
        a.ramp_ms = 1500
        a.depth = this.rig.rod_len_m + 0.03
        this.schedule(a)
        this.truth({ t_ms: t, kind: "bump", player: null, t_end_ms: a.t1_ms, what: "air", force_n: a.fx })
        return a.t1_ms
    }

    /** a card dropped on the table (not the structure) */
    private drop(t: number): number {
        const end = this.tableImpact(t, this.rng.range(0.05, 0.6))
        this.truth({ t_ms: t, kind: "bump", player: null, t_end_ms: end, what: "table_drop" })
        return end
    }

    private fault(t: number, sensor: string): number {
        const end = t + this.rng.range(2000, 8000)
        this.schedule(new Action(sensor === "imu" ? Act.ImuSilent : Act.LoadStuck, t, end))
        this.truth({ t_ms: t, kind: "fault", player: null, t_end_ms: end, sensor: sensor })
        return end
    }

    // ---- rounds

    private out(who: number, reason: "collapse" | "touch", t: number) {
        this.outs.push({ player: who, reason: reason, t_ms: t })
        this.alive[who] = false
        this.lastOut = who
        this.finishRound()
        this.roundOver = true
        this.t = Math.max(this.t, t)
        let left = 0
        let last = 0
        for (let i = 1; i <= this.cfg.players; i++)
            if (this.alive[i]) {
                left++
                last = i
            }
        if (left === 1) this.winner = last
    }

    /** record the cards counted on the structure when the round ended (before a collapse took any off) */
    private finishRound() {
        this.finalCards.push(this.finalCount >= 0 ? this.finalCount : this.cardsOn.length)
        this.finalCount = -1
    }

    /** clean-up (never a foul), the rig steadied, then a start press or a rest at tare */
    private betweenRounds() {
        const rng = this.rng
        let t = this.t + rng.range(2000, 4000)
        const t0 = t
        while (this.cardsOn.length > 0) {
            const c = this.cardsOn.pop()
            const dur = rng.range(600, 1500)
            const a = new Action(Act.Hand, t, t + dur)
            a.fx = rng.range(-0.3, 0.3)
            a.fy = rng.range(-0.3, 0.3)
            a.fz = -rng.range(0, 0.2)
            a.px = c.ox_m
            a.py = c.oy_m
            a.depth = c.depth_m
            a.ramp_ms = 150
            this.schedule(a)
            const l = new Action(Act.Leave, t + dur / 2, t + dur / 2)
            l.card = c
            this.schedule(l)
            t += dur
        }
        // picking fallen cards off the table
        const picks = rng.int(1, 3)
        for (let i = 0; i < picks; i++) {
            this.tableImpact(t, rng.range(0.05, 0.3))
            t += rng.range(400, 1200)
        }
        if (this.tiltFree !== this.rig.tilt_free) {
            this.schedule(new Action(Act.TiltLock, t, t))
            this.tiltFree = this.rig.tilt_free
        }
        const st = new Action(Act.Steady, t, t + rng.range(1500, 3000))
        st.ramp_ms = 300
        this.schedule(st)
        this.truth({ t_ms: t0, kind: "bump", player: null, t_end_ms: st.t1_ms, what: "cleanup" })
        t = st.t1_ms
        let how = "rest"
        if (rng.chance(this.knobs.p_button)) {
            t += rng.range(1000, 4000)
            this.input(t, "start")
            how = "button"
        } else t += 3000
        this.phase = "build"
        this.roundTurn = 0
        this.lastPassT = -1e9
        this.lastPlaceT = -1e9
        this.current = this.nextAlive(this.lastOut)
        this.roundOver = false
        this.truth({ t_ms: t, kind: "round_start", player: this.current, how: how })
        this.t = t
    }

    private nextAlive(p: number): number {
        const n = this.cfg.players
        let q = p
        for (let i = 0; i < n; i++) {
            q = q >= n ? 1 : q + 1
            if (this.alive[q]) return q
        }
        return p
    }

    private finish(end_ms: number) {
        this.done = true
        this.end_ms = Math.max(end_ms, this.t + 1000)
    }

    /** add a truth event, keeping time order (events arrive nearly in order) */
    private truth(e: TruthEvent) {
        const ev = this.events
        ev.push(e)
        let i = ev.length - 1
        while (i > 0 && ev[i - 1].t_ms > e.t_ms) {
            ev[i] = ev[i - 1]
            i--
        }
        ev[i] = e
    }
}
