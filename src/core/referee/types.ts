/**
 * Types shared by the detectors, the rules engine, the firmware and the host
 * tools. Event field names follow ../shared/spec/trace-format.md exactly.
 */

export type Difficulty = "easy" | "medium" | "hard" | "lunacy"
export const DIFFICULTIES: Difficulty[] = ["easy", "medium", "hard", "lunacy"]

export type TouchPenalty = "out" | "warn"

/** what a game is played with: the trace's metadata line, or the device's configuration */
export interface GameConfig {
    /** number of players, 2..8 */
    players: number
    difficulty: Difficulty
    /** cards in play (30, 40, 50, ...) */
    cards: number
    /** seat that starts the first round (1-based) */
    first_player: number
    touch_penalty: TouchPenalty
}

export function defaultGameConfig(): GameConfig {
    return { players: 3, difficulty: "easy", cards: 30, first_player: 1, touch_penalty: "out" }
}

/** the most cards a game can be played with */
export const MAX_CARDS = 200

/**
 * a game configuration from JSON (a trace's metadata line, the device's settings, a host tool), checked: the one
 * place that says what a configuration may be. `first_player` and `touch_penalty` may be absent (1, "out"); other
 * keys are ignored. Throws an Error whose message names the key and what it must be
 */
export function checkGameConfig(j: any): GameConfig {
    if (j === null || typeof j !== "object") throw new Error("not a JSON object")
    const players = j["players"]
    if (!isWhole(players, 2, 8)) throw new Error("\"players\" must be a whole number 2..8")
    const difficulty = j["difficulty"]
    if (DIFFICULTIES.indexOf(difficulty) < 0) throw new Error("\"difficulty\" must be easy, medium, hard or lunacy")
    const cards = j["cards"]
    if (!isWhole(cards, 1, MAX_CARDS)) throw new Error("\"cards\" must be a whole number 1.." + MAX_CARDS)
    let first = j["first_player"]
    if (first === undefined || first === null) first = 1
    if (!isWhole(first, 1, players)) throw new Error("\"first_player\" must be a seat 1.." + players)
    let pen = j["touch_penalty"]
    if (pen === undefined || pen === null) pen = "out"
    if (pen !== "out" && pen !== "warn") throw new Error("\"touch_penalty\" must be out or warn")
    return { players: players, difficulty: difficulty, cards: cards, first_player: first, touch_penalty: pen }
}

/** a whole number in lo..hi (not NaN, not a string) */
export function isWhole(v: any, lo: number, hi: number): boolean {
    return typeof v === "number" && Math.floor(v) === v && v >= lo && v <= hi
}

/** levels with the free-turn connector: spin about the vertical is normal there */
export function spinsFreely(d: Difficulty): boolean {
    return d === "medium" || d === "lunacy"
}

/** levels with the tilt pivot released: fulcrum tilt is normal there */
export function tiltReleased(d: Difficulty): boolean {
    return d === "hard" || d === "lunacy"
}

export type EventType =
    | "round_start"
    | "turn"
    | "placed"
    | "removed"
    | "card_fell"
    | "collapse"
    | "touch"
    | "warning"
    | "out"
    | "winner"
    | "librium"
    | "phase"
    | "fault"

/**
 * A referee event: `t_ms`, `type`, the spec's fields for that type, then any
 * evidence fields (units in their names: `delta_g`, `delta_cards`,
 * `swing_dps`, `detector`, ...). Key order is output order.
 */
export type RefEvent = { t_ms: number; type: string; [k: string]: number | string | boolean | null }

/** evidence fields of a call, in output order (units in the names) */
export type Evidence = { [k: string]: number | string }

/**
 * What the detectors tell the rules engine (they see signals, not players).
 * `kind`:
 *  - "card_on":  a steady step up of about one card, held steady ~1.5 s
 *  - "card_off": a steady step down of about one card (a removal, or the last card falling)
 *  - "collapse": a drop of more than one card (called fast)
 *  - "touch":    a force on the structure/hanger that no placement explains
 *  - "fault" / "fault_clear": a sensor stopped answering / answers again (`sensor`, `message`)
 *  - "rest_at_tare": back at the tare load and still for a few seconds (between rounds)
 *  - "input": a button event (`which` button: "start", "next", "mode")
 * Evidence travels in `ev` and is copied onto the referee event the rules emit.
 */
export type ObsKind = "card_on" | "card_off" | "collapse" | "touch" | "fault" | "fault_clear" | "rest_at_tare" | "input"

export interface Obs {
    kind: ObsKind
    t_ms: number
    /** for fault / fault_clear: "imu" or "load" */
    sensor?: string
    message?: string
    /**
     * for input: which button. (Not `button`: the DeviceScript compiler keeps every method of that name for a
     * property read it cannot type, and the gamepad client's `button()` brought the Jacdac role machinery,
     * 1.3 KB of function code, into every image)
     */
    which?: string
    /** evidence fields, copied in order onto the resulting event */
    ev?: Evidence
    /** for collapse / touch: when it began (the first low reading, the cue's rise), ms; blame windows are judged on it (the call comes after a confirmation delay) */
    onset_ms?: number
    /** for card_off: the drop came with a strike (a card falling off, not lifted off by a hand) */
    fell?: boolean
}

/**
 * Where the game stands (src/core/referee/rules.ts): "waiting" for the first
 * tare at power-up, "build" (adding cards), "dismantle" (removing cards after
 * LIBRIUM), "tilt" (adding again after a full dismantle, pivot released),
 * "between" rounds, "over" (a winner).
 */
export type Phase = "waiting" | "build" | "dismantle" | "tilt" | "between" | "over"

/** the rules engine's state for the referee (Rules.context(); updated in place, read-only): it reads the phase and the level */
export interface RulesContext {
    phase: Phase
    round: number
    /** cards on the structure */
    cards: number
    /** seat whose turn it is (1-based), 0 when nobody plays */
    seat: number
    /** t_ms at which the turn last passed (the card's onset, not its event's t_ms), -1 when none this round or since a reset */
    turn_ms: number
    /** true when a card going on is expected (build, tilt) */
    adding: boolean
    /** true when a card coming off is expected (dismantle) */
    removing: boolean
    /** current level: it moves up (easy->hard, medium->lunacy) in the tilt phase */
    difficulty: Difficulty
    /** sensors currently in fault ("imu", "load") */
    faults: string[]
}

/** what the LEDs show (Rules.view()) */
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
