/**
 * A scripted stand-in for the Referee (same API) for tests of the hardware
 * layer: a round starts on input "start" (round_start, turn 1); input "next"
 * passes the turn; it counts the samples each sensor delivered; a sensor
 * fault is one `fault` event. Its whole state is in its snapshot, so a lost
 * or reset state shows.
 */
import { GameConfig, GameView, RefEvent } from "../../../src/core/referee/types"
import { Sample } from "../../../src/core/sample"
import { RefereeLike } from "../../../src/hw/sampler"

export class ScriptedReferee implements RefereeLike {
    cfg: GameConfig
    turn = 0
    imuSamples = 0
    loadSamples = 0
    faultsTold = 0
    private out: RefEvent[] = []

    constructor(cfg: GameConfig) {
        this.cfg = cfg
    }

    update(s: Sample): RefEvent[] {
        this.out = []
        if (s.hasImu) this.imuSamples++
        if (s.hasLoad) this.loadSamples++
        if (s.input === "start" && this.turn === 0) {
            this.turn = 1
            this.out.push({ t_ms: s.t_ms, type: "round_start", player: 1, players: this.cfg.players, difficulty: this.cfg.difficulty })
            this.out.push({ t_ms: s.t_ms, type: "turn", player: 1 })
        }
        if (s.input === "next" && this.turn > 0) {
            this.turn = (this.turn % this.cfg.players) + 1
            this.out.push({ t_ms: s.t_ms, type: "turn", player: this.turn })
        }
        return this.out
    }

    sensorFault(t_ms: number, sensor: string, message: string): RefEvent[] {
        this.faultsTold++
        this.out = [{ t_ms: t_ms, type: "fault", sensor: sensor, message: message }]
        return this.out
    }

    snapshot(): string {
        return JSON.stringify({ turn: this.turn })
    }

    restore(snap: string) {
        const j = JSON.parse(snap)
        if (typeof j.turn !== "number") throw new Error("no turn in snapshot")
        this.turn = j.turn
    }

    view(): GameView {
        const out: boolean[] = []
        for (let i = 0; i < this.cfg.players; i++) out.push(false)
        return { players: this.cfg.players, turn: this.turn, out: out, winner: 0, phase: "build", cards: 0, faults: [] }
    }
}
