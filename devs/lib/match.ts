/**
 * Matching the referee's calls against the simulator's ground truth, for one
 * trace: one-to-one, greedy in time (each truth event, in time order, takes
 * the earliest unmatched call of the right type and player inside its window).
 * The result marks every call and truth event (for the report) and tallies
 * additive counts (for the benchmark, see score.ts).
 */
import { RefEvent } from "../../src/core/referee/types.ts"
import { Truth, TruthEvent } from "../../src/sim/truth.ts"
import { G_MPS2 } from "../../src/sim/params.ts"

/** time windows (ms, relative to the truth event) inside which a call matches */
export interface MatchSettings {
    /** a collapse call within this long after the truth collapse */
    collapseLate_ms: number
    /** a touch/warning call from the touch's start to this long after its end */
    touchAfterEnd_ms: number
    /** a placed / removed / card_fell call within this long after the truth event */
    cardLate_ms: number
    /** an out call this long before .. after the truth out (and its cause call must have matched: causeOf) */
    outEarly_ms: number
    outLate_ms: number
}

/** a false touch call of the same player up to this long after a missed touch's end is reported as that touch called late (not matched), ms */
export const TOUCH_LATE_MS = 2000

/** missed touches that a false call of the same player's followed after the window, up to TOUCH_LATE_MS after the touch's end */
function lateTouches(tev: TruthEvent[], truthIdx: number[], events: RefEvent[], callIdx: number[], m: CaseMatch, s: MatchSettings): number {
    let n = 0
    for (const ti of truthIdx) {
        if (m.truth[ti] !== "missed") continue
        const t = tev[ti]
        const end = t.t_end_ms ?? t.t_ms
        const late = callIdx.some(ci => m.calls[ci] === "false" && playerMatches(t.player, events[ci]) && events[ci].t_ms > end + s.touchAfterEnd_ms && events[ci].t_ms <= end + TOUCH_LATE_MS)
        if (late) n++
    }
    return n
}

export const MATCH_DEFAULTS: MatchSettings = {
    collapseLate_ms: 800,
    touchAfterEnd_ms: 500,
    cardLate_ms: 6000,
    outEarly_ms: 1000,
    outLate_ms: 10000,
}

/** categories where the truth has no foul, collapse or fallen card: any such call is false */
export const QUIET_CATEGORIES = ["quiet", "bump", "air", "table_drop"]
/** call types that count as a false call on a quiet/distractor trace */
export const FOUL_CALL_TYPES = ["collapse", "touch", "warning", "out", "card_fell"]
export const TOUCH_CLASSES = ["light", "medium", "heavy"]
/** where a touch landed (truth `target`) */
export const TOUCH_TARGETS = ["structure", "hanger"]
/**
 * A hanger touch's vertical force (truth `force_z_n`, either way) goes straight to the load cell, and it is about
 * all the sensors see of it (2 cm from the pivot the rod hardly turns): its bands, g, lower edges
 */
export const HANGER_BANDS_G = [0, 2, 5]
/** the bands' names: "0-2", "2-5", "5+" */
export const HANGER_BANDS = HANGER_BANDS_G.map((g, i) => (i + 1 < HANGER_BANDS_G.length ? g + "-" + HANGER_BANDS_G[i + 1] : g + "+"))
const G_PER_N = 1000 / G_MPS2

/** the band of a hanger touch's vertical force, null when the truth has none */
export function hangerBand(force_z_n: number | undefined): string | null {
    if (typeof force_z_n !== "number") return null
    const g = Math.abs(force_z_n) * G_PER_N
    let i = HANGER_BANDS_G.length - 1
    while (i > 0 && g < HANGER_BANDS_G[i]) i--
    return HANGER_BANDS[i]
}

/** truth: counted, caught (matched); calls: made, hits (matched); wrong_player: in the window but another player */
export interface Count {
    truth: number
    caught: number
    calls: number
    hits: number
    wrong_player: number
}

export function emptyCount(): Count {
    return { truth: 0, caught: 0, calls: 0, hits: 0, wrong_player: 0 }
}

/** the count of touches of force class `cls` on `target` ("touch_medium_on_hanger") */
export function forceTargetKind(cls: string, target: string): string {
    return "touch_" + cls + "_on_" + target
}

/** the scored kind of a force class's hanger touches of one vertical force band ("touch_medium_hanger_0-2") */
export function hangerBandKind(cls: string, band: string): string {
    return "touch_" + cls + "_hanger_" + band
}

