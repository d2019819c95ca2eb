/**
 * Why a case's outcome went wrong: its first error in time (a truth event the referee missed or gave
 * another player, or a call the truth does not have), named by kind. Some pairs are one error, named at
 * the truth event and dated by the earlier of the two:
 *  - a missed touch with a false collapse from its start to COLLAPSE_AFTER_MS after its end: "a touch read
 *    as a collapse" (a push that unloaded the cell like breaking cards);
 *  - a missed card_fell or collapse with a false touch up to CARD_OFF_BEFORE_MS after it: "card_fell read
 *    as a touch" (its jolt fired the push cue); after one that was called: "a card off read as a touch";
 *  - a missed placement or removal with a false touch from its hand's start to CARD_AFTER_MS after its
 *    weight came on or off: "placement read as a touch".
 * A false placement while the players release the pivot (the truth's pivot_release, to PIVOT_AFTER_MS after it
 * ended) is "pivot release read as a card": the hand holding the rod lifted the level by about a card.
 * Outs and winners follow from other calls and are a cause only when nothing else went wrong.
 */
import { RefEvent } from "../../src/core/referee/types.ts"
import { Truth, TruthEvent } from "../../src/sim/truth.ts"
import { CallStatus, TruthStatus } from "./match.ts"

const COLLAPSE_AFTER_MS = 1000
const CARD_OFF_BEFORE_MS = 1000
/** a placement's turn passes 1.5 s after its weight is on: a touch called by then is the placement's */
const CARD_AFTER_MS = 2000
/** a placement called up to this long after the pivot's release ended is the release's (the next card's hand comes 1.9 s after it at the earliest, its call seconds later) */
const PIVOT_AFTER_MS = 1000

const TRUTH_NAMES: { [kind: string]: string } = {
    place: "placement",
    remove: "removal",
    card_fell: "card_fell",
    collapse: "collapse",
}

const CALL_NAMES: { [type: string]: string } = {
    placed: "placement",
    removed: "removal",
    card_fell: "card_fell",
    collapse: "collapse",
    touch: "touch",
    warning: "touch",
}

function touchName(e: TruthEvent): string {
    return `${e.force_class ?? "?"} ${e.target ?? "structure"} touch`
}

/** the first error's class (null when there is none) */
export function firstError(events: RefEvent[], calls: CallStatus[], truth: Truth, marks: TruthStatus[]): string | null {
    type Err = { t_ms: number; cause: string }
    const errs: Err[] = []
    const falseCalls = events.filter((e, k) => calls[k] === "false")
    /** false calls named with a truth event's error (a touch read as a collapse, a card read as a touch) */
    const explained: RefEvent[] = []
    truth.events.forEach((e, k) => {
        const st = marks[k]
        if (st !== "missed" && st !== "wrong_player") return
        if (e.kind === "touch") {
            const end = (e.t_end_ms ?? e.t_ms) + COLLAPSE_AFTER_MS
            const asCollapse = falseCalls.filter(c => c.type === "collapse" && c.t_ms >= e.t_ms && c.t_ms <= end)
            for (const c of asCollapse) explained.push(c)
            const cause = asCollapse.length > 0 ? `${touchName(e)} read as a collapse` : st === "missed" ? `missed ${touchName(e)}` : `${touchName(e)} blamed on another player`
            errs.push({ t_ms: e.t_ms, cause })
            return
        }
        const name = TRUTH_NAMES[e.kind]
        if (!name) return
        const off = e.kind === "card_fell" || e.kind === "collapse"
        // (a placement or removal: from its hand's start to CARD_AFTER_MS after its weight came on or off)
        const from = off ? e.t_ms : e.t_start_ms ?? e.t_ms
        const to = e.t_ms + (off ? CARD_OFF_BEFORE_MS : CARD_AFTER_MS)
        const asTouch = st === "missed" ? falseCalls.filter(c => (c.type === "touch" || c.type === "warning") && c.t_ms >= from && c.t_ms <= to) : []
        if (asTouch.length > 0) {
            for (const c of asTouch) explained.push(c)
            errs.push({ t_ms: Math.min(e.t_ms, asTouch[0].t_ms), cause: `${name} read as a touch` })
            return
        }
        errs.push({ t_ms: e.t_ms, cause: st === "missed" ? `missed ${name}` : `${name} blamed on another player` })
    })
    events.forEach((e, k) => {
        const st = calls[k]
        if (st !== "false" && st !== "wrong_player") return
        const name = CALL_NAMES[e.type]
        if (!name || explained.indexOf(e) >= 0) return
        if (st === "wrong_player") {
            errs.push({ t_ms: e.t_ms, cause: `${name} blamed on another player` })
            return
        }
        // a false touch right after a card fell or the structure went (called: else it is named with the card, above)
        const cardOff = truth.events.some(t => (t.kind === "card_fell" || t.kind === "collapse") && t.t_ms <= e.t_ms && e.t_ms - t.t_ms <= CARD_OFF_BEFORE_MS)
        const release = name === "placement" && truth.events.some(t => t.kind === "bump" && t.what === "pivot_release" && t.t_ms <= e.t_ms && e.t_ms <= (t.t_end_ms ?? t.t_ms) + PIVOT_AFTER_MS)
        const placement = release ? "pivot release read as a card" : "extra placement"
        const cause = name === "touch" && cardOff ? "a card off read as a touch" : name === "placement" ? placement : name === "removal" ? "extra removal" : `false ${name}`
        errs.push({ t_ms: e.t_ms, cause })
    })
    if (errs.length === 0) {
        const out = events.find((e, k) => (e.type === "out" || e.type === "winner") && calls[k] !== "info")
        return out ? `${out.type} (nothing else went wrong)` : "the order of the outs"
    }
    errs.sort((a, b) => a.t_ms - b.t_ms)
    return errs[0].cause
}

/** the causes' counts, most first, each with up to `examples` case ids */
export function causeTable(cases: { id: string; cause?: string | null }[], examples = 3): string {
    const by = new Map<string, string[]>()
    for (const c of cases) {
        if (!c.cause) continue
        const ids = by.get(c.cause) ?? []
        ids.push(c.id)
        by.set(c.cause, ids)
    }
    if (by.size === 0) return "wrong outcomes by first error: none"
    const rows = [...by.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    const total = rows.reduce((n, r) => n + r[1].length, 0)
    const w = Math.max(...rows.map(r => r[0].length))
    const lines = rows.map(([cause, ids]) => `  ${String(ids.length).padStart(3)}  ${cause.padEnd(w)}  e.g. ${ids.slice(0, examples).join(", ")}`)
    return `wrong outcomes by first error (${total} cases):\n` + lines.join("\n")
}
