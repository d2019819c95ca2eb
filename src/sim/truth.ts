/**
 * Ground truth written by the simulator beside each trace (`CASE.truth.json`,
 * ../shared/spec/trace-format.md "Ground truth"), read by the benchmark,
 * the report and the tests. Simulators may add fields; readers ignore the rest.
 */

export type TruthKind = "round_start" | "place" | "remove" | "card_fell" | "collapse" | "touch" | "bump" | "librium" | "phase" | "fault"

export interface TruthEvent {
    t_ms: number
    kind: TruthKind
    /** the acting/blamed player (1-based), null where nobody acts */
    player: number | null
    /** place/remove: when the hand started; touch/bump/fault: when it started is t_ms */
    t_start_ms?: number
    /** touch, bump, fault: when it ended */
    t_end_ms?: number
    /** touch: "light" | "medium" | "heavy" */
    force_class?: string
    /** touch: peak force on the structure, newtons */
    force_n?: number
    /** touch: the force's vertical part, newtons, up positive (on the hanger it goes straight to the load cell, down: more load) */
    force_z_n?: number
    /** place/remove: cards on the structure after this event; collapse: cards that came off */
    cards?: number
    /** fault: "imu" | "load" */
    sensor?: string
    /** phase: "build" | "dismantle" | "tilt" */
    phase?: string
    /** collapse: true when a card caught and hangs on */
    caught?: boolean
    /** bump etc.: what it was ("table_bump", "air", "table_drop", "cleanup", "pivot_release") */
    what?: string
    /** round_start: "power_up", "button" (a start press) or "rest" (back at tare and still for 3 s) */
    how?: string
    /** touch: "structure" or "hanger"; the penalty applied ("out" or "warn") and the player's warnings so far */
    target?: string
    penalty?: string
    warnings?: number
    /** place/remove/card_fell: the card's mass, g */
    mass_g?: number
}

export interface TruthOut {
    player: number
    reason: "collapse" | "touch"
    t_ms: number
}

export interface TruthOutcome {
    /** who went out, in order */
    outs: TruthOut[]
    /** the winner if the trace reaches one, else null */
    winner: number | null
    /** cards on the structure at the end of each round (or of the trace) */
    final_cards: number[]
    /** number of turns played (placements + removals + re-placements) */
    turns: number
}

export interface Truth {
    events: TruthEvent[]
    outcome: TruthOutcome
    /** simulator extras: category, seed, drawn physical parameters */
    case?: { [k: string]: any }
}
