/**
 * Simulated cases: `makeCase(seed, category, opts)` draws a game set-up, every
 * physical parameter and the players' behaviour for one case;
 * `simulateCase(spec, onSample)` runs it in-process (no CSV) and returns the truth.
 *
 * Categories (each also has its plain placements):
 *  quiet          nobody plays: the empty rig at rest (only sensor noise)
 *  place          placements only, no fouls
 *  card_fell      the last card falls off alone some seconds after placement (re-placed)
 *  collapse       a collapse (during a placement, just after a pass, or later) ends the round
 *  collapse_catch the same, and a collapsing card catches and hangs on
 *  touch          a touch foul (touch_penalty out): during a placement, just after a pass, or later
 *  touch_warn     touch_penalty warn: warnings, and a second warning puts a player out
 *  bump           table bumps (no foul)
 *  air            air currents (no foul)
 *  table_drop     cards dropped on the table (no foul)
 *  librium        few cards: LIBRIUM, the reverse phase, the tilt phase, then a collapse
 *  multi_round    a whole game to a winner (clean-ups, start presses or rests)
 *  fault_imu      the IMU goes silent for seconds
 *  fault_load     the load reading freezes for seconds
 *  game           a realistic mix of all of the above, played to a winner
 */
import { Rng } from "../core/rand"
import { Sample } from "../core/sample"
import { Difficulty, DIFFICULTIES, GameConfig, spinsFreely, tiltReleased, TouchPenalty } from "../core/referee/types"
import { DIRECTOR, KNOBS_DEFAULTS } from "./director"
import { drawImu, drawLoad, drawRig } from "./params"
import { CaseSpec, PlanKnobs, RigSim, RigSimOptions, simTruth } from "./rigsim"
import { Truth } from "./truth"

export const CATEGORIES = [
    "quiet",
    "place",
    "card_fell",
    "collapse",
    "collapse_catch",
    "touch",
    "touch_warn",
    "bump",
    "air",
    "table_drop",
    "librium",
    "multi_round",
    "fault_imu",
    "fault_load",
    "game",
]

export interface CaseOptions {
    /** short cases (under a minute or so) for tests and quick runs */
    quick: boolean
    /** force a level / a number of players (else drawn) */
    difficulty?: Difficulty
    players?: number
}

export const CASE_DEFAULTS: CaseOptions = { quick: false }

/** the seed of case `index` of a run started with `seed` (a 32-bit mix, so runs do not overlap) */
export function caseSeed(seed: number, index: number): number {
    let h = Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)
    h ^= h >>> 16
    h = Math.imul(h, 0x7feb352d)
    h ^= h >>> 15
    return h >>> 1
}

function copyKnobs(): PlanKnobs {
    const k: any = {}
    const d: any = KNOBS_DEFAULTS
    const keys = Object.keys(d)
    for (let i = 0; i < keys.length; i++) k[keys[i]] = d[keys[i]]
    return k as PlanKnobs
}

export function makeCase(seed: number, category: string, opts?: CaseOptions): CaseSpec {
    if (CATEGORIES.indexOf(category) < 0) throw new Error("unknown category \"" + category + "\" (one of: " + CATEGORIES.join(", ") + ")")
    const o = opts ? opts : CASE_DEFAULTS
    const rng = new Rng(seed)
    const quick = o.quick
    const difficulty: Difficulty = o.difficulty ? o.difficulty : DIFFICULTIES[rng.int(0, 3)]
    let players = o.players ? o.players : rng.int(2, 8)
    let cards = [30, 40, 50][rng.int(0, 2)]
    let penalty: TouchPenalty = "out"
    const k = copyKnobs()
    k.duration_ms = quick ? rng.range(40000, 60000) : rng.range(120000, 240000)
    if (quick) {
        k.think_lo_ms = 800
        k.think_hi_ms = 3000
        k.handle_lo_ms = 1500
        k.handle_hi_ms = 3000
    }
    const early = rng.int(1, 4)
    switch (category) {
        case "quiet":
            k.quiet = true
            break
        case "card_fell":
            k.force_event = "fell"
            k.force_turn = early
            k.p_fell = 0.08
            break
        case "collapse":
        case "collapse_catch":
            k.force_event = "collapse"
            k.force_turn = quick ? rng.int(2, 4) : rng.int(2, 10)
            k.p_caught = category === "collapse_catch" ? 1 : 0
            k.duration_ms = 900000
            break
        case "touch":
            k.force_event = "touch"
            k.force_turn = early
            k.duration_ms = 900000
            break
        case "touch_warn":
            penalty = "warn"
            k.force_event = "touch"
            k.force_turn = early
            k.p_touch = 0.15
            break
        case "bump":
            k.force_event = "bump"
            k.force_turn = early
            k.p_bump = 0.3
            break
        case "air":
            k.force_event = "air"
            k.force_turn = 0
            k.p_air = 0.3
            break
        case "table_drop":
            k.force_event = "drop"
            k.force_turn = early
            k.p_drop = 0.3
            break
        case "librium":
            cards = quick ? rng.int(3, 4) : rng.int(6, 10)
            k.think_lo_ms = 800
            k.think_hi_ms = 2500
            k.p_collapse_tilt = 0.2
            k.p_fell_librium = 0.3
            k.duration_ms = 900000
            break
        case "multi_round":
            if (!o.players) players = quick ? 2 : rng.int(2, 4)
            k.until_winner = true
            k.duration_ms = 900000
            k.p_collapse = quick ? 0.2 : 0.08
            k.p_touch = quick ? 0.05 : 0.04
            k.p_fell = 0.03
            k.p_caught = 0.2
            break
        case "fault_imu":
        case "fault_load":
            k.force_event = category
            k.force_turn = early
            k.p_fault_imu = category === "fault_imu" ? 0.05 : 0
            k.p_fault_load = category === "fault_load" ? 0.05 : 0
            break
        case "game":
            if (!o.players) players = quick ? 2 : rng.int(2, 4)
            if (rng.chance(0.3)) penalty = "warn"
            k.until_winner = true
            k.duration_ms = quick ? 120000 : 480000
            k.p_fell = 0.03
            k.p_collapse = quick ? 0.12 : 0.06
            k.p_touch = 0.04
            k.p_bump = 0.03
            k.p_air = 0.02
            k.p_drop = 0.03
            k.p_fault_imu = 0.005
            k.p_fault_load = 0.005
            k.p_caught = 0.2
            break
        default:
            break
    }
    const config: GameConfig = {
        players: players,
        difficulty: difficulty,
        cards: cards,
        first_player: rng.int(1, players),
        touch_penalty: penalty,
    }
    return {
        seed: seed,
        category: category,
        quick: quick,
        config: config,
        params: {
            rig: drawRig(rng, spinsFreely(difficulty), tiltReleased(difficulty)),
            imu: drawImu(rng),
            load: drawLoad(rng),
        },
        knobs: k,
    }
}

/** run a case in-process: every row goes to onSample (the Sample is reused); returns the truth */
export function simulateCase(spec: CaseSpec, onSample: (s: Sample) => void, opts?: RigSimOptions): Truth {
    const sim = new RigSim(spec, DIRECTOR, opts)
    const s = new Sample()
    while (sim.next(s)) onSample(s)
    return simTruth(sim)
}

/** the metadata members for a simulated trace: "sim": every drawn parameter */
export function caseMetaExtra(sim: RigSim): string {
    return "\"sim\":" + JSON.stringify(simTruth(sim).case)
}
