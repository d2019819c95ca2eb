/**
 * Scripted observation sequences for the rules engine tests (portable: used by
 * the Node scenario tests, the VM suite and the parity case).
 */
import { Rng } from "../../src/core/rand"
import { Rules } from "../../src/core/referee/rules"
import { DIFFICULTIES, Evidence, GameConfig, Obs, ObsKind, RefEvent } from "../../src/core/referee/types"
import { formatEvent } from "../../src/core/trace"

export function obs(kind: ObsKind, t_ms: number, ev?: Evidence): Obs {
    return { kind: kind, t_ms: t_ms, ev: ev }
}

export function press(t_ms: number, button: string): Obs {
    return { kind: "input", t_ms: t_ms, which: button }
}

export function fault(kind: ObsKind, t_ms: number, sensor: string, message: string): Obs {
    return { kind: kind, t_ms: t_ms, sensor: sensor, message: message }
}

export function game(players: number, difficulty: string, cards: number, touch_penalty: string): GameConfig {
    return { players: players, difficulty: difficulty as any, cards: cards, first_player: 1, touch_penalty: touch_penalty as any }
}

/** feeds `script` to `rules`, returns every event */
export function feed(rules: Rules, script: Obs[]): RefEvent[] {
    const out: RefEvent[] = []
    for (let i = 0; i < script.length; i++) rules.handle(script[i], out)
    return out
}

/** one event as compact text: "type p=2 cards=5 ..." (spec fields and evidence, no t_ms) */
export function brief(e: RefEvent): string {
    const keys = Object.keys(e)
    let s = e.type
    for (let i = 0; i < keys.length; i++) {
        const k = keys[i]
        if (k === "t_ms" || k === "type") continue
        s += " " + (k === "player" ? "p" : k) + "=" + e[k]
    }
    return s
}

/** place `n` cards, one every 5 s from `t0_ms` */
export function placements(t0_ms: number, n: number): Obs[] {
    const s: Obs[] = []
    for (let i = 0; i < n; i++) s.push(obs("card_on", t0_ms + 5000 * i))
    return s
}

/** observation kinds, repeated by weight so that games get far (LIBRIUM, tilt, falls) before someone goes out */
const RANDOM_KINDS: ObsKind[] = ["card_on", "card_on", "card_on", "card_on", "card_on", "card_on", "card_off", "card_off", "collapse", "touch", "rest_at_tare", "input", "fault", "fault_clear"]

/**
 * Random games from a seeded Rng, one printed line at a time (events as
 * JSON lines, snapshots cut in two: the VM cuts lines at 150 characters).
 * Every 40th observation the game is snapshotted and continued from
 * Rules.restore, so the parity run checks restore too.
 */
export class RandomGames {
    private rules: Rules
    private cfg: GameConfig
    private lines: string[] = []
    private events: RefEvent[] = []
    private t_ms = 0
    private n = 0

    constructor(private rng: Rng) {
        this.newGame()
    }

    private newGame() {
        const rng = this.rng
        const players = rng.int(2, 8)
        this.cfg = { players: players, difficulty: DIFFICULTIES[rng.int(0, 3)], cards: rng.int(1, 8), first_player: rng.int(1, players), touch_penalty: rng.chance(0.5) ? "warn" : "out" }
        this.rules = new Rules(this.cfg)
        this.lines.push("game " + [this.cfg.players, this.cfg.difficulty, this.cfg.cards, this.cfg.first_player, this.cfg.touch_penalty].join(" "))
    }

    private observe() {
        const rng = this.rng
        this.t_ms += Math.round(rng.range(0, 6000) * 8) / 8
        const kind = RANDOM_KINDS[rng.int(0, RANDOM_KINDS.length - 1)]
        const o = obs(kind, this.t_ms)
        if (kind === "input") o.which = rng.chance(0.5) ? "start" : "next"
        // a struck drop: in the dismantle before the first removal, the LIBRIUM card falling
        if (kind === "card_off" && rng.chance(0.3)) o.fell = true
        if (kind === "fault" || kind === "fault_clear") {
            o.sensor = rng.chance(0.5) ? "imu" : "load"
            o.message = "stuck"
        }
        if (rng.chance(0.5)) o.ev = { delta_g: Math.round(rng.gauss() * 800) / 8, detector: "load" }
        this.events = [] // not events.length = 0: the DeviceScript VM (2.16.4) mishandles assigning an array's length
        this.rules.handle(o, this.events)
        for (let i = 0; i < this.events.length; i++) this.lines.push(formatEvent(this.events[i]))
        this.n++
        if (this.n % 40 === 0) {
            const snap = this.rules.snapshot()
            this.lines.push("snap " + snap.slice(0, 100))
            this.lines.push("snap+" + snap.slice(100))
            this.rules = Rules.restore(this.cfg, snap)
        }
        if (this.rules.context().phase === "over") this.newGame()
    }

    /** the next line of the transcript */
    nextLine(): string {
        while (this.lines.length === 0) this.observe()
        return this.lines.shift()
    }
}
