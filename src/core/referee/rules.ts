/**
 * The rules engine: one state machine for the game (../shared/spec/rules.md).
 * Detectors see signals and send observations (`Obs`); the rules know the
 * players and turn them into referee events (trace-format.md).
 *
 *   const rules = new Rules(cfg)
 *   rules.handle(obs, out)        // appends events; pure, synchronous, time is obs.t_ms
 *   rules.context()               // the phase and level the referee reads (updated in place)
 *   rules.snapshot()              // <= 200 bytes, for flash at turn boundaries, outs and warnings
 *   Rules.restore(cfg, snap)      // resumes the same game after a reset; throws on a corrupt snapshot
 *   rules.view()                  // what the LEDs show
 *
 * Shaped like a reducer: all game state is the plain `RulesState`; `reduce`
 * applies one observation to it and appends the events. Turn order lives in
 * turns.ts. After anyone goes out the end checks run in a fixed order: game
 * (one seat left: winner), then round (phase "between"), then turn.
 *
 * Decisions where rules.md is silent (also in the README section):
 *  - Every event carries its observation's evidence fields, appended after the
 *    spec fields; an evidence key never overwrites a spec field.
 *  - A round starts on `rest_at_tare` or input "start", both at power-up
 *    ("waiting") and between rounds. Events: round_start, phase{build}, turn.
 *    `round_start.players` is the game's seat count (cfg.players), not the
 *    seats still in. Every round starts at the configured difficulty (the rig
 *    was cleared and rebuilt) with 0 cards.
 *  - A single-card drop while adding (build/tilt) is the last card falling:
 *    sensors cannot tell which card fell. If the last card has already fallen
 *    and is waiting to be re-placed, a further card coming off means more than
 *    the last card came off: a collapse. A card_off with no card on is noise.
 *  - Blame windows run from the moment the turn last passed, by a placement
 *    or (in the dismantle phase) a removal (the card's onset: its weight on
 *    for pass_ms, when the load let the call come only later): within `collapse_blame_ms` /
 *    `touch_blame_ms` the mover is blamed, later the seat whose turn it is.
 *    They are judged on the observation's onset (when the drop or the push
 *    began), not on the moment the detector had confirmed it.
 *  - touch_penalty "warn": a `warning{player,count}` is emitted INSTEAD of a
 *    `touch` event (the spec defines warning as "a touch under warn"); the
 *    turn does not pass; the second warning is followed by out{reason:touch}.
 *  - LIBRIUM: the placement that brings the count to cfg.cards emits placed,
 *    librium, phase{dismantle}, then turn for the next seat. The removal that
 *    empties it emits removed, phase{tilt}, then the turn. Reaching cfg.cards
 *    again in the tilt phase is LIBRIUM again (the cycle repeats).
 *  - A card_on in the dismantle phase while the count is one short of
 *    cfg.cards (the first removal done) can only be the LIBRIUM card placed
 *    again: the drop taken for the first removal was its fall, unseen (no
 *    strike). card_fell for its placer (the seat before the one credited the
 *    removal; evidence detector "put_back"), placed, and the turn back to the
 *    seat credited the removal (the removed event stays in the log). Any
 *    other card_on there (a card put back) keeps the card count true (never
 *    above cfg.cards) but is no turn and no event.
 *  - The LIBRIUM card falling off after its turn passed, before the first
 *    removal (a card_off with `fell`: a strike came with the drop) is rule 4:
 *    card_fell and the turn back to its placer, whose card_on is `placed` (no
 *    second librium) and passes the turn. Any other card_off there is a
 *    removal, also while the fallen card waits (unlike the build, where that
 *    is a collapse: in the dismantle single cards come off by hand, and a fall
 *    called for a quick removal must not put anyone out).
 *  - Releasing the pivot: when the tilt phase raises the level, touches and
 *    collapses are not judged until the first card goes on, and for
 *    PIVOT_GRACE_MS after its weight came (a hand on the pivot can be called
 *    as that card; its leaving is then the card's fall). The second card ends
 *    the excuse. When the level was already hard/lunacy nothing is excused.
 *  - Faults: one fault event per episode and sensor; fault_clear ends the
 *    episode with a fault event marked `recovered: true`. The rules keep
 *    judging what the healthy sensor's detectors send (the detectors send
 *    nothing from a faulted sensor).
 *  - Input "next" and "mode" are not game rules; they are ignored here.
 *  - After a winner everything but faults is ignored.
 */
