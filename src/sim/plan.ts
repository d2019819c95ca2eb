/**
 * A game the director planned beforehand, as text: the actions and input
 * words it handed the simulator, step by step. The npm start image
 * (firmware + simulator in the DeviceScript VM) has room neither for the
 * director's code nor for its plan as objects on the heap, so devs/start.ts
 * plans on the host (recordPlan) and the VM replays the plan from a string in
 * the image, a few seconds ahead of the physics (replayPlan). The game is the
 * same either way: the director draws from its own random stream, never from
 * the physics. Portable (Node and the DeviceScript VM).
 *
 * One record per line, numbers as JavaScript prints them (they read back exactly):
 *   c,id,mass_kg,ox_m,oy_m,depth_m     a card (one that catches on the way down is a new one, same id)
 *   a,kind,t0_ms,t1_ms,ramp_ms,fx,fy,fz,tz,px,py,depth,hold_per_s,hanger(0/1),tremor,freq_hz,decay_s,card(-1: none),dir
 *   i,t_ms,word                         an input word
 *   s,t_ms                              the end of a planning step: the planner's clock
 *   e,end_ms                            the game is planned; it ends then
 */
import { Action } from "./actions"
import { Card } from "./physics"
import { CaseSpec, LOOKAHEAD_MS, Planner, PlannerFactory } from "./rigsim"
import { TruthEvent, TruthOut } from "./truth"

/** a card's record fields after its "c" (the order `Replay.plan` reads them in) */
function cardFields(c: Card): number[] {
    return [c.id, c.mass_kg, c.ox_m, c.oy_m, c.depth_m]
}

/** an action's record fields after its "a" (the order `Replay.action` reads them in); `card` indexes the plan's cards */
function actionFields(a: Action, card: number): number[] {
    const f = [a.kind, a.t0_ms, a.t1_ms, a.ramp_ms, a.fx, a.fy, a.fz, a.tz, a.px, a.py, a.depth, a.hold_per_s, a.hanger ? 1 : 0]
    f.push(a.tremor, a.freq_hz, a.decay_s, card, a.dir)
    return f
}

/** takes one record of a plan: its kind ("c", "a", "i", "s", "e"), its numbers, and an input record's word ("" for the others) */
export type PlanRecord = (kind: string, v: number[], word: string) => void

/**
 * Starts `factory`'s planner for `spec`, its plan going to `record` one record at a time; then `planStep`
 * plans each further step. Portable: the VM parity test records the director's plans this way too.
 */
export function planRecorder(spec: CaseSpec, factory: PlannerFactory, record: PlanRecord): Planner {
    const cards: Card[] = []
    const planner = factory(
        spec,
        (a: Action) => {
            let ci = -1
            if (a.card !== null) {
                ci = cards.indexOf(a.card)
                if (ci < 0) {
                    ci = cards.length
                    cards.push(a.card)
                    record("c", cardFields(a.card), "")
                }
            }
            record("a", actionFields(a, ci), "")
        },
        (t_ms: number, word: string) => record("i", [t_ms], word)
    )
    record("s", [planner.t], "")
    return planner
}

/** plans one more step of a planner `planRecorder` started, and records its end */
export function planStep(planner: Planner, record: PlanRecord) {
    planner.plan()
    record("s", [planner.t], "")
    if (planner.done) record("e", [planner.end_ms], "")
}

/** run `factory`'s planner for `spec` to the end: the plan as text, and the planner (its truth) */
export function recordPlan(spec: CaseSpec, factory: PlannerFactory): { text: string; planner: Planner } {
    const lines: string[] = []
    const record = (kind: string, v: number[], word: string) => {
        lines.push(kind + "," + v.join(",") + (word.length > 0 ? "," + word : ""))
    }
    const planner = planRecorder(spec, factory, record)
    while (!planner.done) planStep(planner, record)
    return { text: lines.join("\n"), planner: planner }
}

/** a held action line is made and scheduled this long before its start at the latest, ms */
const HOLD_LEAD_MS = 1000

/**
 * Replays a recorded plan one planning step per plan() call. No truth: the host has it. A step's action lines are
 * held as their numbers and made into Actions only as their start comes near (HOLD_LEAD_MS), in the order the step had them,
 * all before the next step is read: the simulator's queue then holds every action in the same order as the director's
 * (it sorts by start, ties by arrival), and each before its start. An Action takes about 430 bytes of the VM's heap,
 * and an 8-player game's clean-up plans 19 cards' hands and departures, 38 actions over 13 s, in one step: made at
 * once they ran `npm start`'s VM out of heap.
 */
