/**
 * The benchmark over several seeded runs at once, and a run compared with an earlier one: the way a
 * detector change is chosen (README, "Choosing a detector change"). `--seeds 1000,2000,...` runs each
 * seed's cases, pools them in the main table and gives each run's headline figures in a second one;
 * `--compare BEFORE.json` names the cases whose outcome turned right or wrong against an earlier `--json`
 * of the same cases, and counts those whose calls changed at all (each case's calls are fingerprinted).
 */
import { createHash } from "node:crypto"
import { existsSync, readFileSync } from "node:fs"
import { formatEvent } from "../../src/core/trace.ts"
import { RefEvent } from "../../src/core/referee/types.ts"
import { CaseLine } from "./bench-report.ts"
import { figures, ScoreBook } from "./score.ts"
import { formatTable, num, pct } from "./table.ts"

/** "1000,2000,3000": the first seeds of the runs, distinct whole numbers of 1 or more, in the order given */
export function parseSeeds(arg: string): number[] {
    const parts = arg.split(",").map(s => s.trim())
    const seeds = parts.map(s => (/^\d+$/.test(s) ? parseInt(s, 10) : NaN))
    const bad = parts.filter((_, i) => !(seeds[i] >= 1))
    if (parts.length === 0 || bad.length > 0) throw new Error(`--seeds ${arg}: expected first seeds separated by commas, e.g. 1000,2000,3000 (not ${bad.map(b => JSON.stringify(b)).join(", ")})`)
    const twice = seeds.filter((s, i) => seeds.indexOf(s) !== i)
    if (twice.length > 0) throw new Error(`--seeds ${arg}: seed ${twice[0]} given twice`)
    return seeds
}

/** the run a simulated case belongs to: its id's first part (SEED-INDEX-CATEGORY) */
export function runOf(id: string): number {
    return parseInt(id.slice(0, id.indexOf("-")), 10)
}

/** a fingerprint of a case's calls: its events exactly as `npm run replay` prints them, hashed (12 hex digits) */
export function callsFingerprint(events: RefEvent[]): string {
    const h = createHash("sha1")
    for (const e of events) h.update(formatEvent(e) + "\n")
    return h.digest("hex").slice(0, 12)
}

/** each run's headline figures (`books`: one per run, by first seed, in run order), then all of them pooled (`total`) */
export function runTable(books: Map<number, ScoreBook>, total: ScoreBook): string {
    const row = (name: string, book: ScoreBook) => {
        const f = figures(book.total)
        const t = f.touch.recall_by_force
        const place = book.total.counts["place"]
        return [
            name, String(f.cases),
            `${f.outcome.right} (${pct(f.outcome.accuracy)} %)`,
            `${f.wrongful_outs.count} / ${f.wrongful_outs.turns}`,
            num(f.collapse.latency_ms.p95, 0),
            [pct(t["light"]), pct(t["medium"]), pct(t["heavy"])].join("/"),
            `${place.truth - place.caught} / ${place.calls - place.hits}`,
        ]
    }
    const rows = [...books.entries()].map(([seed, book]) => row(String(seed), book))
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
    /** cases whose calls changed (with their outcome or not) */
    changed: string[]
    /** whether the calls were compared by fingerprint (else by their counts: an earlier JSON without fingerprints) */
    exact: boolean
    /** ids in one run only */
    onlyBefore: string[]
    onlyNow: string[]
}

/** compare an earlier run's case lines with this one's */
export function compareCases(before: CaseLine[], now: CaseLine[]): Comparison {
    const old = new Map(before.map(c => [c.id, c]))
    const ids = new Set(now.map(c => c.id))
    const exact = before.length > 0 && before.every(c => typeof c.calls === "string")
    const cmp: Comparison = { common: 0, fixed: [], broke: [], changed: [], exact, onlyBefore: before.filter(c => !ids.has(c.id)).map(c => c.id), onlyNow: [] }
    for (const c of now) {
        const b = old.get(c.id)
        if (!b) {
            cmp.onlyNow.push(c.id)
            continue
        }
        cmp.common++
        if (c.outcome_right && !b.outcome_right) cmp.fixed.push(c.id)
        if (!c.outcome_right && b.outcome_right) cmp.broke.push(c.id)
        const differ = exact ? b.calls !== c.calls : b.events !== c.events || b.missed !== c.missed || b.false_calls !== c.false_calls || b.wrongful_outs !== c.wrongful_outs
        if (differ || b.outcome_right !== c.outcome_right) cmp.changed.push(c.id)
    }
    return cmp
}

/** what the comparison says, in a few lines */
export function comparisonText(file: string, cmp: Comparison): string {
    const list = (ids: string[]) => (ids.length === 0 ? "" : ": " + ids.join(", "))
    const lines = [
        `against ${file} (${cmp.common} cases in both):`,
        `  right now, wrong before: ${cmp.fixed.length}${list(cmp.fixed)}`,
        `  wrong now, right before: ${cmp.broke.length}${list(cmp.broke)}`,
        `  cases whose calls changed: ${cmp.changed.length}` + (cmp.exact ? "" : " (by their counts of calls, misses and false calls: the earlier JSON has no fingerprints of the calls)"),
    ]
    if (cmp.onlyBefore.length + cmp.onlyNow.length > 0) lines.push(`  not in both: ${cmp.onlyBefore.length} only before, ${cmp.onlyNow.length} only now (compare the same seeds, count and category)`)
    return lines.join("\n")
}

/** an earlier `bench --json`'s case lines; a clear error when the file is missing or is no bench JSON */
export function readCaseLines(file: string): CaseLine[] {
    if (!existsSync(file)) throw new Error(`--compare ${file}: no such file`)
    let json: any
    try {
        json = JSON.parse(readFileSync(file, "utf8"))
    } catch (e) {
        throw new Error(`--compare ${file}: not JSON (${(e as Error).message})`)
    }
    if (!json || !Array.isArray(json.cases) || !json.cases.every((c: any) => typeof c.id === "string" && typeof c.outcome_right === "boolean")) {
        throw new Error(`--compare ${file}: not a bench --json file (no "cases" list with ids and outcomes)`)
    }
    return json.cases
}