import { fmtNum, jsonStr } from "../num"
import { freshSeats, knockOut, lastStanding, nextSeat, prevSeat, roundStarter } from "./turns"
import { Difficulty, DIFFICULTIES, Evidence, GameConfig, GameView, Obs, Phase, RefEvent, RulesContext, checkGameConfig, isWhole, tiltReleased } from "./types"

export interface RulesSettings {
    /** a collapse this soon after the turn passed (on the referee's clock: BLAME_LAG_MS) is blamed on the player who just moved */
    collapse_blame_ms: number
    /** a touch this soon after the turn passed (likewise) is blamed on the player who just moved */
    touch_blame_ms: number
}

/**
 * how much later after the referee's pass a collapse or touch lands than after the true one, ms: the referee dates
 * the pass from the card's level (before the weight is fully on: README, Decisions) and an event from its first sign in
 * the sensors (after the hand came or the cards began to go). Over the training seeds' 2,864 collapses and 2,602 touches
 * the median was 195 and 205 ms (`npm run bench -- --seeds ... --blame`); the windows are the rulebook's 3 s and 1.5 s plus this
 */
const BLAME_LAG_MS = 200

export const RULES_DEFAULTS: RulesSettings = { collapse_blame_ms: 3000 + BLAME_LAG_MS, touch_blame_ms: 1500 + BLAME_LAG_MS }

/** the maximum snapshot size that fits one settings value */
export const SNAPSHOT_MAX_BYTES = 200

/** all the game state (snapshot() writes exactly this) */
export interface RulesState {
    phase: Phase
    round: number
    /** seat whose turn it is, 0 when nobody plays */
    seat: number
    cards: number
    out: boolean[]
    /** touch warnings per seat, over the whole game */
    warnings: number[]
    difficulty: Difficulty
    /** seat whose placement/removal last passed the turn, 0 when none this round */
    mover: number
    /** t_ms the turn last passed, -1 when none this round */
    pass_ms: number
    /** the last card fell and its player is placing it again */
    refall: boolean
    /** the pivot is being released: no fouls until the first card goes on, nor PIVOT_GRACE_MS after its weight came */
    pivot: boolean
    /** seat that starts the next round */
    starter: number
    winner: number
    /** sensors in fault */
    faults: string[]
}

function initialState(cfg: GameConfig): RulesState {
    const w: number[] = []
    for (let i = 0; i < cfg.players; i++) w.push(0)
    return {
        phase: "waiting",
        round: 0,
        seat: 0,
        cards: 0,
        out: freshSeats(cfg.players),
        warnings: w,
        difficulty: cfg.difficulty,
        mover: 0,
        pass_ms: -1,
        refall: false,
        pivot: false,
        starter: cfg.first_player,
        winner: 0,
        faults: [],
    }
}

/** an event without its time (emit gives it the observation's) */
type EventFields = { type: string; [k: string]: number | string | boolean | null }

/** appends the event `e` at the observation's time, with the observation's evidence after its own fields (never overwriting them) */
function emit(out: RefEvent[], obs: Obs, e: EventFields) {
    const r: RefEvent = { t_ms: obs.t_ms, type: e.type }
    addNew(r, e)
    addNew(r, obs.ev)
    out.push(r)
}

/** copies the members of `from` that `to` does not have yet, in their order */
function addNew(to: RefEvent, from: EventFields | Evidence) {
    if (!from) return
    const keys = Object.keys(from)
    for (let i = 0; i < keys.length; i++) {
        const k = keys[i]
        if (to[k] === undefined) to[k] = from[k]
    }
}

function isAdding(g: RulesState): boolean {
    return g.phase === "build" || g.phase === "tilt"
}

/** the level after the pivot is released */
function tiltedLevel(d: Difficulty): Difficulty {
    if (d === "easy") return "hard"
    if (d === "medium") return "lunacy"
    return d
}

/** who is blamed at `t_ms`: the last mover within `window_ms` after the turn passed, else the seat to play */
function blamed(g: RulesState, t_ms: number, window_ms: number): number {
    if (g.mover > 0 && g.pass_ms >= 0 && t_ms - g.pass_ms <= window_ms) return g.mover
    return g.seat
}

function startRound(cfg: GameConfig, g: RulesState, obs: Obs, out: RefEvent[]) {
    g.phase = "build"
    g.round++
    g.seat = g.starter
    g.cards = 0
    g.difficulty = cfg.difficulty
    g.mover = 0
    g.pass_ms = -1
    g.refall = false
    g.pivot = false
    emit(out, obs, { type: "round_start", player: g.seat, players: cfg.players, difficulty: g.difficulty })
    emit(out, obs, { type: "phase", phase: "build" })
    emit(out, obs, { type: "turn", player: g.seat })
}