/**
 * scored kinds: collapse, touch (+ by force class, by target, by both and by a hanger touch's vertical force: truth
 * side only), card_fell, place, remove, out
 */
export const SCORED_KINDS = [
    "collapse", "touch", ...TOUCH_CLASSES.map(c => "touch_" + c), ...TOUCH_TARGETS.map(t => "touch_on_" + t),
    ...TOUCH_CLASSES.flatMap(c => TOUCH_TARGETS.map(t => forceTargetKind(c, t))),
    ...HANGER_BANDS.map(b => "touch_hanger_" + b),
    ...TOUCH_CLASSES.flatMap(c => HANGER_BANDS.map(b => hangerBandKind(c, b))),
    "card_fell", "place", "remove", "out",
]

/** additive figures of one or more traces */
export interface CaseScore {
    cases: number
    game_ms: number
    /** referee events of every type */
    events: number
    /** time spent in Referee.update alone (set by the runner; 0 when not measured) */
    referee_ms: number
    counts: { [kind: string]: Count }
    collapse_latency_ms: number[]
    /** matched touch calls: from the hand's start to the call, ms */
    touch_latency_ms: number[]
    /** missed touches with a call of the same player's that came after the window, up to TOUCH_LATE_MS after the hand left (the same touch, called late) */
    touch_late: number
    /** turns played per the truth (placements + removals + re-placements) */
    turns: number
    rounds: number
    /** rounds whose final card count the referee got exactly */
    rounds_exact: number
    /** traces whose outcome (outs in order with reasons, winner) is right */
    outcome_right: number
    /** fallen cards (truth) with a collapse call that matched no collapse within the collapse window after them */
    fell_as_collapse: number
    /** on quiet/distractor categories only: calls that must not happen, and the time watched */
    false_calls: number
    quiet_ms: number
}

export function emptyScore(): CaseScore {
    const counts: { [kind: string]: Count } = {}
    for (const k of SCORED_KINDS) counts[k] = emptyCount()
    return { cases: 0, game_ms: 0, events: 0, referee_ms: 0, counts, collapse_latency_ms: [], touch_latency_ms: [], touch_late: 0, turns: 0, rounds: 0, rounds_exact: 0, outcome_right: 0, fell_as_collapse: 0, false_calls: 0, quiet_ms: 0 }
}

export type CallStatus = "hit" | "false" | "wrong_player" | "info"
export type TruthStatus = "caught" | "missed" | "wrong_player" | "info"

export interface CaseMatch {
    /** per referee event: matched, false, near a truth event of another player, or not scored (turn, phase, ...) */
    calls: CallStatus[]
    /** per truth event; outs are scored from truth.outcome.outs and not marked here */
    truth: TruthStatus[]
    /** the matched pairs, [truth event index, call index], per kind in RULES' order, each kind in truth-time order */
    hits: [number, number][]
    score: CaseScore
}

interface Rule {
    kind: string
    truthKind: string
    callTypes: string[]
    window: (t: TruthEvent, s: MatchSettings) => [number, number]
}

const RULES: Rule[] = [
    { kind: "collapse", truthKind: "collapse", callTypes: ["collapse"], window: (t, s) => [t.t_ms, t.t_ms + s.collapseLate_ms] },
    { kind: "touch", truthKind: "touch", callTypes: ["touch", "warning"], window: (t, s) => [t.t_ms, (t.t_end_ms ?? t.t_ms) + s.touchAfterEnd_ms] },
    { kind: "card_fell", truthKind: "card_fell", callTypes: ["card_fell"], window: (t, s) => [t.t_ms, t.t_ms + s.cardLate_ms] },
    { kind: "place", truthKind: "place", callTypes: ["placed"], window: (t, s) => [t.t_ms, t.t_ms + s.cardLate_ms] },
    { kind: "remove", truthKind: "remove", callTypes: ["removed"], window: (t, s) => [t.t_ms, t.t_ms + s.cardLate_ms] },
]

interface Pairing {
    /** [truth index, call index] */
    hits: [number, number][]
    /** truths left over with an unmatched call of another player in their window */
    wrongPlayer: [number, number][]
}

/**
 * Greedy one-to-one matching of `truths` (indices, time order) to `calls`
 * (indices, time order), tallied into `count`.
 */
