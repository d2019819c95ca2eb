/**
 * The detection targets of issue 4, judged on a benchmark's totals: each
 * figure with its counts and, for a share, its 95 % Wilson score interval, so
 * a reader can tell a target missed by a case or two (the target inside the
 * interval: more cases would be needed to say) from one missed for real.
 * "met" is judged on the measured figure itself, never on the interval.
 */
import { CaseScore } from "./match.ts"
import { figures } from "./score.ts"
import { formatTable } from "./table.ts"

/** the normal quantile of a two-sided 95 % interval */
const Z95 = 1.959964

/** the 95 % Wilson score interval of k successes in n trials, as fractions; null for n = 0 */
export function wilson(k: number, n: number, z = Z95): [number, number] | null {
    if (n <= 0) return null
    const p = k / n
    const z2 = z * z
    const den = 1 + z2 / n
    const centre = (p + z2 / (2 * n)) / den
    const half = (z / den) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
    return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

export interface TargetRow {
    /** what is measured */
    name: string
    /** the target as written ("≥ 99 %") */
    goal: string
    /** the measured figure in the row's unit (a share in %), null when nothing was counted */
    value: number | null
    unit: string
    /** the counts behind a share or a rate: k of n */
    k: number | null
    n: number | null
    /** the target's bound in the row's unit (null: none to show against) */
    bound: number | null
    /** a share's 95 % interval in the row's unit */
    lo: number | null
    hi: number | null
    /** met on the measured figure; null when there is no figure */
    met: boolean | null
    /** not met, but the target lies inside the 95 % interval */
    within: boolean
}

/** a share k of n against `at_least` (or at most, with `most`) a fraction: the row in % */
function share(name: string, k: number, n: number, bound: number, most = false): TargetRow {
    const ci = wilson(k, n)
    const value = n > 0 ? (100 * k) / n : null
    const met = value === null ? null : most ? value <= 100 * bound : value >= 100 * bound
    const within = met === false && ci !== null && ci[0] <= bound && bound <= ci[1]
    const goal = (most ? "≤ " : "≥ ") + +(100 * bound).toFixed(1) + " %"
    return { name, goal, value, unit: "%", k, n, bound: 100 * bound, lo: ci ? 100 * ci[0] : null, hi: ci ? 100 * ci[1] : null, met, within }
}

/** a plain figure against a bound (no interval) */
function plain(name: string, value: number | null, unit: string, goal: string, ok: (v: number) => boolean, k: number | null = null, n: number | null = null): TargetRow {
    return { name, goal, value, unit, k, n, bound: null, lo: null, hi: null, met: value === null ? null : ok(value), within: false }
}

/** issue 4's collapse latency target: the p95 under this, ms (after the cards come off) */
export const COLLAPSE_P95_MS = 300

/** every target of issue 4, judged on one benchmark's totals */
export function targetRows(s: CaseScore): TargetRow[] {
    const c = s.counts
    const f = figures(s)
    const wrong = f.wrongful_outs
    return [
        share("collapse recall", c["collapse"].caught, c["collapse"].truth, 0.99),
        share("collapse precision", c["collapse"].hits, c["collapse"].calls, 0.99),
        plain("collapse latency p95", f.collapse.latency_ms.p95, "ms", `< ${COLLAPSE_P95_MS} ms`, v => v < COLLAPSE_P95_MS),
        // per 100 turns is the share of turns with a wrongful out, in %
        { ...share("wrongful outs per 100 turns", wrong.count, wrong.turns, 0.002, true), goal: "≤ 0.2", unit: "/100t" },
        share("touch recall, light", c["touch_light"].caught, c["touch_light"].truth, 0.75),
        share("touch recall, medium", c["touch_medium"].caught, c["touch_medium"].truth, 0.95),
        share("touch recall, heavy", c["touch_heavy"].caught, c["touch_heavy"].truth, 0.95),
        share("touch precision", c["touch"].hits, c["touch"].calls, 0.95),
        share("placement recall", c["place"].caught, c["place"].truth, 0.995),
        share("placement precision", c["place"].hits, c["place"].calls, 0.995),
        share("removal recall", c["remove"].caught, c["remove"].truth, 0.995),
        share("removal precision", c["remove"].hits, c["remove"].calls, 0.995),
        share("final card count exact", s.rounds_exact, s.rounds, 0.99),
        share("card_fell recall", c["card_fell"].caught, c["card_fell"].truth, 0.97),
        share("card_fell called a collapse", s.fell_as_collapse, c["card_fell"].truth, 0.01, true),
        plain("false calls per hour (quiet, distractors)", f.false_calls.per_hour, "/h", "< 0.5", v => v < 0.5, s.false_calls, null),
        share("outcome right", s.outcome_right, s.cases, 0.97),
        plain("replay speed (one core)", f.speed.x_realtime, "x", "≥ 1000x", v => v >= 1000),
    ]
}

function fmt(x: number | null, unit: string, bound: number | null = null): string {
    if (x === null) return "-"
    if (unit === "/100t" || unit === "/h") return x.toFixed(2)
    // two places near 100 % (the 99.5 % targets) and near the bound (98.96 % is not 99.0 %), but an interval's
    // 100 % (a float's 99.99999) is 100.0
    const near = bound !== null && Math.abs(x - bound) < 0.1
    if (unit === "%") return x >= 99.995 ? "100.0" : x.toFixed(x >= 99.5 || near ? 2 : 1)
    return x.toFixed(0)
}

/** the targets as a table: figure, counts, interval, verdict */
export function targetTable(rows: TargetRow[]): string {
    const body = rows.map(r => {
        const v = r.value
        const counts = r.k === null ? "" : r.n === null ? String(r.k) : `${r.k}/${r.n}`
        const ci = r.lo === null || r.hi === null ? "" : `${fmt(r.lo, r.unit)}-${fmt(r.hi, r.unit)}`
        const verdict = r.met === null ? "-" : r.met ? "met" : r.within ? "not met (target inside the interval)" : "not met"
        return [r.name, r.goal, fmt(v, r.unit, r.bound) + (r.unit === "%" && v !== null ? " %" : r.unit === "ms" && v !== null ? " ms" : r.unit === "x" && v !== null ? "x" : ""), counts, ci, verdict]
    })
    return formatTable(["target (issue 4)", "goal", "measured", "counts", "95 % interval", "verdict"], body, true)
}
