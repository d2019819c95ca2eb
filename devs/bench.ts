/**
 * `npm run bench [-- --set test|train | --seed N | --seeds N,N,... | --dir DIR] [--count N] [--quick] [--category C] [--by category|level|cell]
 *   [--override KEY=VALUE ...] [--json OUT] [--misses OUT] [--latency OUT] [--blame] [--compare EARLIER.json] [--threads N]`
 * Generates a seeded set of cases with the simulator (or reads a folder of
 * traces with truth), replays each through the referee in worker threads, scores the
 * calls against the ground truth (devs/lib/match.ts) and prints one table
 * (per category, or per level or load cell with --by, and total) on stdout; --json writes the
 * figures per category. It ends with issue 4's targets judged on the totals, each share with its
 * 95 % interval (lib/targets.ts). --override changes a setting on every level for the run (a what-if:
 * the committed table in src/core/tuned.ts stays as it is). --misses writes every missed truth event
 * and every call the truth does not have as CSV rows (lib/misses.ts), the list to trace misses from;
 * --latency every matched collapse and touch call with its latency (lib/latency.ts), the list to take the
 * latency figures apart by cell, level or size; --blame where the collapses and touches land after the turn passed, on the
 * referee's clock and on the truth's (lib/blame.ts), the figures the blame windows were set by. --seeds runs several seeds' cases at once (the table pools
 * them; a second table gives each run's headline figures), and --compare names the cases whose outcome turned
 * right or wrong against an earlier --json of the same cases (lib/bench-runs.ts): how a detector change is chosen.
 */
import { writeFileSync } from "node:fs"
import { availableParallelism } from "node:os"
import { Command, Option } from "commander"
import { MAX_SEED, runProgram, wholeNumber } from "./lib/cli.ts"
import cliProgress from "cli-progress"
import { CaseJob, CaseResult, dirJobs, SEED_SETS, simJobs } from "./lib/bench-cases.ts"
import { benchJson, benchTable, CaseLine, caseLine, worstCases } from "./lib/bench-report.ts"
import { causeTable } from "./lib/causes.ts"
import { runPool } from "./lib/pool.ts"
import { MISS_COLUMNS, MissRow } from "./lib/misses.ts"
import { LATENCY_COLUMNS, LatencyRow, latencySummary } from "./lib/latency.ts"
import { BLAME_TITLE, BLAME_WINDOWS, BlameRow, blameTable } from "./lib/blame.ts"
import { csvText } from "./lib/table.ts"
import { outFolderProblem } from "./lib/out-file.ts"
import { DEFAULTS, Overrides, withOverrides } from "../src/core/config.ts"
import { figures, ScoreBook } from "./lib/score.ts"
import { COLLAPSE_P95_MS, targetRows, targetTable } from "./lib/targets.ts"
import { compareCases, comparisonText, incomparable, parseSeeds, readEarlierRun, runTable } from "./lib/bench-runs.ts"

interface Opts {
    dir?: string
    set: string
    seed?: number
    seeds?: number[]
    compare?: string
    count: number
    category?: string
    quick: boolean
    json?: string
    misses?: string
    latency?: string
    blame: boolean
    threads: number
    by: string
    override: Overrides
}

/** one --override KEY=VALUE (a setting's "group.name" and a number) into the run's overrides; unknown keys are refused */
function override(arg: string, acc: Overrides): Overrides {
    const eq = arg.indexOf("=")
    const key = eq > 0 ? arg.slice(0, eq) : ""
    const value = eq > 0 ? Number(arg.slice(eq + 1)) : NaN
    if (!key || !Number.isFinite(value)) throw new Error(`--override ${arg}: expected KEY=NUMBER, e.g. collapse.fast_hold_ms=200`)
    const next = { ...acc, [key]: value }
    withOverrides(DEFAULTS, next)
    return next
}

/** the CSV rows of every case, cases in id order (numeric parts as numbers), each case's rows as they came */
function inCaseOrder<T>(list: { id: string; rows: T[] }[]): T[] {
    list.sort((a, b) => a.id.localeCompare(b.id, "en", { numeric: true }))
    return list.flatMap(c => c.rows)
}

