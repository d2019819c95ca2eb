/**
 * `npm run rig -- FILE.csv [--rest FROM-TO] [--json OUT]`: a recorded rig's trace (`npm run log`) measured against
 * the rigs the benchmark simulated (devs/lib/rig-check.ts): sensor rates and lost rows, noise, bias, drift and
 * spikes where the rig stands still, the accelerometer's 1 g, the cards' mass as the referee weighed them. Each
 * check says whether the rig is inside the simulated range and, when not, what usually causes it.
 * Exit 0 when every check measured is inside, 1 when one is outside, 2 for a file that cannot be read (its line named).
 */
import { writeFileSync } from "node:fs"
import { Command } from "commander"
import { runProgram } from "./lib/cli.ts"
import { settingsFor } from "../src/core/config.ts"
import { RigMeter, rigChecks } from "./lib/rig-check.ts"
import { replayTrace, TraceFileError } from "./lib/trace-file.ts"
import { formatTable } from "./lib/table.ts"
import { outFolderProblem } from "./lib/out-file.ts"

/** "FROM-TO" in seconds of trace time */
function parseRest(text: string): { from: number; to: number } {
    const m = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(text)
    if (!m || !(Number(m[2]) > Number(m[1]))) throw new Error(`--rest ${text}: expected FROM-TO in seconds of trace time, FROM before TO (e.g. 0-30)`)
    return { from: Number(m[1]) * 1000, to: Number(m[2]) * 1000 }
}

const program = new Command()
    .name("npm run rig --")
    .description("measure a recorded rig's trace against the rigs the benchmark simulated")
    .argument("<file>", "trace file (*.csv), e.g. from npm run log")
    .option("--rest <from-to>", "the stretch where the rig stands still, seconds of trace time (default: the longest still stretch found)")
    .option("--json <file>", "write the checks as JSON")
    .action(async (file: string, o: { rest?: string; json?: string }) => {
        const rest = o.rest ? parseRest(o.rest) : null
        if (o.json) {
            const p = outFolderProblem("--json", o.json)
            if (p) throw new Error(p)
        }
        const meter = new RigMeter()
        let shown = Date.now()
        let rows = 0
        const info = await replayTrace(file, e => meter.event(e), s => {
            meter.add(s)
            rows++
            // a long trace takes seconds: say how far the replay is
            if ((rows & 4095) === 0 && Date.now() - shown > 2000) {
                shown = Date.now()
                process.stderr.write(`rig: ${rows} rows read, ${(s.t_ms / 1000).toFixed(0)} s of trace\n`)
            }
        })
        if (info.rows === 0) throw new TraceFileError(file, null, "no rows to measure")
        if (rest && rest.from >= info.lastT_ms) throw new Error(`--rest ${o.rest}: the trace ends at ${(info.lastT_ms / 1000).toFixed(1)} s`)
        if (rest) rest.to = Math.min(rest.to, info.lastT_ms)
        const level = info.config.difficulty
        const r = rigChecks(meter, settingsFor(level), rest)
        console.log(`rig: ${file}: ${info.rows} rows, ${(info.lastT_ms / 1000).toFixed(1)} s, level ${level}; against the simulated rigs of the benchmark`)
        console.log(formatTable(["check", "measured", "simulated", "verdict", "note"], r.checks.map(c => [c.name, c.measured, c.simulated, c.verdict, c.note]), true))
        const outside = r.checks.filter(c => c.verdict === "outside")
        console.log(outside.length === 0 ? "every check measured is inside the simulated range: the benchmark's figures speak for this rig" : `outside the simulated range: ${outside.map(c => c.name).join(", ")} (the benchmark's figures say nothing about this rig there)`)
        if (o.json) writeFileSync(o.json, JSON.stringify({ file, rows: info.rows, level, still: r.still, hanger_g: r.hanger_g, checks: r.checks }, null, 2) + "\n")
        process.exitCode = outside.length === 0 ? 0 : 1
    })

await runProgram(program, "rig", 2)
