/**
 * The benchmark's error list (`bench --misses FILE`): one CSV row per truth
 * event the referee missed or gave to another player, and per call the truth
 * does not have (a false or wrongful out among them), each with what the truth
 * says of it and the nearest thing on the other side, so a miss can be found in
 * `npm run report` and the cause looked for. Matching is match.ts's; this only
 * lists what it marked.
 */
import { RefEvent } from "../../src/core/referee/types.ts"
import { Truth, TruthEvent } from "../../src/sim/truth.ts"
import { G_MPS2 } from "../../src/sim/params.ts"
import { CaseMatch } from "./match.ts"
import { csvNum as fmt } from "./table.ts"

/** truth kinds and call types listed (outs included: a wrongful out is the costliest error) */
const TRUTH_KINDS = ["collapse", "touch", "card_fell", "place", "remove"]
const CALL_TYPES = ["collapse", "touch", "warning", "card_fell", "placed", "removed", "out"]
/** calls that may answer a missed truth event, and how far around it they are looked for, ms */
const ANSWER_TYPES = ["collapse", "touch", "warning", "card_fell", "placed", "removed"]
const ANSWER_BEFORE_MS = 500
const ANSWER_AFTER_MS = 3000
/** truth events looked for around a false call, ms (a placement's hand starts seconds before its weight) */
const CAUSE_BEFORE_MS = 6000
const CAUSE_AFTER_MS = 1000

export const MISS_COLUMNS = [
    "case", "category", "level", "cell", "status", "kind", "player", "t_ms", "end_ms",
    "target", "force_class", "force_n", "force_z_g", "detector", "delta_g", "nearest",
]

/** one row of the list, in MISS_COLUMNS order (empty strings where a column says nothing) */
export type MissRow = string[]

export interface CaseInfo {
    id: string
    category: string
    level: string
    cell: string
}

/** "type@+ms/detector/pN" of a call, relative to `t_ms` */
function callRef(e: RefEvent, t_ms: number): string {
    const dt = Math.round(e.t_ms - t_ms)
    return `${e.type}@${dt >= 0 ? "+" : ""}${dt}${e.detector ? "/" + e.detector : ""}${e["player"] !== undefined ? "/p" + e["player"] : ""}`
}

/** "kind@+ms/target/class/pN" of a truth event (its start: a hand's, a touch's), relative to `t_ms` */
function truthRef(t: TruthEvent, t_ms: number): string {
    const dt = Math.round((t.t_start_ms ?? t.t_ms) - t_ms)
    const what = t.target ? "/" + t.target + "/" + t.force_class : t.what ? "/" + t.what : ""
    return `${t.kind}@${dt >= 0 ? "+" : ""}${dt}${what}${t.player !== null && t.player !== undefined ? "/p" + t.player : ""}`
}

/** the rows of one case: its missed and wrong-player truth events and its false and wrong-player calls, in time order */
export function missRows(info: CaseInfo, events: RefEvent[], truth: Truth, m: CaseMatch): MissRow[] {
    const rows: { t: number; row: MissRow }[] = []
    const head = [info.id, info.category, info.level, info.cell]
    truth.events.forEach((t, ti) => {
        const st = m.truth[ti]
        if (TRUTH_KINDS.indexOf(t.kind) < 0 || (st !== "missed" && st !== "wrong_player")) return
        const end = t.t_end_ms ?? t.t_ms
        const near = events.filter(e => ANSWER_TYPES.indexOf(e.type) >= 0 && e.t_ms >= t.t_ms - ANSWER_BEFORE_MS && e.t_ms <= end + ANSWER_AFTER_MS)
        const force_z_g = t.force_z_n === undefined ? undefined : (t.force_z_n / G_MPS2) * 1000
        rows.push({
            t: t.t_ms,
            row: [...head, st, t.kind, t.player === null || t.player === undefined ? "" : String(t.player), fmt(t.t_ms, 0), t.t_end_ms === undefined ? "" : fmt(end, 0),
                t.target ?? "", t.force_class ?? "", fmt(t.force_n, 3), fmt(force_z_g, 1), "", "", near.map(e => callRef(e, t.t_ms)).join(" ")],
        })
    })
    events.forEach((e, ci) => {
        const st = m.calls[ci]
        if (CALL_TYPES.indexOf(e.type) < 0 || (st !== "false" && st !== "wrong_player")) return
        const near = truth.events.filter(t => TRUTH_KINDS.indexOf(t.kind) >= 0 || t.kind === "bump")
            .filter(t => (t.t_end_ms ?? t.t_ms) >= e.t_ms - CAUSE_BEFORE_MS && (t.t_start_ms ?? t.t_ms) <= e.t_ms + CAUSE_AFTER_MS)
        const kind = e.type === "out" ? "out/" + e["reason"] : e.type
        rows.push({
            t: e.t_ms,
            row: [...head, st, kind, e["player"] === undefined ? "" : String(e["player"]), fmt(e.t_ms, 0), "", "", "", "", "",
                e.detector === undefined || e.detector === null ? "" : String(e.detector), typeof e["delta_g"] === "number" ? fmt(e["delta_g"] as number, 2) : "", near.map(t => truthRef(t, e.t_ms)).join(" ")],
        })
    })
    rows.sort((a, b) => a.t - b.t)
    return rows.map(r => r.row)
}