class Replay implements Planner {
    t = 0
    done = false
    end_ms = 0
    events: TruthEvent[] = []
    outs: TruthOut[] = []
    winner: number = null
    finalCards: number[] = []
    turns = 0
    private text: string
    private pos = 0
    private cards: Card[] = []
    private schedule: (a: Action) => void
    private input: (t_ms: number, word: string) => void
    /** the current step's action lines not yet made (their fields: [1] is the start), and the step's end (NaN: none) */
    private held: number[][] = []
    private stepT = NaN

    constructor(text: string, schedule: (a: Action) => void, input: (t_ms: number, word: string) => void) {
        this.text = text
        this.schedule = schedule
        this.input = input
        this.plan()
    }

    plan() {
        if (this.held.length > 0) {
            this.release(this.t === this.stepT)
            return
        }
        const s = this.text
        while (this.pos < s.length) {
            let end = s.indexOf("\n", this.pos)
            if (end < 0) end = s.length
            // the fields by indexOf, not split: the VM's String.split is a loop over every character, and an
            // 8-player game's clean-up plans 38 lines (4,900 characters) in one step, past the VM's limit of
            // 128 K instructions between awaits (InfiniteLoop)
            let comma = s.indexOf(",", this.pos)
            if (comma < 0 || comma > end) comma = end
            const k = s.slice(this.pos, comma)
            // the fields after the kind as numbers (an input's word reads NaN, kept as text)
            const v: number[] = []
            let word = ""
            for (let p = comma + 1; p <= end && comma < end; ) {
                let q = s.indexOf(",", p)
                if (q < 0 || q > end) q = end
                const field = s.slice(p, q)
                if (v.length === 1) word = field
                v.push(parseFloat(field))
                p = q + 1
            }
            this.pos = end + 1
            if (k === "s") {
                this.stepT = v[0]
                this.setT()
                return
            }
            if (k === "e") {
                this.done = true
                this.end_ms = v[0]
                return
            }
            if (k === "i") this.input(v[0], word)
            else if (k === "c") this.cards.push(new Card(v[0], v[1], v[2], v[3], v[4]))
            else {
                this.held.push(v)
            }
        }
    }

    /**
     * Makes and schedules held lines in the step's order: all of them when the next step is due (`t` is the step's
     * end: the simulator reads the next step once that is less than LOOKAHEAD_MS ahead of its clock), else those up to
     * the one that starts first. Then sets `t` to when to be called again.
     */
    private release(all: boolean) {
        const h = this.held
        let upTo = h.length - 1
        if (!all) {
            upTo = 0
            for (let i = 1; i < h.length; i++) if (h[i][1] < h[upTo][1]) upTo = i
        }
        for (let i = 0; i <= upTo; i++) this.schedule(this.action(h[i]))
        this.held = h.slice(upTo + 1)
        this.setT()
    }

    /** the step's end, or sooner: the simulator calls plan() once `t` is less than LOOKAHEAD_MS ahead of its clock, and a held line is due HOLD_LEAD_MS before it starts */
    private setT() {
        let t = this.stepT
        const h = this.held
        for (let i = 0; i < h.length; i++) t = Math.min(t, h[i][1] - HOLD_LEAD_MS + LOOKAHEAD_MS)
        this.t = t
    }

    /** an action from its line's fields after the kind */
    private action(v: number[]): Action {
        const a = new Action(v[0], v[1], v[2])
        a.ramp_ms = v[3]
        a.fx = v[4]
        a.fy = v[5]
        a.fz = v[6]
        a.tz = v[7]
        a.px = v[8]
        a.py = v[9]
        a.depth = v[10]
        a.hold_per_s = v[11]
        a.hanger = v[12] > 0
        a.tremor = v[13]
        a.freq_hz = v[14]
        a.decay_s = v[15]
        a.card = v[16] >= 0 ? this.cards[v[16]] : null
        a.dir = v[17]
        return a
    }
}

/** a planner factory that replays the recorded plan `text` */
export function replayPlan(text: string): PlannerFactory {
    return (spec, schedule, input) => new Replay(text, schedule, input)
}