/** `seat` is out: then the end checks in order (game, round) */
function knock(g: RulesState, seat: number, reason: string, obs: Obs, out: RefEvent[]) {
    emit(out, obs, { type: "out", player: seat, reason: reason })
    g.out = knockOut(g.out, seat)
    g.seat = 0
    g.mover = 0
    g.pass_ms = -1
    g.refall = false
    g.pivot = false
    const last = lastStanding(g.out)
    if (last > 0) {
        g.winner = last
        g.phase = "over"
        emit(out, obs, { type: "winner", player: last })
        return
    }
    g.phase = "between"
    g.starter = roundStarter(g.out, seat)
}

/** the turn passes from `mover` (who just placed or removed) to the next seat */
function passTurn(g: RulesState, mover: number, obs: Obs, out: RefEvent[]) {
    g.mover = mover
    // the blame windows run from when the turn passed (a card's call can come later than that)
    g.pass_ms = onset(obs)
    g.seat = nextSeat(g.out, mover)
    emit(out, obs, { type: "turn", player: g.seat })
}

function onCardOn(cfg: GameConfig, g: RulesState, obs: Obs, out: RefEvent[]) {
    // (a fallen LIBRIUM card placed again is a placement, as in the build)
    const dismantle = g.phase === "dismantle"
    if (dismantle && !g.refall) {
        if (g.cards !== cfg.cards - 1) {
            if (g.cards < cfg.cards) g.cards++
            return
        }
        // a card back after the first drop since LIBRIUM: that drop was the LIBRIUM card's fall (unseen: no strike), placed again by its player
        g.seat = prevSeat(g.out, g.mover)
        emit(out, obs, { type: "card_fell", player: g.seat, detector: "put_back" })
    }
    if (!isAdding(g) && !dismantle) return
    const placer = g.seat
    g.cards++
    g.refall = false
    g.pivot = g.pivot && g.cards === 1
    emit(out, obs, { type: "placed", player: placer, cards: g.cards })
    if (g.cards >= cfg.cards && !dismantle) {
        g.phase = "dismantle"
        emit(out, obs, { type: "librium", cards: g.cards })
        emit(out, obs, { type: "phase", phase: "dismantle" })
    }
    passTurn(g, placer, obs, out)
}

function onCardOff(cfg: GameConfig, settings: RulesSettings, g: RulesState, obs: Obs, out: RefEvent[]) {
    // the LIBRIUM card falling off before the first removal (a strike came with it) is rule 4's fallen card;
    // any other drop in the dismantle is a removal (while the fallen card waits too: a fall wrongly called costs a turn, not an out)
    const dismantle = g.phase === "dismantle"
    if (dismantle && !(obs.fell && g.cards >= cfg.cards)) {
        const remover = g.seat
        g.refall = false
        g.cards--
        emit(out, obs, { type: "removed", player: remover, cards: g.cards })
        if (g.cards <= 0) {
            g.cards = 0
            g.phase = "tilt"
            const before = g.difficulty
            g.difficulty = tiltedLevel(before)
            g.pivot = !tiltReleased(before)
            emit(out, obs, { type: "phase", phase: "tilt" })
        }
        passTurn(g, remover, obs, out)
        return
    }
    if ((!isAdding(g) && !dismantle) || g.cards <= 0) return
    if (g.refall) {
        onCollapse(settings, g, obs, out)
        return
    }
    const placer = g.mover > 0 ? g.mover : g.seat
    g.cards--
    g.refall = true
    g.seat = placer
    emit(out, obs, { type: "card_fell", player: placer })
    emit(out, obs, { type: "turn", player: placer })
}

/** when the observed thing began (blame is judged on it), else when it was decided */
export function onset(obs: Obs): number {
    const t = obs.onset_ms
    return t !== undefined && t === t && t <= obs.t_ms ? t : obs.t_ms
}

function onCollapse(settings: RulesSettings, g: RulesState, obs: Obs, out: RefEvent[]) {
    const p = blamed(g, onset(obs), settings.collapse_blame_ms)
    emit(out, obs, { type: "collapse", player: p })
    knock(g, p, "collapse", obs, out)
}

function onTouch(cfg: GameConfig, settings: RulesSettings, g: RulesState, obs: Obs, out: RefEvent[]) {
    const p = blamed(g, onset(obs), settings.touch_blame_ms)
    if (cfg.touch_penalty === "warn") {
        const count = g.warnings[p - 1] + 1
        g.warnings[p - 1] = count
        emit(out, obs, { type: "warning", player: p, count: count })
        if (count >= 2) knock(g, p, "touch", obs, out)
        return
    }
    emit(out, obs, { type: "touch", player: p })
    knock(g, p, "touch", obs, out)
}

