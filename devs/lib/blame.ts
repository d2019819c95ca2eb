/**
 * The benchmark's blame check (`bench --blame`): where each collapse and touch lands after the turn passed, on
 * the referee's clock and on the truth's. The rules blame the last mover for a collapse within
 * `collapse_blame_ms` of the pass and a touch within `touch_blame_ms` (src/core/referee/rules.ts), judged on the
 * referee's own pass and the observation's onset; the truth's pass is the card's weight fully on plus the
 * simulator's PASS_MS. The rows say how far the two clocks run apart there (the lag: where the event lands after
 * the referee's pass, less where it lands after the true one), and where the movers' and the next players' events
 * fall on the referee's clock: the gap between them is where a window can lie.
 *
 * What the rules engine judged on is watched in this process by wrapping `Rules.prototype.handle` (installed by the
 * first `watchBlame`; the core carries no probe): every collapse and touch observation handed to it with a turn
 * passed, with its onset and the pass as the rules had them.
 */
import { onset, Rules, RULES_DEFAULTS } from "../../src/core/referee/rules.ts"
import { Obs, RefEvent } from "../../src/core/referee/types.ts"
import { PASS_MS } from "../../src/sim/director.ts"
import { Truth } from "../../src/sim/truth.ts"
import { MATCH_DEFAULTS } from "./match.ts"
import { percentile } from "./score.ts"
import { formatTable } from "./table.ts"

/** a collapse or touch observation the rules judged with a turn passed */
export interface BlameObs {
    kind: string
    t_ms: number
    /** where it lands after the referee's pass (its onset, as the rules judge it, less the pass), ms */
    after_ms: number
}

/** one collapse or touch of the truth that the referee observed, on both clocks */
export interface BlameRow {
    id: string
    kind: string
    /** whom the truth blames: the player who passed the turn last ("mover") or another ("next") */
    who: "mover" | "next"
    /** after the true pass (the weight fully on plus PASS_MS), ms */
    truth_after_ms: number
    /** after the referee's pass, ms */
    ref_after_ms: number
}

let watched: BlameObs[] | null = null
let installed = false

/** start watching the rules engine's collapse and touch judgements in this process; returns the list they go to */
export function watchBlame(): BlameObs[] {
    if (!installed) {
        installed = true
        const handle = Rules.prototype.handle
        Rules.prototype.handle = function (this: Rules, obs: Obs, out: RefEvent[]) {
            // the context is the rules' state before this observation: the pass it is judged against
            const pass = this.context().turn_ms
            if (watched && (obs.kind === "collapse" || obs.kind === "touch") && pass >= 0) watched.push({ kind: obs.kind, t_ms: obs.t_ms, after_ms: onset(obs) - pass })
            handle.call(this, obs, out)
        }
    }
    watched = []
    return watched
}

/** stop collecting (the wrapper stays, idle) */
export function unwatchBlame() {
    watched = null
}

/**
 * each truth collapse and touch after a pass in its round, with the first watched observation of its kind in the
 * benchmark's window for it (whoever it was called for: a blame error is exactly a call for the other player)
 */
export function blameRows(id: string, seen: BlameObs[], truth: Truth): BlameRow[] {
    const rows: BlameRow[] = []
    const used = new Set<number>()
    let passAt = NaN
    let mover: number | null = null
    for (const t of truth.events) {
        if (t.kind === "round_start") passAt = NaN
        if (t.kind === "place" || t.kind === "remove") {
            passAt = t.t_ms + PASS_MS
            mover = t.player
        }
        if ((t.kind !== "collapse" && t.kind !== "touch") || !(t.t_ms >= passAt)) continue
        const end = t.kind === "collapse" ? t.t_ms + MATCH_DEFAULTS.collapseLate_ms : (t.t_end_ms ?? t.t_ms) + MATCH_DEFAULTS.touchAfterEnd_ms
        const i = seen.findIndex((o, k) => !used.has(k) && o.kind === t.kind && o.t_ms >= t.t_ms && o.t_ms <= end)
        if (i < 0) continue
        used.add(i)
        rows.push({ id: id, kind: t.kind, who: t.player === mover ? "mover" : "next", truth_after_ms: t.t_ms - passAt, ref_after_ms: seen[i].after_ms })
    }
    return rows
}

/** the rules' blame windows, ms: a collapse or touch within them of the pass is the mover's */
export const BLAME_WINDOWS: { [kind: string]: number } = { collapse: RULES_DEFAULTS.collapse_blame_ms, touch: RULES_DEFAULTS.touch_blame_ms }

/** what blameTable's columns say, printed above it */
export const BLAME_TITLE =
    "where collapses and touches land after the turn passed: on the referee's clock (its pass, the event's onset) less on the truth's\n" +
    "(the lag, ms); on the referee's clock the movers' late end and the next players' early end; the blame window:"

/**
 * per kind: the lag's spread; the movers' events on the referee's clock, the latest and the 99th percentile (from the
 * late end), and the next players', the earliest and the 1st percentile; the window, and how many are on its wrong side
 */
export function blameTable(rows: BlameRow[], windows: { [kind: string]: number }): string {
    const ms = (x: number | null) => (x === null ? "-" : String(Math.round(x)))
    const out: string[][] = []
    for (const kind of ["collapse", "touch"]) {
        const of = rows.filter(r => r.kind === kind)
        if (of.length === 0) continue
        const lag = of.map(r => r.ref_after_ms - r.truth_after_ms)
        const movers = of.filter(r => r.who === "mover").sort((a, b) => b.ref_after_ms - a.ref_after_ms)
        const next = of.filter(r => r.who === "next").sort((a, b) => a.ref_after_ms - b.ref_after_ms)
        const w = windows[kind]
        const edge = (r: BlameRow | undefined) => (r ? `${ms(r.ref_after_ms)} (${r.id})` : "-")
        // the 99th percentile of the movers' and the 1st of the next players': the gap without the odd pass dated seconds off
        const after = (list: BlameRow[]) => list.map(r => r.ref_after_ms)
        out.push([
            kind, String(of.length), ms(percentile(lag, 5)), ms(percentile(lag, 50)), ms(percentile(lag, 95)),
            ms(percentile(after(movers), 99)), edge(movers[0]), ms(percentile(after(next), 1)), edge(next[0]), ms(w),
            String(movers.filter(r => r.ref_after_ms > w).length + next.filter(r => r.ref_after_ms <= w).length),
        ])
    }
    const head = ["kind", "n", "lag p5", "lag p50", "lag p95", "movers p99", "movers' latest", "next p1", "next players' earliest", "window", "wrong side"]
    return formatTable(head, out)
}
