/**
 * `npm run fuzz [-- --seconds N --seed N --only TEXT --big-mb N]`: the long
 * version of the host-path hardening tests. Runs every property of
 * test/node/fuzz/properties.ts in rounds with fresh seeds until the time is
 * up, then streams a large generated trace (default 1 GB) through
 * `npm run replay` and checks that memory stays bounded and that a bad last
 * line is still named. A failure prints the seed and the counterexample to
 * re-run (`--seed N --only TEXT`), exit code 1.
 */
import { Command } from "commander"
import { SingleBar, Presets } from "cli-progress"
import fc from "fast-check"
import { HOST_PROPERTIES } from "../test/node/fuzz/properties.ts"
import { replayBigTrace } from "../test/node/fuzz/bigtrace.ts"

export const FUZZ_DEFAULTS = {
    seconds: 300,
    /** runs per property per round */
    runs: 200,
    big_mb: 1024,
    /** the replay of the big trace must stay under this resident size */
    big_rss_mb: 300,
}

const opts = new Command()
    .name("npm run fuzz --")
    .description("fuzz the trace reader, the replay command, the logger's line cleaner and the settings decoders")
    .option("--seconds <n>", "time for the property rounds", String(FUZZ_DEFAULTS.seconds))
    .option("--seed <n>", "first seed (default: from the clock)")
    .option("--only <text>", "only the properties whose name contains this")
    .option("--big-mb <n>", "size of the streamed trace for replay, MB (0: skip)", String(FUZZ_DEFAULTS.big_mb))
    .parse()
    .opts()

const seconds = Number(opts.seconds)
let seed = opts.seed !== undefined ? Number(opts.seed) : Date.now() % 1e9
const props = HOST_PROPERTIES.filter(p => !opts.only || p.name.includes(opts.only))
if (!(seconds >= 0) || !Number.isInteger(seed) || props.length === 0) {
    process.stderr.write("fuzz: --seconds must be a number, --seed a whole number, --only must match a property\n")
    process.exit(2)
}

const runs = new Map(props.map(p => [p.name, 0]))
const bar = new SingleBar({ format: "fuzz [{bar}] {percentage}% | {value}/{total} s | {runs} runs | seed {seed}", hideCursor: true }, Presets.shades_classic)
const t0 = Date.now()
bar.start(Math.max(1, seconds), 0, { runs: 0, seed })
let failed = false
let total = 0
while (!failed && (Date.now() - t0) / 1000 < seconds) {
    for (const p of props) {
        const r = await fc.check(p.property, { seed, numRuns: FUZZ_DEFAULTS.runs, endOnFailure: true })
        runs.set(p.name, runs.get(p.name) + r.numRuns)
        total += r.numRuns
        if (r.failed) {
            bar.stop()
            const err = r.errorInstance instanceof Error ? r.errorInstance.message : String(r.errorInstance)
            console.log(`\nFAIL ${p.name}\n  seed ${seed} (re-run: npm run fuzz -- --seed ${seed} --only "${p.name.slice(0, 20)}")\n  ${err}\n  counterexample: ${fc.stringify(r.counterexample).slice(0, 2000)}`)
            failed = true
            break
        }
        bar.update(Math.min(seconds, Math.round((Date.now() - t0) / 1000)), { runs: total, seed })
    }
    seed++
}
if (!failed) bar.update(Math.max(1, seconds), { runs: total, seed })
bar.stop()
console.log("\nproperty               runs")
for (const [name, n] of runs) console.log(`${String(n).padStart(8)}  ${name}`)

const bigMb = Number(opts.bigMb)
if (!failed && bigMb > 0) {
    const big = new SingleBar({ format: "replay of a {mb} MB trace [{bar}] {percentage}% | RSS {rss} MB", hideCursor: true }, Presets.shades_classic)
    big.start(100, 0, { mb: bigMb, rss: 0 })
    const r = await replayBigTrace(bigMb * 1e6, (done, rss) => big.update(Math.floor(done * 100), { mb: bigMb, rss: Math.round(rss / 1e6) }))
    big.stop()
    console.log(`replay of ${bigMb} MB (${r.lines} lines, bad last line): exit ${r.code}, max RSS ${Math.round(r.maxRss / 1e6)} MB, ${r.seconds.toFixed(1)} s`)
    console.log(`  stderr: ${r.stderr.trim()}`)
    if (!r.ok) {
        console.log("FAIL " + r.problem)
        failed = true
    } else if (r.maxRss > FUZZ_DEFAULTS.big_rss_mb * 1e6) {
        console.log(`FAIL the replay's resident size reached ${Math.round(r.maxRss / 1e6)} MB (bound ${FUZZ_DEFAULTS.big_rss_mb} MB)`)
        failed = true
    }
}
console.log(failed ? "fuzz: FAILED" : "fuzz: no failure")
process.exit(failed ? 1 : 0)