function onFault(g: RulesState, obs: Obs, out: RefEvent[]) {
    const sensor = obs.sensor ? obs.sensor : "unknown"
    if (g.faults.indexOf(sensor) >= 0) return
    g.faults.push(sensor)
    emit(out, obs, { type: "fault", sensor: sensor, message: obs.message ? obs.message : "" })
}

function onFaultClear(g: RulesState, obs: Obs, out: RefEvent[]) {
    const sensor = obs.sensor ? obs.sensor : "unknown"
    const i = g.faults.indexOf(sensor)
    if (i < 0) return
    const keep: string[] = []
    for (let k = 0; k < g.faults.length; k++) if (k !== i) keep.push(g.faults[k])
    g.faults = keep
    emit(out, obs, { type: "fault", sensor: sensor, message: "good data again", recovered: true })
}

/**
 * the released pivot's excuse, ms: touches and collapses are not judged until the first card goes on and this long after
 * its weight came (the turn passed). A hand releasing the pivot can press about a card's weight on the structure for
 * seconds, which is called as the first card; its leaving is then that card falling, not a collapse or a touch. (A
 * resumed game has no pass time, pass_ms -1: with that card on, its first 3.5 s on the new timeline are excused.)
 * 3.5 and 5 s gave the same outcomes on the forced librium cases of seeds 1000-6000 (README, misses appendix, stop 66)
 */
const PIVOT_GRACE_MS = 3500

/** applies one observation to the state `g` (in place) and appends the events it decides */
export function reduce(cfg: GameConfig, settings: RulesSettings, g: RulesState, obs: Obs, out: RefEvent[]) {
    const k = obs.kind
    if (k === "fault") onFault(g, obs, out)
    else if (k === "fault_clear") onFaultClear(g, obs, out)
    if (k === "fault" || k === "fault_clear" || g.phase === "over") return
    if (g.phase === "waiting" || g.phase === "between") {
        if (k === "rest_at_tare" || (k === "input" && obs.which === "start")) startRound(cfg, g, obs, out)
        return
    }
    // (build, dismantle or tilt: fouls are judged, unless the pivot is being released)
    const judged = !(g.pivot && (g.cards < 1 || obs.t_ms - g.pass_ms < PIVOT_GRACE_MS))
    if (k === "card_on") onCardOn(cfg, g, obs, out)
    else if (k === "card_off") onCardOff(cfg, settings, g, obs, out)
    else if (k === "collapse" && judged) onCollapse(settings, g, obs, out)
    else if (k === "touch" && judged) onTouch(cfg, settings, g, obs, out)
}

export class Rules {
    readonly cfg: GameConfig
    readonly settings: RulesSettings
    private g: RulesState
    private ctx: RulesContext

    constructor(cfg: GameConfig, settings?: RulesSettings) {
        this.cfg = checkGameConfig(cfg)
        this.settings = settings ? settings : RULES_DEFAULTS
        this.g = initialState(this.cfg)
        this.ctx = {
            phase: "waiting", round: 0, cards: 0, seat: 0, turn_ms: -1, adding: false, removing: false,
            difficulty: this.cfg.difficulty, faults: [],
        }
        this.refresh()
    }

    /** applies one observation; appends the events it decides to `out` */
    handle(obs: Obs, out: RefEvent[]) {
        reduce(this.cfg, this.settings, this.g, obs, out)
        this.refresh()
    }

    /** what the detectors need; the same object, updated by handle() (do not modify) */
    context(): RulesContext {
        return this.ctx
    }

    private refresh() {
        const g = this.g
        const c = this.ctx
        c.phase = g.phase
        c.round = g.round
        c.cards = g.cards
        c.seat = g.seat
        c.turn_ms = g.pass_ms
        c.adding = isAdding(g)
        c.removing = g.phase === "dismantle"
        c.difficulty = g.difficulty
        c.faults = g.faults
    }

    view(): GameView {
        const g = this.g
        return { players: this.cfg.players, turn: g.seat, out: g.out.slice(0), winner: g.winner, phase: g.phase, cards: g.cards, faults: g.faults.slice(0) }
    }

