/**
 * The benchmark's timing list (`bench --latency FILE`): one CSV row per matched
 * collapse and touch call, with how long after the truth event it came (the
 * cards coming off; the hand's start) and what both sides say of it (the cards
 * that came off, the touch's force and target; the detector, the load change,
 * the strike), so the latency figures the table gives (median, p95) can be
 * taken apart by cell, level, size or path. Matching is match.ts's.
 */
import { RefEvent } from "../../src/core/referee/types.ts"
import { Truth } from "../../src/sim/truth.ts"
import { CaseMatch } from "./match.ts"
import { CaseInfo } from "./misses.ts"
import { csvNum as fmt } from "./table.ts"

/** the kinds whose latency the benchmark reports */
const KINDS = ["collapse", "touch"]

export const LATENCY_COLUMNS = [
    "case", "category", "level", "cell", "kind", "player", "t_ms", "call_ms", "latency_ms",
    "cards", "target", "force_class", "force_n", "detector", "delta_g", "delta_cards", "push_dpss",
]

/** one row of the list, in LATENCY_COLUMNS order (empty strings where a column says nothing) */
export type LatencyRow = string[]

/** the rows of one case: its matched collapse and touch calls, in the truth's time order */
export function latencyRows(info: CaseInfo, events: RefEvent[], truth: Truth, m: CaseMatch): LatencyRow[] {
    const head = [info.id, info.category, info.level, info.cell]
    return m.hits
        .filter(([ti]) => KINDS.indexOf(truth.events[ti].kind) >= 0)
        .sort((a, b) => truth.events[a[0]].t_ms - truth.events[b[0]].t_ms)
        .map(([ti, ci]) => {
            const t = truth.events[ti]
            const e = events[ci]
            return [...head, t.kind, t.player === null || t.player === undefined ? "" : String(t.player), fmt(t.t_ms, 0), fmt(e.t_ms, 0), fmt(e.t_ms - t.t_ms, 0),
                fmt(t.cards, 0), t.target ?? "", t.force_class ?? "", fmt(t.force_n, 3),
                e.detector === undefined || e.detector === null ? "" : String(e.detector), fmt(e["delta_g"], 2), fmt(e["delta_cards"], 2), fmt(e["push_dpss"], 0)]
        })
}

/** a line for the terminal: how many rows, and the collapses over `limit_ms` (the target's line) */
export function latencySummary(rows: LatencyRow[], file: string, limit_ms: number): string {
    const kind = LATENCY_COLUMNS.indexOf("kind")
    const lat = LATENCY_COLUMNS.indexOf("latency_ms")
    const collapses = rows.filter(r => r[kind] === "collapse")
    const over = collapses.filter(r => Number(r[lat]) >= limit_ms).length
    return `bench: ${rows.length} rows in ${file}: ${collapses.length} collapses (${over} called ${limit_ms} ms or more after the cards came off), ${rows.length - collapses.length} touches`
}
