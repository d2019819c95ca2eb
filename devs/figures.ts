/**
 * `npm run figures [-- --check] [--keep DIR | --from DIR] [--readme FILE] [--threads N]`
 * Runs every benchmark the README quotes (devs/lib/figures.ts, FIGURE_RUNS: the reporting set, the held-out
 * seeds, the three training pools (with --blame), the forced LIBRIUM cases, and `npm run hands`; about 15 minutes on 2 cores), renders the README's
 * generated blocks from their JSON and writes them in. --check writes nothing and exits 1 if a block would
 * change (the replay speed's aside: the machine's); --keep keeps each run's JSON and terminal output in DIR; --from renders from such a folder without
 * running anything (a run's JSON that is missing or another run's is refused, naming it).
 */
import { spawnSync } from "node:child_process"
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { availableParallelism, tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Command } from "commander"
import { runProgram, wholeNumber } from "./lib/cli.ts"
import { BLOCKS, checkBlocks, FIGURE_RUNS, FigureRun, fillBlocks, renderBlocks, runProblem, Runs, VOLATILE } from "./lib/figures.ts"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")

interface Opts {
    check: boolean
    keep?: string
    from?: string
    readme: string
    threads: number
}

/** a run's command, as a user would type it */
const invocation = (r: FigureRun) => `npm run ${r.tool} -- ${r.args.join(" ")}`

/** runs one tool, its JSON and terminal output into `dir`; its progress bar on this terminal */
function runOne(dir: string, r: FigureRun, threads: number): void {
    const out = openSync(join(dir, r.name + ".out"), "w")
    const threadArgs = r.tool === "bench" ? ["--threads", String(threads)] : []
    const cmd = [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "devs", r.tool + ".ts"), ...r.args, ...threadArgs, "--json", join(dir, r.name + ".json")]
    const res = spawnSync(process.execPath, cmd, { cwd: root, stdio: ["ignore", out, "inherit"] })
    closeSync(out)
    if (res.status !== 0) throw new Error(`${invocation(r)} failed (exit ${res.status ?? res.signal}); its output: ${join(dir, r.name + ".out")}`)
}

/** each run's JSON from `dir`, checked to be that run's */
function readRuns(dir: string): Runs {
    const runs: Runs = {}
    for (const r of FIGURE_RUNS) {
        const file = join(dir, r.name + ".json")
        if (!existsSync(file)) throw new Error(`${file}: missing (${invocation(r)} --json ${file})`)
        let json: Runs[string]
        try {
            json = JSON.parse(readFileSync(file, "utf8"))
        } catch (e) {
            throw new Error(`${file}: not JSON (${(e as Error).message})`)
        }
        const problem = runProblem(r, json)
        if (problem) throw new Error(`${file} ${problem}: it is not the run of ${invocation(r)}`)
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
    .option("--threads <n>", "worker threads per benchmark run", wholeNumber(1, 64), Math.min(2, availableParallelism()))
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
                process.stderr.write(`figures: run ${i + 1} of ${FIGURE_RUNS.length}, ${r.name}: ${invocation(r)}\n`)
                runOne(dir, r, opts.threads)
            })
        }
        const runs = readRuns(dir)
        if (!opts.from && !opts.keep) rmSync(dir, { recursive: true })
        // read again: the README may have been edited while the runs ran
        const filled = fillBlocks(readFileSync(opts.readme, "utf8"), renderBlocks(runs))
        const names = filled.changed.join(", ")
        if (opts.check) {
            const stale = filled.changed.filter(n => VOLATILE.indexOf(n) < 0)
            const moved = filled.changed.filter(n => VOLATILE.indexOf(n) >= 0)
            const note = moved.length > 0 ? ` (${moved.join(", ")} moved: the machine's, not counted)` : ""
            console.log((stale.length === 0 ? `${opts.readme}: every block is up to date` : `${opts.readme}: out of date: ${stale.join(", ")}`) + note)
            process.exit(stale.length === 0 ? 0 : 1)
        }
        if (filled.changed.length > 0) writeFileSync(opts.readme, filled.text)
        console.log(filled.changed.length === 0 ? `${opts.readme}: every block was up to date` : `${opts.readme}: rewrote ${names}`)
    })

await runProgram(program, "figures", 1)
