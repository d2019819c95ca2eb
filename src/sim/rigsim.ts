/**
 * The streaming rig simulator: physics (1 ms steps) + sensors + a planner (the
 * game director, or a plan it made beforehand), one trace row per call.
 *
 *   const sim = new RigSim(spec, DIRECTOR)        // DIRECTOR from ./director
 *   while (sim.next(sample)) { ... }      // sample: a core Sample, reused
 *   const truth = simTruth(sim)
 *
 * Portable (Node and the DeviceScript VM): no allocation per sample, Rng only.
 */
import { Rng } from "../core/rand"
import { Sample } from "../core/sample"
import { GameConfig } from "../core/referee/types"
import { Act, Action, applyAction } from "./actions"
import { SimParams } from "./params"
import { RigPhysics } from "./physics"
import { ImuModel, LoadModel } from "./sensors"
import { Truth, TruthEvent, TruthOut } from "./truth"

/** the physics step, ms */
export const SIM_STEP_MS = 1
/** decimals of t_ms in simulated traces */
export const SIM_T_DECIMALS = 2
/** the director plans this far ahead of the physics, ms */
export const LOOKAHEAD_MS = 10000

/** what a case's players do: chances per turn, forced events, tempo */
export interface PlanKnobs {
    /** stop (after the current turn) at about this trace time, ms (a cap when playing to a winner) */
    duration_ms: number
    /** play on, round after round, until one player is left */
    until_winner: boolean
    /** nobody plays: the rig rests for the whole trace */
    quiet: boolean
    /** chance per turn of: the last card falling, a collapse, a touch, a table bump, air, a card dropped on the table, sensor faults */
    p_fell: number
    p_collapse: number
    p_touch: number
    p_bump: number
    p_air: number
    p_drop: number
    p_fault_imu: number
    p_fault_load: number
    /** chance that the LIBRIUM card falls off after its turn passed, before the first removal (rule 4 in the reverse phase) */
    p_fell_librium: number
    /** an event forced on turn `force_turn` of the first round ("" for none): fell, collapse, touch, bump, air, drop, fault_imu, fault_load */
    force_event: string
    force_turn: number
    /** chance per turn of a collapse in the tilt phase (after a LIBRIUM) */
    p_collapse_tilt: number
    /** chance that a collapsing card catches and hangs on */
    p_caught: number
    /** chance that a round starts with a start press (else: rest at tare) */
    p_button: number
    /** thinking time before a turn and hand time of a placement, ms */
    think_lo_ms: number
    think_hi_ms: number
    handle_lo_ms: number
    handle_hi_ms: number
}

/** everything a simulated case is: the game, the rig, the players */
export interface CaseSpec {
    seed: number
    category: string
    quick: boolean
    config: GameConfig
    params: SimParams
    knobs: PlanKnobs
}

/**
 * What happens in the game, planned ahead of the physics: the game director
 * (./director.ts DIRECTOR), or a plan it made beforehand (./plan.ts: the npm
 * start image has no room for the director). Its truth is complete once done.
 */
export interface Planner {
    /** everything before this time is planned, ms */
    t: number
    /** the whole game is planned; it ends at end_ms */
    done: boolean
    end_ms: number
    /** plan one more step */
    plan(): void
    events: TruthEvent[]
    outs: TruthOut[]
    winner: number
    finalCards: number[]
    turns: number
}

/** makes the planner of a case; it hands actions and input words to the simulator as it plans them */
export type PlannerFactory = (spec: CaseSpec, schedule: (a: Action) => void, input: (t_ms: number, word: string) => void) => Planner

export interface RigSimOptions {
    /** noise-free sensors: no noise, bias, quantisation, jitter, drops or load drift (for physics tests) */
    ideal: boolean
}

export class RigSim {
    readonly spec: CaseSpec
    readonly physics: RigPhysics
    readonly imu: ImuModel
    readonly load: LoadModel
    readonly director: Planner
    /** rows produced so far */
    rows = 0
    private ideal: boolean
    private pending: Action[] = []
    private head = 0
    private active: Action[] = []
    private inT: number[] = []
    private inWord: string[] = []
    private inIdx = 0
    private physT = 0
    private nextImuT: number
    private nextLoadT: number
    private lastStamp = 0
    private rngTime: Rng
    private rngPhys: Rng
    private imuSilent = false
    private loadStuck = false
    private stuckValue = NaN

    constructor(spec: CaseSpec, planner: PlannerFactory, opts?: RigSimOptions) {
        this.spec = spec
        this.ideal = opts ? opts.ideal : false
        const seed = spec.seed
        this.physics = new RigPhysics(spec.params.rig)
        this.imu = new ImuModel(spec.params.imu, new Rng(seed ^ 0x51a3c2e1))
        this.load = new LoadModel(spec.params.load, new Rng(seed ^ 0x2b7e1516))
        this.rngTime = new Rng(seed ^ 0x7f4a7c15)
        this.rngPhys = new Rng(seed ^ 0x3c6ef372)
        const self = this
        this.director = planner(
            spec,
            (a: Action) => self.schedule(a),
            (t: number, w: string) => self.scheduleInput(t, w)
        )
        this.load.accumulate(this.physics.loadForce_n)
        this.nextImuT = this.rngTime.range(0, this.imu.period_ms)
        this.nextLoadT = this.rngTime.range(0, this.load.period_ms)
    }

