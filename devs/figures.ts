/**
 * `npm run figures [-- --check] [--keep DIR | --from DIR] [--readme FILE] [--threads N]`
 * Runs every benchmark the README quotes (devs/lib/figures.ts, FIGURE_RUNS: the reporting set, the held-out
 * seeds, the three training pools, the forced LIBRIUM cases; 8-15 minutes on 2 cores), renders the README's
 * generated blocks from their JSON and writes them in. --check writes nothing and exits 1 if a block would
 * change; --keep keeps each run's JSON and terminal output in DIR; --from renders from such a folder without
 * running anything (a run's JSON that is missing or another run's is refused, naming it).
 */
import { spawnSync } from "node:child_process"
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { availableParallelism, tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Command } from "commander"
import type { BenchJson } from "./lib/bench-report.ts"
import { BLOCKS, checkBlocks, FIGURE_RUNS, fillBlocks, renderBlocks, runProblem, Runs } from "./lib/figures.ts"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")

interface Opts {
    check: boolean
    keep?: string
    from?: string
    readme: string
    threads: number
}

/** runs one benchmark, its JSON and terminal output into `dir`; its progress bar on this terminal */
function bench(dir: string, name: string, args: string[], threads: number): void {
    const out = openSync(join(dir, name + ".out"), "w")
    const cmd = [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "devs/bench.ts"), ...args, "--threads", String(threads), "--json", join(dir, name + ".json")]
    const r = spawnSync(process.execPath, cmd, { cwd: root, stdio: ["ignore", out, "inherit"] })
    closeSync(out)
    if (r.status !== 0) throw new Error(`npm run bench -- ${args.join(" ")} failed (exit ${r.status ?? r.signal}); its output: ${join(dir, name + ".out")}`)
}

/** each run's JSON from `dir`, checked to be that run's */
function readRuns(dir: string): Runs {
    const runs: Runs = {}
    for (const r of FIGURE_RUNS) {
        const file = join(dir, r.name + ".json")
        if (!existsSync(file)) throw new Error(`${file}: missing (npm run bench -- ${r.args.join(" ")} --json ${file})`)
        let json: BenchJson
        try {
            json = JSON.parse(readFileSync(file, "utf8"))
        } catch (e) {
            throw new Error(`${file}: not JSON (${(e as Error).message})`)
        }
        const problem = runProblem(r, json)
        if (problem) throw new Error(`${file} ${problem}: it is not the run of npm run bench -- ${r.args.join(" ")}`)
        runs[r.name] = json
    }
    return runs
}

const program = new Command()
    .name("figures")
    .description("run the benchmarks the README quotes and write its generated blocks from their figures")
    .option("--check", "write nothing; exit 1 if a block would change", false)
    .option("--keep <dir>", "keep each run's JSON and output in this folder (made if missing)")
    .option("--from <dir>", "render from the runs' JSON in this folder (a --keep folder) without running anything")
    .option("--readme <file>", "the README to fill", join(root, "README.md"))
    .option("--threads <n>", "worker threads per benchmark run", v => parseInt(v, 10), Math.min(2, availableParallelism()))
    .action((opts: Opts) => {
        if (opts.keep && opts.from) throw new Error("--keep and --from go one at a time")
        const readme = readFileSync(opts.readme, "utf8")
        // the README's blocks are checked before a quarter of an hour of runs, not after
        checkBlocks(readme, Object.keys(BLOCKS))
        let dir = opts.from
        if (!dir) {
            dir = opts.keep ?? mkdtempSync(join(tmpdir(), "librium-figures-"))
            mkdirSync(dir, { recursive: true })
            FIGURE_RUNS.forEach((r, i) => {
                process.stderr.write(`figures: run ${i + 1} of ${FIGURE_RUNS.length}, ${r.name}: npm run bench -- ${r.args.join(" ")}\n`)
                bench(dir, r.name, r.args, opts.threads)
            })
        }
        const runs = readRuns(dir)
        if (!opts.from && !opts.keep) rmSync(dir, { recursive: true })
        // read again: the README may have been edited while the runs ran
        const filled = fillBlocks(readFileSync(opts.readme, "utf8"), renderBlocks(runs))
        const names = filled.changed.join(", ")
        if (opts.check) {
            console.log(filled.changed.length === 0 ? `${opts.readme}: every block is up to date` : `${opts.readme}: out of date: ${names}`)
            process.exit(filled.changed.length === 0 ? 0 : 1)
        }
        if (filled.changed.length > 0) writeFileSync(opts.readme, filled.text)
        console.log(filled.changed.length === 0 ? `${opts.readme}: every block was up to date` : `${opts.readme}: rewrote ${names}`)
    })

program.exitOverride(err => process.exit(err.exitCode === 0 ? 0 : 2))
try {
    program.parse()
} catch (e) {
    process.stderr.write("figures: " + (e as Error).message + "\n")
    process.exit(1)
}
