/** the benchmark's outputs: the terminal table (one row per category, then the total) and the JSON figures */
import { CaseResult } from "./bench-cases.ts"
import type { BlameRow } from "./blame.ts"
import { TOUCH_LATE_MS } from "./match.ts"
import { Band, Figures, figures, ScoreBook } from "./score.ts"
import { formatTable, num, pct } from "./table.ts"
import { TargetRow, targetRows } from "./targets.ts"

const HEADER = [
    "category", "cases", "hours",
    "coll R", "coll P", "lat50", "lat95",
    "touch R l/m/h", "touch P",
    "place R", "place P", "rem R", "rem P", "fell R", "fell P", "fell=C",
    "cards=", "wrong out/100t", "false/h", "outcome", "x realtime",
]

/** touch recall by force class, "light/medium/heavy" in % */
export function touchByForce(f: Figures): string {
    const byForce = f.touch.recall_by_force
    return [pct(byForce["light"]), pct(byForce["medium"]), pct(byForce["heavy"])].join("/")
}

function row(name: string, f: Figures): string[] {
    return [
        name, String(f.cases), num(f.game_hours, 2),
        pct(f.collapse.recall), pct(f.collapse.precision), num(f.collapse.latency_ms.median, 0), num(f.collapse.latency_ms.p95, 0),
        touchByForce(f), pct(f.touch.precision),
        pct(f.place.recall), pct(f.place.precision), pct(f.remove.recall), pct(f.remove.precision), pct(f.card_fell.recall), pct(f.card_fell.precision), pct(f.card_fell.as_collapse),
        pct(f.final_cards.accuracy), num(f.wrongful_outs.per_100_turns, 2), num(f.false_calls.per_hour, 2), pct(f.outcome.accuracy), num(f.speed.x_realtime, 0),
    ]
}

/** "12/20 (60.0 %)" */
function share(b: Band): string {
    return `${b.caught}/${b.truth} (${pct(b.recall)} %)`
}

/** touch recall by where the touch landed, by force class and where, and the hanger touches by their vertical force (all the cell sees of them) */
function touchNote(f: Figures): string {
    const t = f.touch
    const targets = Object.keys(t.recall_by_target).map(k => `${k} ${share(t.recall_by_target[k])}`)
    const bands = Object.keys(t.hanger_by_vertical_g).map(k => `${k} g ${share(t.hanger_by_vertical_g[k])}`)
    const both = Object.keys(t.recall_by_force_target).map(k => `${k} ${share(t.recall_by_force_target[k])}`)
    const classBands = Object.keys(t.hanger_by_class_vertical_g).map(k => `${k} g ${share(t.hanger_by_class_vertical_g[k])}`)
    return (
        `touches caught by target: ${targets.join(", ")}; hanger touches by their vertical force: ${bands.join(", ")}\n` +
        `touches caught by force and target: ${both.join(", ")}\n` +
        `hanger touches by force and vertical force: ${classBands.join(", ")}\n` +
        `touch calls matched: ${num(t.latency_ms.median, 0)} ms (median), ${num(t.latency_ms.p95, 0)} ms (p95) after the hand came; ` +
        `touches missed but called late for their player (after the window, within ${TOUCH_LATE_MS / 1000} s of the hand leaving): ${t.late}`
    )
}

/** the table alone: a row per group (`by` names the column: category, level or cell), then the total; without `speed`, no x realtime column (the machine's, not the referee's) */
export function figuresTable(by: string, groups: [string, Figures][], total: Figures, speed = true): string {
    const rows = groups.map(([name, f]) => row(name, f))
    rows.push(row("TOTAL", total))
    const cols = speed ? HEADER.length : HEADER.length - 1
    return formatTable([by, ...HEADER.slice(1, cols)], rows.map(r => r.slice(0, cols)))
}