function greedy(
    truthIdx: number[],
    callIdx: number[],
    events: RefEvent[],
    window: (ti: number) => [number, number],
    playerOk: (ti: number, ci: number) => boolean,
    count: Count,
): Pairing {
    const used = new Set<number>()
    const p: Pairing = { hits: [], wrongPlayer: [] }
    const missed: number[] = []
    for (const ti of truthIdx) {
        const [lo, hi] = window(ti)
        const found = callIdx.find(ci => events[ci].t_ms >= lo && events[ci].t_ms <= hi && !used.has(ci) && playerOk(ti, ci))
        if (found === undefined) missed.push(ti)
        else {
            used.add(found)
            p.hits.push([ti, found])
        }
    }
    for (const ti of missed) {
        const [lo, hi] = window(ti)
        const near = callIdx.find(ci => !used.has(ci) && events[ci].t_ms >= lo && events[ci].t_ms <= hi)
        if (near !== undefined) p.wrongPlayer.push([ti, near])
    }
    count.truth += truthIdx.length
    count.calls += callIdx.length
    count.caught += p.hits.length
    count.hits += p.hits.length
    count.wrong_player += p.wrongPlayer.length
    return p
}

function playerMatches(truthPlayer: number | null | undefined, call: RefEvent): boolean {
    return truthPlayer === null || truthPlayer === undefined || call["player"] === truthPlayer
}

/** a warning on the same sample and player as a touch is the same call: keep the first */
function foulCalls(events: RefEvent[], idx: number[], m: CaseMatch): number[] {
    const out: number[] = []
    for (const i of idx) {
        const prev = out.length > 0 ? events[out[out.length - 1]] : null
        if (prev && prev.t_ms === events[i].t_ms && prev["player"] === events[i]["player"]) {
            m.calls[i] = "info"
            continue
        }
        out.push(i)
    }
    return out
}

/** each round's final card count as the referee saw it: the last placed/removed `cards`, less a card that fell after it */
export function refereeFinalCards(events: RefEvent[]): number[] {
    const rounds: number[] = []
    for (const e of events) {
        if (e.type === "round_start") rounds.push(0)
        if (rounds.length === 0) continue
        const last = rounds.length - 1
        if (e.type === "placed" || e.type === "removed") rounds[last] = e["cards"] as number
        else if (e.type === "card_fell") rounds[last] = Math.max(0, rounds[last] - 1)
    }
    return rounds
}

/** the call that put the out's player out: the collapse, or the touch/warning, for that player on the out's sample (the rules emit it just before the out) */
export function causeOf(events: RefEvent[], ci: number): number {
    const out = events[ci]
    const kinds = out["reason"] === "collapse" ? ["collapse"] : ["touch", "warning"]
    for (let k = ci - 1; k >= 0 && events[k].t_ms === out.t_ms; k--) if (kinds.indexOf(events[k].type) >= 0 && events[k]["player"] === out["player"]) return k
    return -1
}

function sameOutcome(events: RefEvent[], truth: Truth): boolean {
    const outs = events.filter(e => e.type === "out").map(e => e["player"] + ":" + e["reason"])
    const want = truth.outcome.outs.map(o => o.player + ":" + o.reason)
    const winners = events.filter(e => e.type === "winner")
    const winner = winners.length > 0 ? winners[winners.length - 1]["player"] : null
    return outs.join(",") === want.join(",") && winner === (truth.outcome.winner ?? null)
}

