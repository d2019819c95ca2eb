/**
 * The referee: samples in, events out. Wires the signal modules and detectors
 * (which see forces and motion) to the rules engine (which knows players).
 *
 * API contract used by the firmware (src/main.ts, the sampler) and by every
 * host tool (replay, bench, tune, start, report):
 *   const ref = new Referee(cfg)            // cfg: GameConfig from the trace metadata / device settings
 *   const evs = ref.update(sample)          // events decided on this sample; the array is reused: copy to keep
 *   ref.snapshot() / ref.restore(s)         // compact game state for flash at turn boundaries
 *   ref.view()                              // what the LEDs show
 *
 * STUB: emits round_start and turn at the first sample only. The detectors and
 * rules engine replace this (issue 4).
 */
import { Sample } from "../sample"
import { GameConfig, RefEvent } from "./types"

export interface GameView {
    players: number
    /** seat whose turn it is (1-based), 0 between rounds */
    turn: number
    /** out[i] is true when seat i+1 is knocked out */
    out: boolean[]
    winner: number
    phase: string
    cards: number
    /** sensors currently in fault ("imu", "load") */
    faults: string[]
}

export class Referee {
    readonly cfg: GameConfig
    private events: RefEvent[] = []
    private started = false

    constructor(cfg: GameConfig) {
        this.cfg = cfg
    }

    update(s: Sample): RefEvent[] {
        const out = this.events
        out.length = 0
        if (!this.started) {
            this.started = true
            out.push({ t_ms: s.t_ms, type: "round_start", player: this.cfg.first_player, players: this.cfg.players, difficulty: this.cfg.difficulty })
            out.push({ t_ms: s.t_ms, type: "turn", player: this.cfg.first_player })
        }
        return out
    }

    snapshot(): string {
        return "{}"
    }

    restore(snap: string) {}

    view(): GameView {
        const out: boolean[] = []
        for (let i = 0; i < this.cfg.players; i++) out.push(false)
        return { players: this.cfg.players, turn: this.cfg.first_player, out: out, winner: 0, phase: "build", cards: 0, faults: [] }
    }
}