/** the table's rows are the book's groups (`by` names them: category, level or cell), then the total; notes and legend under it */
export function benchTable(book: ScoreBook, by = "category"): string {
    const total = figures(book.total)
    const table = figuresTable(by, book.categories().map(c => [c, figures(book.byCategory.get(c))]), total)
    const c = book.total.counts
    const notes =
        `wrong player (a call in the window, for another player): touch ${c["touch"].wrong_player}, collapse ${c["collapse"].wrong_player}, ` +
        `card_fell ${c["card_fell"].wrong_player}; wrongful outs ${total.wrongful_outs.count} in ${total.wrongful_outs.turns} turns\n` +
        touchNote(total)
    const legend =
        "R recall %, P precision %, lat collapse latency ms (median, p95), touch R by force light/medium/heavy, fell=C fallen cards called as a collapse %, " +
        "cards= rounds with the exact final card count %, false/h calls per hour on quiet/bump/air/table_drop, " +
        "outcome = outs in order + winner right %, x realtime = game time / referee time (one core), - no figure (nothing to count)"
    return table + "\n" + notes + "\n" + legend
}

/** one case's headline, for finding the cases to look at (npm run report on them) */
export interface CaseLine {
    id: string
    category: string
    difficulty: string
    seed: number | null
    events: number
    outcome_right: boolean
    wrongful_outs: number
    false_calls: number
    missed: number
    /** a wrong outcome's first error (causes.ts), null when the outcome is right */
    cause: string | null
    /** a fingerprint of the case's calls (bench-cases.ts, callsFingerprint: the same calls, the same fingerprint) */
    calls: string
}

export function caseLine(r: CaseResult): CaseLine {
    const c = r.score.counts
    let missed = 0
    for (const k of ["collapse", "touch", "card_fell", "place", "remove"]) missed += c[k].truth - c[k].caught
    return {
        id: r.id,
        category: r.category,
        difficulty: r.difficulty,
        seed: r.seed,
        events: r.score.events,
        outcome_right: r.score.outcome_right === 1,
        wrongful_outs: c["out"].calls - c["out"].hits,
        false_calls: r.score.false_calls,
        missed,
        cause: r.cause,
        calls: r.calls,
    }
}

const SHOW_WORST = 8

/** the cases with a wrongful out or a wrong outcome, worst first (at most a few) */
export function worstCases(lines: CaseLine[]): string {
    const bad = lines.filter(l => !l.outcome_right || l.wrongful_outs > 0)
    bad.sort((a, b) => b.wrongful_outs - a.wrongful_outs || b.missed - a.missed || a.id.localeCompare(b.id))
    if (bad.length === 0) return "every case's outcome is right"
    const shown = bad.slice(0, SHOW_WORST).map(l => `${l.id}${l.seed === null ? "" : ` (case seed ${l.seed})`}: ${l.wrongful_outs} wrongful outs, ${l.missed} missed`)
    return `wrong outcome in ${bad.length} cases; worst: ` + shown.join("; ")
}

export interface BenchJson {
    set: string
    /** one simulated run's first seed and case count (null for a folder, or for several runs: by_run) */
    seeds: { first: number; count: number } | null
    /** simulated cases of --quick length (a folder's: false); a comparison needs the same */
    quick: boolean
    dir: string | null
    /** settings changed on every level for the run (bench --override); {} for the committed ones */
    overrides: { [key: string]: number }
    total: Figures
    by_category: { [category: string]: Figures }
    cases: CaseLine[]
    /** issue 4's targets judged on the totals (lib/targets.ts) */
    targets: TargetRow[]
    /** bench --seeds: each run's first seed, its case count and all its figures, in the order given */
    by_run?: { seed: number; count: number; figures: Figures }[]
    /** bench --blame: each collapse and touch the referee observed after a pass, on both clocks (lib/blame.ts), in case order */
    blame?: BlameRow[]
}

/** what a run was: its set, one run's seeds (or null), --quick, the folder (or null), the overrides */
export interface RunInfo {
    set: string
    seeds: BenchJson["seeds"]
    quick: boolean
    dir: string | null
    overrides: { [key: string]: number }
}

export function benchJson(book: ScoreBook, info: RunInfo, cases: CaseLine[], runs: [number, ScoreBook][] = []): BenchJson {
    const by: { [category: string]: Figures } = {}
    for (const c of book.categories()) by[c] = figures(book.byCategory.get(c))
    const json: BenchJson = { set: info.set, seeds: info.seeds, quick: info.quick, dir: info.dir, overrides: info.overrides, total: figures(book.total), by_category: by, cases, targets: targetRows(book.total) }
    if (runs.length > 0) json.by_run = runs.map(([seed, b]) => ({ seed, count: b.total.cases, figures: figures(b.total) }))
    return json
}
