/**
 * `npm run bench [-- --dir DIR | --set test|train --seed N --count N] [--category C] [--json OUT]`
 * Replays a set of cases through the referee in worker threads, scores the
 * calls against the ground truth (devs/lib/match.ts) and prints one table
 * (per category and total) on stdout; --json writes the same figures.
 */
import { writeFileSync } from "node:fs"
import { availableParallelism } from "node:os"
import { Command, Option } from "commander"
import cliProgress from "cli-progress"
import { CaseJob, CaseResult, dirJobs } from "./lib/bench-cases.ts"
import { benchJson, benchTable } from "./lib/bench-report.ts"
import { runPool } from "./lib/pool.ts"
import { ScoreBook } from "./lib/score.ts"

interface Opts {
    dir?: string
    set: string
    seed?: number
    count: number
    category?: string
    quick: boolean
    json?: string
    threads: number
}

const program = new Command()
    .name("bench")
    .description("detection benchmark: replay cases through the referee and score the calls against the ground truth")
    .option("--dir <dir>", "score the traces of a folder (CASE.csv + CASE.truth.json) instead of generating cases")
    .option("--category <name>", "only cases of this category")
    .option("--json <file>", "write the figures as JSON")
    .option("--threads <n>", "worker threads", v => parseInt(v, 10), Math.min(2, availableParallelism()))
    .action(async (opts: Opts) => {
        let jobs: CaseJob[] = dirJobs(opts.dir)
        if (opts.category) jobs = jobs.filter(j => j.category === opts.category)
        if (jobs.length === 0) throw new Error("no cases to score" + (opts.category ? ` in category ${opts.category}` : ""))
        process.stderr.write(`bench: ${jobs.length} cases from ${opts.dir}\n`)
        const book = new ScoreBook()
        const bar = new cliProgress.SingleBar({ stream: process.stderr, format: "bench [{bar}] {value}/{total} cases {eta_formatted}" }, cliProgress.Presets.shades_classic)
        bar.start(jobs.length, 0)
        await runPool(new URL("./lib/bench-worker.ts", import.meta.url), jobs, opts.threads, (r: CaseResult) => {
            book.add(r.category, r.score)
            bar.increment()
        })
        bar.stop()
        console.log(benchTable(book))
        if (opts.json) writeFileSync(opts.json, JSON.stringify(benchJson(book, "dir", null, opts.dir), null, 2) + "\n")
    })

program.exitOverride(err => process.exit(err.exitCode === 0 ? 0 : 2))
try {
    await program.parseAsync()
} catch (e) {
    process.stderr.write("bench: " + (e as Error).message + "\n")
    process.exit(1)
}
