/**
 * Scripted observation sequences for the rules engine tests (portable: used by
 * the Node scenario tests, the VM suite and the parity case).
 */
import { Rules } from "../../src/core/referee/rules"
import { Evidence, GameConfig, Obs, ObsKind, RefEvent } from "../../src/core/referee/types"

export function obs(kind: ObsKind, t_ms: number, ev?: Evidence): Obs {
    return { kind: kind, t_ms: t_ms, ev: ev }
}

export function press(t_ms: number, button: string): Obs {
    return { kind: "input", t_ms: t_ms, button: button }
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
