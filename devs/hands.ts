// `npm run hands [-- --seed N] [--count N] [--category NAME] [--dir DIR] [--json OUT]`
// What the IMU shows of each hand (devs/lib/hands.ts), in a seeded run of simulated cases or in a folder of traces
// with their truth (CASE.csv + CASE.truth.json, as bench --dir: a recorded rig whose hands were written down): the
// highest push the touch detector saw while a placer's slotting hand, a touch on the structure or a touch on the
// hanger was there, as a share of the push cue's line, per group; and how many of each group's hands pushed
// harder than the slotting hands' 95th and 99th percentile (what a push line lowered that far would catch, against
// the 5 or 1 % of slotting hands whose push would pass it). The default is the training seed: the figures may
// choose a change.
import { writeFileSync } from "node:fs"
import { Command } from "commander"
import cliProgress from "cli-progress"
import { CATEGORIES } from "../src/sim/cases.ts"
import { pushMargin_dpss } from "../src/core/referee/detectors/touch.ts"
import { CaseJob, dirJobs, loadCase, simJobs } from "./lib/bench-cases.ts"
import { handFigures, handTable, handWindows, HandWindow, unlisted, WindowPeaks } from "./lib/hands.ts"
import { outFolderProblem } from "./lib/out-file.ts"
import { MATCH_DEFAULTS } from "./lib/match.ts"
import { MAX_SEED } from "./lib/cli.ts"

const program = new Command()
    .name("hands")
    .description("what the IMU shows of each hand: the touch detector's peak push over its line, slotting hands against touches")
    .option("--seed <n>", "first seed of the run (case seeds derive from it and the case index; default: the training seed)", "1000")
    .option("--count <n>", "number of simulated cases", "450")
    .option("--category <name>", "only cases of this category: " + CATEGORIES.join(", "))
    .option("--dir <dir>", "the traces of a folder (CASE.csv + CASE.truth.json) instead of simulated cases")
    .option("--json <file>", "write the figures as JSON")
    .parse()
const o = program.opts()
const seed = Number(o.seed)
const count = Number(o.count)
if (!Number.isInteger(seed) || seed < 1 || seed > MAX_SEED) program.error(`--seed must be a whole number from 1 to ${MAX_SEED}`)
if (!Number.isInteger(count) || count < 1) program.error("--count must be a whole number >= 1")
if (o.category !== undefined && !o.dir && CATEGORIES.indexOf(o.category) < 0) program.error(`unknown --category "${o.category}" (one of: ${CATEGORIES.join(", ")})`)
if (o.json) {
    const p = outFolderProblem("--json", o.json)
    if (p) program.error(p)
}

let jobs: CaseJob[]
let source: string
if (o.dir) {
    const skipped: string[] = []
    try {
        jobs = dirJobs(o.dir, skipped)
    } catch (e) {
        program.error(`--dir ${(e as Error).message}`)
    }
    if (o.category !== undefined) jobs = jobs.filter(j => j.category === o.category)
    if (skipped.length > 0) process.stderr.write(`hands: ${skipped.length} trace(s) without a CASE.truth.json, left out: ${skipped.join(", ")}\n`)
    source = `${jobs.length} traces from ${o.dir}`
} else {
    jobs = simJobs(seed, count, false, o.category)
    source = `seed ${seed}, ${count} simulated cases`
}
if (o.category !== undefined) source += " of " + o.category

const all: HandWindow[] = []
const left = { touches: 0 }
const bar = new cliProgress.SingleBar({ stream: process.stderr, format: "hands [{bar}] {value}/{total} cases {eta_formatted}" }, cliProgress.Presets.shades_classic)
bar.start(jobs.length, 0)
for (const job of jobs) {
    let c
    try {
        c = await loadCase(job)
    } catch (e) {
        bar.stop()
        program.error(`${job.id}: ${(e as Error).message}`)
    }
    const windows = handWindows(c.truth, left)
    if (windows.length > 0) {
        const peaks = new WindowPeaks(windows)
        c.samples.replay(c.config, undefined, undefined, (t, ref) => {
            const sig = ref.sig
            // the push cue's own terms: the detectors judging (a round in play), no sensor in fault, a tare taken
            if (!ref.judging || !sig.imuOk || !sig.loadOk || sig.ref_g !== sig.ref_g) return
            const s = ref.settings.touch
            const spin = pushMargin_dpss(s, sig, true) / s.spin_push_dpss
            const swing = pushMargin_dpss(s, sig, false) / s.swing_push_dpss
            peaks.step(t, spin > swing ? spin : swing)
        })
        all.push(...windows)
    }
    bar.increment()
}
bar.stop()
const figs = handFigures(all)
const other = unlisted(all)
console.log(`hands: ${source}; the touch detector's peak push while each hand was there, in play, over its line (over 1: the push cue's condition)`)
console.log(handTable(figs))
console.log("slotting: a placer's hand from its start to the card's weight fully on, none met by a touch, collapse, fallen card or bump;")
console.log(`touch: from the hand's start to ${MATCH_DEFAULTS.touchAfterEnd_ms} ms after its end, none meeting a slotting hand (${left.touches} left out); hanger touches by vertical force, g`)
for (const g of Object.keys(other)) console.log(`${other[g]} hands in no group: ${g} (the truth lacks a target, class or vertical force)`)
const json = { seed: o.dir ? null : seed, count: jobs.length, dir: o.dir ?? null, category: o.category ?? null, touches_left_out: left.touches, unlisted: other, groups: figs }
if (o.json) writeFileSync(o.json, JSON.stringify(json, null, 1) + "\n")
