/**
 * Benchmark figures: merging per-trace scores (match.ts) and turning the
 * totals into the published figures (ratios, latency percentiles, rates).
 * A ratio with nothing to divide by is null ("-" in the table), never 0 or 1.
 */
import { CaseScore, Count, emptyScore, forceTargetKind, HANGER_BANDS, hangerBandKind, TOUCH_CLASSES, TOUCH_TARGETS } from "./match.ts"

/** add `b` into `a` (counts, times, latency lists) */
export function mergeScore(a: CaseScore, b: CaseScore): CaseScore {
    for (const k of Object.keys(b) as (keyof CaseScore)[]) {
        if (k === "counts") {
            for (const kind of Object.keys(b.counts)) {
                const ca = a.counts[kind] as any
                const cb = b.counts[kind] as any
                for (const f of Object.keys(cb)) ca[f] += cb[f]
            }
        } else if (Array.isArray(b[k])) {
            for (const x of b[k] as number[]) (a[k] as number[]).push(x)
        } else (a as any)[k] += b[k]
    }
    return a
}

export function ratio(num: number, den: number): number | null {
    return den > 0 ? num / den : null
}

/** nearest-rank percentile (p in 0..100) of unsorted values; null for none */
export function percentile(values: number[], p: number): number | null {
    if (values.length === 0) return null
    const v = values.slice().sort((x, y) => x - y)
    const rank = Math.max(1, Math.ceil((p / 100) * v.length))
    return v[rank - 1]
}

export interface Rates {
    recall: number | null
    precision: number | null
    truth: number
    /** truth events a call matched (recall's numerator) */
    caught: number
    calls: number
    /** calls that matched a truth event (precision's numerator) */
    hits: number
}

function rates(c: Count): Rates {
    return { recall: ratio(c.caught, c.truth), precision: ratio(c.hits, c.calls), truth: c.truth, caught: c.caught, calls: c.calls, hits: c.hits }
}

export interface Figures {
    cases: number
    game_hours: number
    /** referee events of every type */
    events: number
    collapse: Rates & { latency_ms: { median: number | null; p95: number | null } }
    touch: Rates & {
        recall_by_force: { [cls: string]: number | null }
        /** by where the touch landed (structure, hanger) */
        recall_by_target: { [target: string]: Band }
        /** by force class and where it landed ("medium hanger") */
        recall_by_force_target: { [classTarget: string]: Band }
        /** hanger touches by their vertical force, g ("0-2", "2-5", "5+") */
        hanger_by_vertical_g: { [band: string]: Band }
        /** ... and by force class as well ("medium 0-2"): what a class's hanger touches put on the cell */
        hanger_by_class_vertical_g: { [classBand: string]: Band }
        wrong_player: number
        /** matched calls, from the hand's start (within the match window, so at most its length) */
        latency_ms: { median: number | null; p95: number | null }
        /** missed touches that a call of the same player's followed after the window, up to TOUCH_LATE_MS after the hand left */
        late: number
    }
    card_fell: Rates & { as_collapse: number | null }
    place: Rates
    remove: Rates
    final_cards: { rounds: number; exact: number; accuracy: number | null }
    wrongful_outs: { count: number; turns: number; per_100_turns: number | null }
    false_calls: { count: number; quiet_hours: number; per_hour: number | null }
    outcome: { right: number; cases: number; accuracy: number | null }
    speed: { game_s: number; referee_cpu_s: number; x_realtime: number | null }
}

const MS_PER_HOUR = 3600e3

/** a recall with its counts */
export interface Band {
    recall: number | null
    caught: number
    truth: number
}

function band(c: Count): Band {
    return { recall: ratio(c.caught, c.truth), caught: c.caught, truth: c.truth }
}

export function figures(s: CaseScore): Figures {
    const c = s.counts
    const byForce: { [cls: string]: number | null } = {}
    for (const cls of TOUCH_CLASSES) byForce[cls] = ratio(c["touch_" + cls].caught, c["touch_" + cls].truth)
    const byTarget: { [target: string]: Band } = {}
    for (const t of TOUCH_TARGETS) byTarget[t] = band(c["touch_on_" + t])
    const byForceTarget: { [ct: string]: Band } = {}
    for (const cls of TOUCH_CLASSES) for (const t of TOUCH_TARGETS) byForceTarget[cls + " " + t] = band(c[forceTargetKind(cls, t)])
    const byVertical: { [b: string]: Band } = {}
    for (const b of HANGER_BANDS) byVertical[b] = band(c["touch_hanger_" + b])
    const byClassVertical: { [cb: string]: Band } = {}
    for (const cls of TOUCH_CLASSES) for (const b of HANGER_BANDS) byClassVertical[cls + " " + b] = band(c[hangerBandKind(cls, b)])
    const out = c["out"]
    return {
        cases: s.cases,
        game_hours: s.game_ms / MS_PER_HOUR,
        events: s.events,
        collapse: { ...rates(c["collapse"]), latency_ms: { median: percentile(s.collapse_latency_ms, 50), p95: percentile(s.collapse_latency_ms, 95) } },
        touch: {
            ...rates(c["touch"]),
            recall_by_force: byForce,
            recall_by_target: byTarget,
            recall_by_force_target: byForceTarget,
            hanger_by_vertical_g: byVertical,
            hanger_by_class_vertical_g: byClassVertical,
            wrong_player: c["touch"].wrong_player,
            latency_ms: { median: percentile(s.touch_latency_ms, 50), p95: percentile(s.touch_latency_ms, 95) },
            late: s.touch_late,
        },
        card_fell: { ...rates(c["card_fell"]), as_collapse: ratio(s.fell_as_collapse, c["card_fell"].truth) },
        place: rates(c["place"]),
        remove: rates(c["remove"]),
        final_cards: { rounds: s.rounds, exact: s.rounds_exact, accuracy: ratio(s.rounds_exact, s.rounds) },
        wrongful_outs: { count: out.calls - out.hits, turns: s.turns, per_100_turns: ratio(100 * (out.calls - out.hits), s.turns) },
        false_calls: { count: s.false_calls, quiet_hours: s.quiet_ms / MS_PER_HOUR, per_hour: ratio(s.false_calls, s.quiet_ms / MS_PER_HOUR) },
        outcome: { right: s.outcome_right, cases: s.cases, accuracy: ratio(s.outcome_right, s.cases) },
        speed: { game_s: s.game_ms / 1000, referee_cpu_s: s.referee_ms / 1000, x_realtime: ratio(s.game_ms, s.referee_ms) },
    }
}

/** totals over all traces and per category */
export class ScoreBook {
    readonly total = emptyScore()
    readonly byCategory = new Map<string, CaseScore>()

    add(category: string, s: CaseScore) {
        mergeScore(this.total, s)
        if (!this.byCategory.has(category)) this.byCategory.set(category, emptyScore())
        mergeScore(this.byCategory.get(category), s)
    }

    categories(): string[] {
        return [...this.byCategory.keys()].sort()
    }
}
