/**
 * The benchmark over several seeded runs at once, and a run compared with an earlier one: the way a
 * detector change is chosen (README, "Choosing a detector change"). `--seeds 1000,2000,...` runs each
 * seed's cases, pools them in the main table and gives each run's headline figures in a second one;
 * `--compare BEFORE.json` names the cases whose outcome turned right or wrong against an earlier `--json`
 * of the same cases (per run too), and counts those whose calls changed at all (each case's calls are
 * fingerprinted in the worker: bench-cases.ts, callsFingerprint).
 */
import { existsSync, readFileSync } from "node:fs"
import type { CaseLine } from "./bench-report.ts"
import { touchByForce } from "./bench-report.ts"
import type { Figures } from "./score.ts"
import { formatTable, num, pct } from "./table.ts"
import { MAX_SEED } from "./cli.ts"

/** "1000,2000,3000": the first seeds of the runs, distinct whole numbers from 1 to MAX_SEED, in the order given */
export function parseSeeds(arg: string): number[] {
    const parts = arg.split(",").map(s => s.trim())
    const seeds = parts.map(s => (/^\d+$/.test(s) ? parseInt(s, 10) : NaN))
    const bad = parts.filter((_, i) => !(seeds[i] >= 1 && seeds[i] <= MAX_SEED))
    if (bad.length > 0) throw new Error(`--seeds ${arg}: expected first seeds from 1 to ${MAX_SEED} separated by commas, e.g. 1000,2000,3000 (not ${bad.map(b => JSON.stringify(b)).join(", ")})`)
    const twice = seeds.filter((s, i) => seeds.indexOf(s) !== i)
    if (twice.length > 0) throw new Error(`--seeds ${arg}: seed ${twice[0]} given twice`)
    return seeds
}

/** each run's headline figures (`runs`: first seed and its figures, in the order given), then all of them pooled (`total`) */
export function runTable(runs: [number, Figures][], total: Figures): string {
    const row = (name: string, f: Figures) => [
        name,
        String(f.cases),
        `${f.outcome.right} (${pct(f.outcome.accuracy)} %)`,
        `${f.wrongful_outs.count} / ${f.wrongful_outs.turns}`,
        num(f.collapse.latency_ms.p95, 0),
        touchByForce(f),
        `${f.place.truth - f.place.caught} / ${f.place.calls - f.place.hits}`,
    ]
    const rows = runs.map(([seed, f]) => row(String(seed), f))
    rows.push(row("all", total))
    return formatTable(["run (first seed)", "cases", "outcome right", "wrongful outs / turns", "coll p95", "touch R l/m/h", "placements missed / false"], rows)
}

/** the cases of an earlier run against this one's, by id */
export interface Comparison {
    /** in both runs */
    common: number
    /** outcome right now, wrong before */
    fixed: string[]
    /** outcome wrong now, right before */
    broke: string[]
    /** cases whose calls changed (by fingerprint; by their counts when `exact` is false) */
    changed: string[]
    /** whether the calls were compared by fingerprint (else by their counts: an earlier JSON without fingerprints) */
    exact: boolean
    /** ids in one run only */
    onlyBefore: string[]
    onlyNow: string[]
    /** with several runs: per run (first seed), how many turned right and wrong */
    byRun: [number, { fixed: number; broke: number }][]
}

/** compare an earlier run's case lines with this one's; `runOf` gives a case's run (first seed), when there are several */
export function compareCases(before: CaseLine[], now: CaseLine[], runOf?: (id: string) => number): Comparison {
    const old = new Map(before.map(c => [c.id, c]))
    const ids = new Set(now.map(c => c.id))
    const exact = before.every(c => typeof c.calls === "string")
    const cmp: Comparison = { common: 0, fixed: [], broke: [], changed: [], exact, onlyBefore: before.filter(c => !ids.has(c.id)).map(c => c.id), onlyNow: [], byRun: [] }
    const runs = new Map<number, { fixed: number; broke: number }>()
    for (const c of now) {
        const b = old.get(c.id)
        if (runOf && !runs.has(runOf(c.id))) runs.set(runOf(c.id), { fixed: 0, broke: 0 })
        if (!b) {
            cmp.onlyNow.push(c.id)
            continue
        }
        cmp.common++
        if (c.outcome_right !== b.outcome_right) {
            ;(c.outcome_right ? cmp.fixed : cmp.broke).push(c.id)
            if (runOf) runs.get(runOf(c.id))[c.outcome_right ? "fixed" : "broke"]++
        }
        const differ = exact ? b.calls !== c.calls : b.events !== c.events || b.missed !== c.missed || b.false_calls !== c.false_calls || b.wrongful_outs !== c.wrongful_outs
        if (differ) cmp.changed.push(c.id)
    }
    if (runs.size > 1) cmp.byRun = [...runs.entries()]
    return cmp
}

/** at most this many case ids are listed per line */
const LIST_MAX = 20

/** what the comparison says, in a few lines */
export function comparisonText(file: string, cmp: Comparison): string {
    const list = (ids: string[]) => (ids.length === 0 ? "" : ": " + ids.slice(0, LIST_MAX).join(", ") + (ids.length > LIST_MAX ? `, and ${ids.length - LIST_MAX} more` : ""))
    const lines = [
        `against ${file} (${cmp.common} cases in both):`,
        `  right now, wrong before: ${cmp.fixed.length}${list(cmp.fixed)}`,
        `  wrong now, right before: ${cmp.broke.length}${list(cmp.broke)}`,
    ]
    if (cmp.byRun.length > 0) lines.push("  by run (right now / wrong now): " + cmp.byRun.map(([seed, r]) => `${seed} +${r.fixed} -${r.broke}`).join(", "))
    lines.push(`  cases whose calls changed: ${cmp.changed.length}` + (cmp.exact ? "" : " (by their counts of calls, misses and false calls: the earlier JSON has no fingerprints of the calls)"))
    if (cmp.onlyBefore.length + cmp.onlyNow.length > 0) lines.push(`  not in both: ${cmp.onlyBefore.length} only before, ${cmp.onlyNow.length} only now (compare the same seeds, count and category)`)
    return lines.join("\n")
}

/** what an earlier `bench --json` holds for a comparison: its case lines, and whether its cases were --quick ones (null: not recorded) */
export interface EarlierRun {
    cases: CaseLine[]
    quick: boolean | null
}

/** an earlier `bench --json`; a clear error when the file is missing or is no bench JSON */
export function readEarlierRun(file: string): EarlierRun {
    if (!existsSync(file)) throw new Error(`--compare ${file}: no such file`)
    let json: any
    try {
        json = JSON.parse(readFileSync(file, "utf8"))
    } catch (e) {
        throw new Error(`--compare ${file}: not JSON (${(e as Error).message})`)
    }
    if (!json || !Array.isArray(json.cases) || !json.cases.every((c: any) => c && typeof c.id === "string" && typeof c.outcome_right === "boolean")) {
        throw new Error(`--compare ${file}: not a bench --json file (no "cases" list with ids and outcomes)`)
    }
    return { cases: json.cases, quick: typeof json.quick === "boolean" ? json.quick : null }
}

/** why an earlier run cannot be compared with this one (its cases share their ids but not their content), or null */
export function incomparable(file: string, earlier: EarlierRun, quick: boolean): string | null {
    if (earlier.quick === null || earlier.quick === quick) return null
    const kind = (q: boolean) => (q ? "--quick ones" : "full-length ones")
    return `--compare ${file}: that run's cases were ${kind(earlier.quick)}, this run's are ${kind(quick)}: the same ids, other cases`
}