/** match one trace's events (time order) against its truth; `category` picks the quiet-trace false-call rule */
export function matchCase(events: RefEvent[], truth: Truth, category: string, game_ms: number, settings: MatchSettings = MATCH_DEFAULTS): CaseMatch {
    const score = emptyScore()
    score.cases = 1
    score.game_ms = game_ms
    score.events = events.length
    const m: CaseMatch = {
        calls: events.map(() => "info" as CallStatus),
        truth: truth.events.map(() => "info" as TruthStatus),
        hits: [],
        score,
    }
    const tev = truth.events
    const byTime = (a: number, b: number) => tev[a].t_ms - tev[b].t_ms
    for (const rule of RULES) {
        const truthIdx = tev.map((_, i) => i).filter(i => tev[i].kind === rule.truthKind).sort(byTime)
        let callIdx = events.map((_, i) => i).filter(i => rule.callTypes.indexOf(events[i].type) >= 0)
        for (const ci of callIdx) m.calls[ci] = "false"
        for (const ti of truthIdx) m.truth[ti] = "missed"
        if (rule.kind === "touch") callIdx = foulCalls(events, callIdx, m)
        const p = greedy(truthIdx, callIdx, events, i => rule.window(tev[i], settings), (ti, ci) => playerMatches(tev[ti].player, events[ci]), score.counts[rule.kind])
        for (const [ti, ci] of p.hits) {
            m.calls[ci] = "hit"
            m.truth[ti] = "caught"
            m.hits.push([ti, ci])
            if (rule.kind === "collapse") score.collapse_latency_ms.push(events[ci].t_ms - tev[ti].t_ms)
            if (rule.kind === "touch") score.touch_latency_ms.push(events[ci].t_ms - tev[ti].t_ms)
        }
        if (rule.kind === "touch") score.touch_late += lateTouches(tev, truthIdx, events, callIdx, m, settings)
        for (const [ti, ci] of p.wrongPlayer) {
            m.calls[ci] = "wrong_player"
            m.truth[ti] = "wrong_player"
        }
        if (rule.kind === "touch")
            for (const ti of truthIdx) {
                const t = tev[ti]
                const keys = ["touch_" + t.force_class, "touch_on_" + t.target, forceTargetKind(t.force_class, t.target)]
                const band = t.target === "hanger" ? hangerBand(t.force_z_n) : null
                if (band) keys.push("touch_hanger_" + band, hangerBandKind(t.force_class, band))
                for (const key of keys) {
                    const c = score.counts[key]
                    if (!c) continue
                    c.truth++
                    if (m.truth[ti] === "caught") c.caught++
                }
            }
    }
    // a fallen card read as a collapse: an unmatched collapse call within the collapse window after it
    for (const ti of tev.map((_, i) => i).filter(i => tev[i].kind === "card_fell")) {
        const w0 = tev[ti].t_ms
        const w1 = w0 + settings.collapseLate_ms
        if (events.some((e, ci) => e.type === "collapse" && m.calls[ci] !== "hit" && e.t_ms >= w0 && e.t_ms <= w1)) score.fell_as_collapse++
    }
    // outs: from the outcome (player, reason, time); a call for the right player but another reason is not a match.
    // Where the truth lists its touches/collapses (a simulator's), the out's cause call must have matched one: a
    // missed foul followed by a clean-up read as a touch of the same player is a missed touch, a false touch and a
    // wrongful out, not a right one. A hand-written truth with outs only is matched on the outs alone
    const outs = truth.outcome.outs
    const outCalls = events.map((_, i) => i).filter(i => events[i].type === "out")
    for (const ci of outCalls) m.calls[ci] = "false"
    const causeKnown = (reason: string) => tev.some(e => e.kind === reason)
    const causeCaught = (ci: number) => {
        if (!causeKnown(events[ci]["reason"] as string)) return true
        const k = causeOf(events, ci)
        return k >= 0 && m.calls[k] === "hit"
    }
    const outTruth = outs.map((_, i) => i).sort((a, b) => outs[a].t_ms - outs[b].t_ms)
    const po = greedy(
        outTruth,
        outCalls,
        events,
        i => [outs[i].t_ms - settings.outEarly_ms, outs[i].t_ms + settings.outLate_ms],
        (ti, ci) => events[ci]["player"] === outs[ti].player && events[ci]["reason"] === outs[ti].reason && causeCaught(ci),
        score.counts["out"],
    )
    for (const [, ci] of po.hits) m.calls[ci] = "hit"
    for (const ci of events.map((_, i) => i).filter(i => events[i].type === "winner"))
        m.calls[ci] = events[ci]["player"] === truth.outcome.winner ? "hit" : "false"

    // the spec's truth needs only outs and winner: a hand-written one may leave the card counts and turns out (not counted)
    score.turns = truth.outcome.turns ?? 0
    const want = truth.outcome.final_cards ?? []
    const got = refereeFinalCards(events)
    score.rounds = want.length
    for (let i = 0; i < want.length; i++) if (got[i] === want[i]) score.rounds_exact++
    score.outcome_right = sameOutcome(events, truth) && outCalls.every(ci => m.calls[ci] === "hit") ? 1 : 0
    if (QUIET_CATEGORIES.indexOf(category) >= 0) {
        score.quiet_ms = game_ms
        score.false_calls = events.filter(e => FOUL_CALL_TYPES.indexOf(e.type) >= 0).length
    }
    return m
}
