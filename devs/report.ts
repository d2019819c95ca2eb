/**
 * `npm run report -- FILE.csv [--events FILE.jsonl] [--truth FILE.truth.json] [--out report.html]`
 * One self-contained HTML page: load, tilt and swing/spin on a shared,
 * zoomable time axis with the referee's calls (and the truth's events) marked,
 * and a summary of the game. Without --events the trace is replayed here.
 */
import { writeFileSync } from "node:fs"
import { Command } from "commander"
import { collectReport } from "./lib/report-data.ts"
import { renderPage } from "./lib/report-page.ts"
import { TraceFileError } from "./lib/trace-file.ts"
import { outFolderProblem } from "./lib/out-file.ts"

interface Opts {
    events?: string
    truth?: string
    out?: string
}

const program = new Command()
    .name("report")
    .description("an HTML report of one trace: signals, the referee's calls, the truth's events, a game summary")
    .argument("<file>", "trace file (*.csv)")
    .option("--events <file>", "the referee's events (JSON Lines); default: replay the trace")
    .option("--truth <file>", "ground truth (*.truth.json): marks matched, missed and false calls")
    .option("--out <file>", "the page to write (default: the trace's name with .html)")
    .action(async (file: string, opts: Opts) => {
        const out = opts.out ?? file.replace(/\.csv$/i, "") + ".html"
        const problem = outFolderProblem("--out", out)
        if (problem) {
            process.stderr.write("report: " + problem + "\n")
            process.exitCode = 2
            return
        }
        try {
            const data = await collectReport({ trace: file, events: opts.events, truth: opts.truth })
            writeFileSync(out, renderPage(data))
            process.stderr.write(`report: wrote ${out} (${data.calls.length} calls${data.truth ? `, ${data.truth.length} truth events` : ""})\n`)
        } catch (e) {
            if (!(e instanceof TraceFileError)) throw e
            process.stderr.write("report: " + e.message + "\n")
            process.exitCode = 2
        }
    })
program.exitOverride(err => process.exit(err.exitCode === 0 ? 0 : 2))
await program.parseAsync()
