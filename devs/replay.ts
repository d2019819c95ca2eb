/**
 * `npm run --silent replay -- FILE.csv`: replay a trace through the referee
 * (the same core source as the firmware) and print its events as JSON Lines
 * on stdout, nothing else. A malformed or missing file: a message on stderr
 * naming the file, the line and the problem, exit code 2.
 * Samples stream (constant memory); the events (a few per turn, not per
 * sample) are held until the whole file has parsed, so a file that turns out
 * malformed leaves stdout empty.
 */
import { Command } from "commander"
import { formatEvent } from "../src/core/trace.ts"
import { replayTrace, TraceFileError } from "./lib/trace-file.ts"

const program = new Command()
    .name("replay")
    .description("replay a trace (CSV, trace format v1) through the referee; events as JSON Lines on stdout")
    .argument("<file>", "trace file (*.csv)")
    .action(async (file: string) => {
        const lines: string[] = []
        try {
            await replayTrace(file, e => lines.push(formatEvent(e)))
        } catch (e) {
            if (!(e instanceof TraceFileError)) throw e
            process.stderr.write("replay: " + e.message + "\n")
            process.exitCode = 2
            return
        }
        if (lines.length > 0) await new Promise<void>(resolve => process.stdout.write(lines.join("\n") + "\n", () => resolve()))
    })
program.exitOverride(err => process.exit(err.exitCode === 0 ? 0 : 2))
await program.parseAsync()