    /** compact JSON of the whole game state (<= 200 bytes for 8 players), numbers printed exactly */
    snapshot(): string {
        const g = this.g
        let o = ""
        let w = ""
        for (let i = 0; i < g.out.length; i++) {
            o += g.out[i] ? "1" : "0"
            w += fmtNum(g.warnings[i], 0)
        }
        return JSON.stringify({
            v: SNAPSHOT_VERSION, ph: g.phase, r: g.round, s: g.seat, c: g.cards, d: g.difficulty, m: g.mover,
            rf: g.refall ? 1 : 0, pv: g.pivot ? 1 : 0, st: g.starter, wn: g.winner, o: o, w: w,
        })
    }

    /** the game saved by snapshot(); throws an Error naming the problem when `snap` is corrupt or for another game size */
    static restore(cfg: GameConfig, snap: string, settings?: RulesSettings): Rules {
        const r = new Rules(cfg, settings)
        r.g = parseSnapshot(cfg, snap)
        r.refresh()
        return r
    }
}

const SNAPSHOT_VERSION = 1
const PHASES: string[] = ["waiting", "build", "dismantle", "tilt", "between", "over"]

function corrupt(what: string): Error {
    return new Error("corrupt rules snapshot: " + what)
}

function intField(j: any, key: string, lo: number, hi: number): number {
    const v = j[key]
    if (!isWhole(v, lo, hi)) throw corrupt("\"" + key + "\" must be a whole number " + lo + ".." + hi)
    return v
}

function flagField(j: any, key: string): boolean {
    return intField(j, key, 0, 1) === 1
}

function digitsField(j: any, key: string, players: number, max: number): number[] {
    const v = j[key]
    if (typeof v !== "string" || v.length !== players) throw corrupt("\"" + key + "\" must have one digit per seat (" + players + " seats)")
    const ds: number[] = []
    for (let i = 0; i < players; i++) {
        const d = v.charCodeAt(i) - 48
        if (d < 0 || d > max) throw corrupt("\"" + key + "\" has a digit out of 0.." + max)
        ds.push(d)
    }
    return ds
}

function parseSnapshot(cfg: GameConfig, snap: string): RulesState {
    let j: any = null
    try {
        j = JSON.parse(snap)
    } catch (e) {
        throw corrupt("not JSON")
    }
    if (!j || typeof j !== "object") throw corrupt("not a JSON object")
    if (j["v"] !== SNAPSHOT_VERSION) throw corrupt("version " + j["v"] + ", expected " + SNAPSHOT_VERSION)
    const phase = j["ph"]
    if (PHASES.indexOf(phase) < 0) throw corrupt("unknown phase " + phase)
    const difficulty = j["d"]
    if (DIFFICULTIES.indexOf(difficulty) < 0) throw corrupt("unknown difficulty " + difficulty)
    if (difficulty !== cfg.difficulty && difficulty !== tiltedLevel(cfg.difficulty)) throw corrupt("level " + difficulty + " in a game of " + cfg.difficulty)
    const n = cfg.players
    const outDigits = digitsField(j, "o", n, 1)
    const out: boolean[] = []
    for (let i = 0; i < n; i++) out.push(outDigits[i] === 1)
    const g: RulesState = {
        phase: phase as Phase,
        round: intField(j, "r", 0, 1e9),
        seat: intField(j, "s", 0, n),
        cards: intField(j, "c", 0, cfg.cards),
        out: out,
        warnings: digitsField(j, "w", n, 2),
        difficulty: difficulty as Difficulty,
        mover: intField(j, "m", 0, n),
        // a reset: trace time starts again at 0, so no blame window is open; the fault detector starts
        // healthy (a fault still there is reported afresh): neither is in the snapshot
        pass_ms: -1,
        refall: flagField(j, "rf"),
        pivot: flagField(j, "pv"),
        starter: intField(j, "st", 1, n),
        winner: intField(j, "wn", 0, n),
        faults: [],
    }
    checkState(g)
    return g
}

/** the fields agree (each was in range): a state the game can be in, so play never meets an impossible one */
function checkState(g: RulesState) {
    let left = 0
    let bad = ""
    for (let i = 0; i < g.out.length; i++) {
        if (!g.out[i]) left++
        if (!g.out[i] && g.warnings[i] >= 2) bad = "a seat with two warnings is not out"
    }
    // (out[seat - 1] is undefined for seat 0)
    if (g.phase === "over" ? left !== 1 || g.out[g.winner - 1] !== false : left < 2 || g.winner > 0) bad = "the seats left and the winner disagree"
    if ((g.phase === "build" || g.phase === "dismantle" || g.phase === "tilt") && g.out[g.seat - 1] !== false) bad = "the seat to play is out or none"
    if (bad) throw corrupt(bad)
}
