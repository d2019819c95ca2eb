// `npm run sim -- --out DIR --seed N [--count N] [--category NAME] [--quick]`
// `npm run sim -- --out DIR --case SEED-INDEX-CATEGORY [...] [--quick]`
// Writes DIR/CASE.csv (a trace, shared/spec/trace-format.md), DIR/CASE.truth.json
// and DIR/index.json. Same seed -> byte-identical files. Progress on stderr.
// --case writes just the benchmark's cases of those ids (as `npm run bench` and its
// --misses list name them), each as DIR/ID.csv, so a case from the list can be plotted.
import { Command } from "commander"
import cliProgress from "cli-progress"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Sample } from "../src/core/sample.ts"
import { formatHeader, formatMeta, formatRow } from "../src/core/trace.ts"
import { CATEGORIES, caseMetaExtra, caseSeed, makeCase } from "../src/sim/cases.ts"
import { RigSim, SIM_T_DECIMALS, simEnd_ms, simTruth } from "../src/sim/rigsim.ts"
import { DIRECTOR } from "../src/sim/director.ts"

const program = new Command()
    .name("sim")
    .description("simulate instrumented Librium rigs: traces with ground truth")
    .requiredOption("--out <dir>", "output folder")
    .option("--seed <n>", "run seed (case seeds derive from it and the case index)", "1")
    .option("--count <n>", "number of cases", "15")
    .option("--category <name>", "one category for every case (default: cycle through all): " + CATEGORIES.join(", "))
    .option("--case <id...>", "only these benchmark cases, by the id bench gives them (SEED-INDEX-CATEGORY, e.g. 1000-235-librium; add --quick for a --quick run's)")
    .option("--quick", "short cases (under a minute)", false)
    .parse()
const o = program.opts()
const seed = Number(o.seed)
const count = Number(o.count)
if (!Number.isInteger(seed)) program.error("--seed must be a whole number")
if (!Number.isInteger(count) || count < 1) program.error("--count must be a whole number >= 1")
if (o.category && CATEGORIES.indexOf(o.category) < 0) program.error(`unknown --category "${o.category}" (one of: ${CATEGORIES.join(", ")})`)

/** what to write: a case's seed and category, and for a --case its id (its file name) */
interface Job {
    seed: number
    category: string
    id?: string
}
const jobs: Job[] = []
if (o.case) {
    for (const id of o.case as string[]) {
        const m = /^(\d+)-(\d+)-([a-z_]+)$/.exec(id)
        if (!m) program.error(`--case ${id}: expected SEED-INDEX-CATEGORY, as bench names its cases (e.g. 1000-235-librium)`)
        if (CATEGORIES.indexOf(m[3]) < 0) program.error(`--case ${id}: unknown category "${m[3]}" (one of: ${CATEGORIES.join(", ")})`)
        jobs.push({ seed: caseSeed(Number(m[1]), Number(m[2])), category: m[3], id: id })
    }
} else {
    for (let i = 0; i < count; i++) jobs.push({ seed: caseSeed(seed, i), category: o.category ?? CATEGORIES[i % CATEGORIES.length] })
}

mkdirSync(o.out, { recursive: true })
const bar = new cliProgress.SingleBar({ stream: process.stderr, format: "sim [{bar}] {value}/{total} cases | {rows} rows | {rate} rows/s" }, cliProgress.Presets.shades_classic)
bar.start(jobs.length, 0, { rows: 0, rate: 0 })
const index: object[] = []
const s = new Sample()
let totalRows = 0
const t0 = Date.now()
for (let i = 0; i < jobs.length; i++) {
    const category = jobs[i].category
    const cs = jobs[i].seed
    const spec = makeCase(cs, category, { quick: !!o.quick })
    const sim = new RigSim(spec, DIRECTOR)
    const rows: string[] = []
    while (sim.next(s)) rows.push(formatRow(s, SIM_T_DECIMALS))
    // a run's cases are numbered and named by category and level; a --case keeps its id
    const name = jobs[i].id ?? `${String(i).padStart(3, "0")}-${category}-${spec.config.difficulty}`
    const head = [formatMeta(spec.config, "sim", caseMetaExtra(sim)), formatHeader()]
    writeFileSync(join(o.out, name + ".csv"), head.concat(rows).join("\n") + "\n")
    const truth = simTruth(sim)
    writeFileSync(join(o.out, name + ".truth.json"), JSON.stringify(truth, null, 1) + "\n")
    index.push({ name, category, difficulty: spec.config.difficulty, seed: cs, duration_ms: simEnd_ms(sim), rows: rows.length, config: spec.config, params: spec.params })
    totalRows += rows.length
    bar.update(i + 1, { rows: totalRows, rate: Math.round(totalRows / Math.max(0.001, (Date.now() - t0) / 1000)) })
}
bar.stop()
writeFileSync(join(o.out, "index.json"), JSON.stringify({ seed: o.case ? null : seed, count: jobs.length, quick: !!o.quick, cases: index }, null, 1) + "\n")