/** what a table row groups the cases by */
const GROUPS: { [by: string]: (r: CaseResult) => string } = {
    category: r => r.category,
    level: r => r.difficulty,
    cell: r => r.cell,
}

const program = new Command()
    .name("bench")
    .description("detection benchmark: replay cases through the referee and score the calls against the ground truth")
    .addOption(new Option("--set <set>", "seed set: test (reporting, seed 1) or train (tuning, seed 1000)").choices(Object.keys(SEED_SETS)).default("test"))
    .option("--seed <n>", "first seed of the run (overrides --set)", wholeNumber(1, MAX_SEED))
    .addOption(
        new Option("--seeds <list>", "first seeds of several runs, comma-separated, --count cases each (e.g. 1000,2000,3000,4000,5000,6000: the six training seeds); the table pools them, a second one gives each run's figures")
            .argParser(parseSeeds)
            .conflicts(["seed", "set", "dir"]),
    )
    // 450 cases: 30 of each category, so a case is 0.2 % of the outcome (150 left the 97-99 % targets within a case or two)
    .option("--count <n>", "number of simulated cases", wholeNumber(1, 1000000), 450)
    .option("--quick", "short simulated cases", false)
    .option("--dir <dir>", "score the traces of a folder (CASE.csv + CASE.truth.json) instead of generating cases")
    .option("--category <name>", "only cases of this category")
    .option("--json <file>", "write the figures as JSON (always per category)")
    .option("--misses <file>", "write every missed truth event and every call the truth does not have as CSV, one row each")
    .option("--latency <file>", "write every matched collapse and touch call with its latency as CSV, one row each")
    .option("--blame", "say where the collapses and touches land after the turn passed, on the referee's clock and on the truth's (simulated cases; --json gets the rows)", false)
    .addOption(new Option("--by <group>", "table rows per category, difficulty level or simulated load cell (PART@SPS)").choices(Object.keys(GROUPS)).default("category"))
    .option("--threads <n>", "worker threads", wholeNumber(1, 64), Math.min(2, availableParallelism()))
    .option("--override <key=value>", "change a setting on every level for this run (repeatable), e.g. collapse.fast_hold_ms=200", override, {})
    .option("--compare <file>", "an earlier --json of the same cases: name the cases whose outcome turned right or wrong, count those whose calls changed")
    .action(async (opts: Opts) => {
        for (const [flag, file] of [["--json", opts.json], ["--misses", opts.misses], ["--latency", opts.latency]]) {
            const problem = file ? outFolderProblem(flag, file) : null
            if (problem) throw new Error(problem)
        }
        const before = opts.compare ? readEarlierRun(opts.compare) : null
        const quick = opts.dir ? false : opts.quick
        const mismatch = before ? incomparable(opts.compare, before, quick) : null
        if (mismatch) throw new Error(mismatch)
        let jobs: CaseJob[]
        // a --seeds case's run: its first seed
        const runOf = new Map<string, number>()
        const seed = opts.seed ?? SEED_SETS[opts.set]
        const set = opts.dir ? "dir" : opts.seeds ? "seeds" : opts.seed === undefined ? opts.set : "seed"
        if (opts.dir) {
            const skipped: string[] = []
            jobs = dirJobs(opts.dir, skipped)
            if (opts.category) jobs = jobs.filter(j => j.category === opts.category)
            process.stderr.write(`bench: ${jobs.length} cases from ${opts.dir}\n`)
            if (skipped.length > 0) process.stderr.write(`bench: ${skipped.length} trace(s) without a CASE.truth.json, not scored: ${skipped.join(", ")}\n`)
        } else if (opts.seeds) {
            jobs = []
            for (const s of opts.seeds) {
                for (const j of simJobs(s, opts.count, opts.quick, opts.category)) {
                    runOf.set(j.id, s)
                    jobs.push(j)
                }
            }
            console.log(`bench: seeds ${opts.seeds.join(", ")}: ${jobs.length} simulated cases${opts.quick ? " (quick)" : ""}, ${opts.count} from each (case seeds caseSeed(SEED, 0..${opts.count - 1}))`)
        } else {
            jobs = simJobs(seed, opts.count, opts.quick, opts.category)
            console.log(`bench: set ${set}, seed ${seed}: ${jobs.length} simulated cases${opts.quick ? " (quick)" : ""}, case seeds caseSeed(${seed}, 0..${jobs.length - 1})`)
        }
        if (jobs.length === 0) throw new Error("no cases to score" + (opts.category ? ` in category ${opts.category}` : ""))
        const ov = Object.keys(opts.override)
        if (ov.length > 0) {
            for (const j of jobs) j.overrides = opts.override
            console.log(`bench: settings overridden on every level: ${ov.map(k => k + "=" + opts.override[k]).join(", ")}`)
        }
        if (opts.misses) for (const j of jobs) j.misses = true
        if (opts.latency) for (const j of jobs) j.latency = true
        if (opts.blame) for (const j of jobs) j.blame = true
        const missList: { id: string; rows: MissRow[] }[] = []
        const latencyList: { id: string; rows: LatencyRow[] }[] = []
        const blameList: { id: string; rows: BlameRow[] }[] = []
        const book = new ScoreBook()
        const view = opts.by === "category" ? book : new ScoreBook()
        // one book per run, in the order the seeds were given
        const runs: [number, ScoreBook][] = (opts.seeds ?? []).map(s => [s, new ScoreBook()])
        const bookOf = new Map<number, ScoreBook>(runs)
        const lines: CaseLine[] = []
        const bar = new cliProgress.SingleBar({ stream: process.stderr, format: "bench [{bar}] {value}/{total} cases {eta_formatted}" }, cliProgress.Presets.shades_classic)
        bar.start(jobs.length, 0)
        await runPool(new URL("./lib/bench-worker.ts", import.meta.url), jobs, opts.threads, (r: CaseResult) => {
            book.add(r.category, r.score)
            if (view !== book) view.add(GROUPS[opts.by](r), r.score)
            if (opts.seeds) bookOf.get(runOf.get(r.id)).add(r.category, r.score)
            lines.push(caseLine(r))
            if (r.misses) missList.push({ id: r.id, rows: r.misses })
            if (r.latency) latencyList.push({ id: r.id, rows: r.latency })
            if (r.blame) blameList.push({ id: r.id, rows: r.blame })
            bar.increment()
        })
        bar.stop()
        lines.sort((a, b) => a.id.localeCompare(b.id, "en", { numeric: true }))
        console.log(benchTable(view, opts.by))
        if (opts.seeds) console.log("each run:\n" + runTable(runs.map(([s, b]) => [s, figures(b.total)]), figures(book.total)))
        console.log(worstCases(lines))
        console.log(causeTable(lines))
        console.log("targets over all the cases above (met is judged on the figure; the interval says how sure it is):\n" + targetTable(targetRows(book.total)))
        const blame = opts.blame ? inCaseOrder(blameList) : null
        if (blame) console.log(BLAME_TITLE + "\n" + blameTable(blame, BLAME_WINDOWS))
        if (before) console.log(comparisonText(opts.compare, compareCases(before.cases, lines, opts.seeds ? id => runOf.get(id) : undefined)))
        const oneRun = opts.dir || opts.seeds ? null : { first: seed, count: jobs.length }
        if (opts.misses) {
            const rows = inCaseOrder(missList)
            writeFileSync(opts.misses, csvText(MISS_COLUMNS, rows))
            const col = MISS_COLUMNS.indexOf("status")
            const n = (status: string) => rows.filter(r => r[col] === status).length
            process.stderr.write(`bench: ${rows.length} rows in ${opts.misses}: ${n("missed")} missed, ${n("wrong_player")} for another player, ${n("false")} false\n`)
        }
        if (opts.latency) {
            const rows = inCaseOrder(latencyList)
            writeFileSync(opts.latency, csvText(LATENCY_COLUMNS, rows))
            process.stderr.write(latencySummary(rows, opts.latency, COLLAPSE_P95_MS) + "\n")
        }
        if (opts.json) {
            const info = { set, seeds: oneRun, quick, dir: opts.dir ?? null, overrides: opts.override }
            const json = benchJson(book, info, lines, runs)
            if (blame) json.blame = blame
            writeFileSync(opts.json, JSON.stringify(json, null, 2) + "\n")
        }
    })

await runProgram(program, "bench", 1)