    /** fill `s` with the next row; false when the trace has ended */
    next(s: Sample): boolean {
        while (true) {
            const tIn = this.inIdx < this.inT.length ? this.inT[this.inIdx] : Infinity
            const tI = this.nextImuT
            const tL = this.nextLoadT
            const t = Math.min(tI, tL, tIn)
            this.advance(t)
            if (this.director.done && t > this.director.end_ms) return false
            if (t === tIn) {
                s.clear(this.stamp(t, 0))
                s.input = this.inWord[this.inIdx]
                this.inIdx++
                this.rows++
                return true
            }
            if (t === tI) {
                this.nextImuT += this.imu.period_ms
                if (this.imuSilent) continue
                if (!this.ideal && this.rngTime.chance(this.spec.params.imu.drop_prob)) continue
                s.clear(this.stamp(t, this.spec.params.imu.jitter_ms))
                this.imu.read(this.physics, s, this.ideal)
                this.rows++
                return true
            }
            this.nextLoadT += this.load.period_ms
            let v = this.load.read(t, this.ideal)
            if (this.loadStuck) {
                if (this.stuckValue !== this.stuckValue) this.stuckValue = v
                v = this.stuckValue
            } else this.stuckValue = NaN
            s.clear(this.stamp(t, this.spec.params.load.jitter_ms))
            s.setLoad(v)
            this.rows++
            return true
        }
    }

    private schedule(a: Action) {
        const p = this.pending
        p.push(a)
        let i = p.length - 1
        while (i > this.head && p[i - 1].t0_ms > a.t0_ms) {
            p[i] = p[i - 1]
            i--
        }
        p[i] = a
    }

    private scheduleInput(t: number, word: string) {
        this.inT.push(t)
        this.inWord.push(word)
    }

    /** a sample's time stamp: true time + the sampler's jitter, never decreasing */
    private stamp(t: number, jitter_ms: number): number {
        let x = t
        if (!this.ideal && jitter_ms > 0) x += jitter_ms * this.rngTime.gauss()
        x = Math.round(x * 100) / 100
        if (x < this.lastStamp) x = this.lastStamp
        this.lastStamp = x
        return x
    }

    /** run the physics up to time t (ms) */
    private advance(t: number) {
        const ph = this.physics
        const d = this.director
        const dt_s = SIM_STEP_MS / 1000
        while (this.physT + SIM_STEP_MS <= t) {
            const now = this.physT
            while (!d.done && d.t < now + LOOKAHEAD_MS) d.plan()
            const p = this.pending
            while (this.head < p.length && p[this.head].t0_ms <= now) {
                this.active.push(p[this.head])
                p[this.head] = null
                this.head++
            }
            if (this.head > 64) {
                this.pending = p.slice(this.head)
                this.head = 0
            }
            this.imuSilent = false
            this.loadStuck = false
            const act = this.active
            for (let i = act.length - 1; i >= 0; i--) {
                const a = act[i]
                if (a.kind === Act.ImuSilent) this.imuSilent = true
                else if (a.kind === Act.LoadStuck) this.loadStuck = true
                else if (!a.done) applyAction(a, now, dt_s, ph, this.rngPhys)
                if (a.done || a.t1_ms <= now) {
                    act[i] = act[act.length - 1]
                    act.pop()
                }
            }
            ph.step(dt_s)
            this.load.accumulate(ph.loadForce_n)
            this.physT += SIM_STEP_MS
        }
    }
}

/**
 * the ground truth of `sim` (complete once its next() has returned false); a function, not a method, so that an image
 * that never asks (npm start's: the host has the truth from the plan) does not carry it
 */
export function simTruth(sim: RigSim): Truth {
    const d = sim.director
    return {
        events: d.events,
        outcome: { outs: d.outs, winner: d.winner, final_cards: d.finalCards, turns: d.turns },
        case: caseInfo(sim.spec, d.end_ms),
    }
}

/** `sim`'s trace time of the end (known once the director is done); a function, as simTruth */
export function simEnd_ms(sim: RigSim): number {
    return sim.director.done ? sim.director.end_ms : NaN
}

/** what the truth's `case` and the trace metadata's "sim" carry: every drawn parameter */
export function caseInfo(spec: CaseSpec, end_ms: number): { [k: string]: any } {
    return {
        category: spec.category,
        seed: spec.seed,
        quick: spec.quick,
        duration_ms: end_ms,
        config: spec.config,
        rig: spec.params.rig,
        imu: spec.params.imu,
        load: spec.params.load,
        knobs: spec.knobs,
    }
}
