// The README's generated blocks (devs/lib/figures.ts): the markers found and filled, a run's JSON checked to be that
// run's, and each block rendered from crafted runs whose sums are known; and the README itself has every block.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { scratchDir } from "../scratch.ts"
import { BLOCKS, checkBlocks, FIGURE_RUNS, fillBlocks, findBlocks, HandsJson, renderBlocks, REPORTING_BLOCKS, runProblem, Runs, TRAINING_POOLS } from "../../../devs/lib/figures.ts"
import { BenchJson, benchJson, CaseLine } from "../../../devs/lib/bench-report.ts"
import { runTable } from "../../../devs/lib/bench-runs.ts"
import { CaseScore, emptyScore, forceTargetKind, hangerBandKind } from "../../../devs/lib/match.ts"
import { ScoreBook } from "../../../devs/lib/score.ts"

test("fillBlocks: each block's body replaced, the text around it kept, the blocks whose body changed named", () => {
    const text = "intro <!-- figures:a -->old<!-- /figures:a --> middle\n<!-- figures:b -->same<!-- /figures:b -->\nend"
    const r = fillBlocks(text, { a: "new", b: "same" })
    assert.equal(r.text, "intro <!-- figures:a -->new<!-- /figures:a --> middle\n<!-- figures:b -->same<!-- /figures:b -->\nend")
    assert.deepEqual(r.changed, ["a"])
    assert.deepEqual(fillBlocks(r.text, { a: "new", b: "same" }).changed, [], "filled again: nothing changes")
})

test("findBlocks and checkBlocks: a block never closed, opened inside another, there twice, unknown or missing is refused with its line", () => {
    assert.throws(() => findBlocks("x\n<!-- figures:a -->\nno close"), /^Error: line 2: block a is never closed \(<!-- \/figures:a -->\)/)
    assert.throws(() => findBlocks("<!-- figures:a -->\n\n<!-- figures:b --><!-- /figures:b --><!-- /figures:a -->"), /line 3: a block opens inside block a/)
    assert.throws(() => findBlocks("<!-- figures:a --><!-- /figures:a -->\n<!-- figures:a --><!-- /figures:a -->"), /line 2: block a is there twice/)
    assert.throws(() => checkBlocks("<!-- figures:a --><!-- /figures:a --><!-- figures:z --><!-- /figures:z -->", ["a"]), /blocks with no figures to fill them: z/)
    assert.throws(() => checkBlocks("<!-- figures:a --><!-- /figures:a -->", ["a", "b"]), /no block for b/)
    assert.deepEqual(checkBlocks("<!-- figures:b -->x<!-- /figures:b --><!-- figures:a --><!-- /figures:a -->", ["a", "b"]).map(b => b.name), ["b", "a"])
})

/** a case score with these counts (the rest empty) */
function score(o: { cases: number; right: number; turns?: number; wrongful?: number; collapse?: number[]; p95?: number; touch?: { [ct: string]: [number, number] }; bands?: { [cb: string]: [number, number] } }): CaseScore {
    const s = emptyScore()
    s.cases = o.cases
    s.outcome_right = o.right
    s.turns = o.turns ?? 100
    Object.assign(s.counts["out"], { calls: o.wrongful ?? 0, hits: 0 })
    const [truth, caught, calls, hits] = o.collapse ?? [0, 0, 0, 0]
    Object.assign(s.counts["collapse"], { truth, caught, calls, hits })
    if (o.p95 !== undefined) s.collapse_latency_ms.push(o.p95)
    for (const cb of Object.keys(o.bands ?? {})) {
        const [cls, band] = cb.split(" ")
        const [k, n] = o.bands[cb]
        for (const kind of [hangerBandKind(cls, band), "touch_hanger_" + band]) {
            s.counts[kind].caught += k
            s.counts[kind].truth += n
        }
    }
    s.false_calls = 1
    s.quiet_ms = 2 * 3600e3
    // an hour of game replayed in a second
    s.game_ms = 3600e3
    s.referee_ms = 1000
    for (const ct of Object.keys(o.touch ?? {})) {
        const [cls, target] = ct.split(" ")
        const [k, n] = o.touch[ct]
        for (const kind of [forceTargetKind(cls, target), "touch_" + cls, "touch_on_" + target, "touch"]) {
            s.counts[kind].caught += k
            s.counts[kind].truth += n
        }
    }
    return s
}

function line(id: string, cause: string | null): CaseLine {
    return { id, category: id.split("-")[2] ?? "game", difficulty: "easy", seed: 1, events: 1, outcome_right: cause === null, wrongful_outs: 0, false_calls: 0, missed: 0, cause, calls: "" }
}

/** a run's JSON as the benchmark writes it: one run (`--seed`), or several (`--seeds`) */
function json(runs: [number, CaseScore][], lines = [line(runs[0][0] + "-0-game", null), line(runs[0][0] + "-1-touch", null)]): BenchJson {
    const total = new ScoreBook()
    const books: [number, ScoreBook][] = runs.map(([seed, s]) => {
        const b = new ScoreBook()
        b.add("game", s)
        total.add("game", s)
        return [seed, b]
    })
    const one = runs.length === 1 ? { first: runs[0][0], count: runs[0][1].cases } : null
    return benchJson(total, { set: "seeds", seeds: one, quick: false, dir: null, overrides: {} }, lines, one ? [] : books)
}

/** a benchmark run's JSON among the runs */
const bench = (runs: Runs, name: string) => runs[name] as BenchJson

/** `npm run hands`' JSON: one group, seven touches left out */
const HANDS: HandsJson = {
    seed: 1000,
    count: 2700,
    dir: null,
    category: null,
    touches_left_out: 7,
    groups: [{ group: "slotting", n: 10, p50: 0.22, p90: 0.43, p95: 0.5, p99: 0.63, over_line: 0, over_slot_p95: 0.05, over_slot_p99: 0.01 }],
}

/** the first seeds of the sets that chose nothing */
const held = [1, 7000, 8000, 9000]

/** every run, each of its cases right but those given, with touches on the hanger and the structure */
function crafted(): Runs {
    const runs: Runs = { hands: HANDS }
    for (const r of FIGURE_RUNS) {
        if (r.tool === "hands") continue
        const s = (seed: number) =>
            score({
                cases: r.count,
                right: r.count - (seed % 7),
                wrongful: seed === 7000 ? 3 : 1,
                turns: 1000,
                collapse: [50, 49, 51, 49],
                p95: 200 + (seed % 97),
                // the forced LIBRIUM cases have no touch
                touch: r.category ? {} : { "medium hanger": [seed >= 10000 ? 8 : 3, 10], "medium structure": [9, 10] },
                // medium hanger touches by vertical force: the sets that chose nothing drew more under 2 g, and caught fewer over 5
                bands: r.category ? {} : held.indexOf(seed) >= 0 ? { "medium 0-2": [0, 5], "medium 5+": [8, 10] } : { "medium 0-2": [0, 1], "medium 5+": [9, 10] },
            })
        const lines = r.category ? [line(r.seeds[0] + "-0-" + r.category, null)] : undefined
        runs[r.name] = json(r.seeds.map(seed => [seed, s(seed)]), lines)
    }
    // where each pool's collapses and touches landed after the pass: one mover's collapse over the window (3.2 s) in the
    // second pool, one next player's touch inside its window (1.7 s) in the third
    const blame = (id: string, kind: string, who: "mover" | "next", truth_after_ms: number, ref_after_ms: number) => ({ id, kind, who, truth_after_ms, ref_after_ms })
    TRAINING_POOLS.forEach((p, i) => {
        const rows = [blame(`${p[0]}-1-game`, "collapse", "mover", 1000, 1200), blame(`${p[0]}-2-game`, "collapse", "next", 4000, 4100 + 100 * i)]
        if (i === 1) rows.push(blame(`${p[0]}-3-game`, "collapse", "mover", 2900, 3300))
        if (i === 2) rows.push(blame(`${p[0]}-3-touch`, "touch", "next", 2000, 1600))
        bench(runs, "train-" + p[0]).blame = rows
    })
    bench(runs, "reporting").cases = [line("1-0-game", "missed light hanger touch"), line("1-1-touch", null)]
    bench(runs, "train-1000").cases = [line("1000-5-game", "missed light hanger touch"), line("2000-9-game", "missed light hanger touch"), line("2000-3-game", "false collapse"), line("3000-1-touch", null)]
    return runs
}

test("runProblem: a run's own JSON passes; another run's, a --quick one, a what-if or one category's is refused saying what it holds", () => {
    const runs = crafted()
    for (const r of FIGURE_RUNS) assert.equal(runProblem(r, runs[r.name]), null, r.name)
    const held = FIGURE_RUNS.find(r => r.name === "heldout-7000")
    assert.match(runProblem(held, runs["reporting"]), /holds 1x450 \(first seed x cases\), not 7000x1350/)
    assert.match(runProblem(FIGURE_RUNS.find(r => r.name === "train-1000"), runs["train-10000"]), /holds 10000x450, 11000x450.*not 1000x450, 2000x450/)
    assert.match(runProblem(held, { ...bench(runs, "heldout-7000"), quick: true }), /--quick/)
    assert.match(runProblem(held, { ...bench(runs, "heldout-7000"), overrides: { "collapse.hold_ms": 200 } }), /overridden \(collapse\.hold_ms\)/)
    const lib = FIGURE_RUNS.find(r => r.name === "librium")
    assert.match(runProblem(lib, runs["train-1000"]), /not 1000x150/)
    assert.match(runProblem(lib, { ...bench(runs, "librium"), cases: [line("1000-0-game", null)] }), /cases of game, not only librium/)
    assert.match(runProblem(held, { ...bench(runs, "heldout-7000"), cases: [line("7000-0-librium", null)] }), /one category only \(librium\)/)
    // npm run hands' JSON: of the training seed's 2,700 cases, and not a benchmark's (nor the other way round)
    const hands = FIGURE_RUNS.find(r => r.tool === "hands")
    assert.match(runProblem(hands, { ...HANDS, count: 450 }), /holds seed 1000, 450 cases, not seed 1000, 2700 cases/)
    assert.match(runProblem(hands, { ...HANDS, dir: "traces" }), /holds traces, not seed 1000/)
    assert.match(runProblem(hands, bench(runs, "reporting")), /is not npm run hands' JSON/)
    assert.match(runProblem(held, HANDS), /is not npm run bench's JSON/)
    // the training pools carry where their collapses and touches landed after the pass (bench --blame)
    const train = FIGURE_RUNS.find(r => r.name === "train-16000")
    assert.deepEqual(train.args.slice(-1), ["--blame"])
    assert.match(runProblem(train, { ...bench(runs, "train-16000"), blame: undefined }), /was run without --blame/)
})

test("the blocks from crafted runs: pooled rows add the runs' counts, a pooled p95 is none, causes counted per seed", () => {
    const runs = crafted()
    const b = renderBlocks(runs)
    assert.deepEqual(Object.keys(b).sort(), Object.keys(BLOCKS).sort())
    // 450 - 1 % 7 = 449 of 450; 1350 - 7000 % 7 = 1350 of 1350
    assert.equal(b.headline, "outcome right in 99.8 % of the reporting set's 450 simulated games, 100.0 % of 1,350 fresh ones")
    const rows = b.sets.trim().split("\n").map(l => l.split(" | ").map(c => c.replace(/^\| |\s*\|$/g, "")))
    const row = (name: string) => rows.find(r => r[0] === name)
    // seed 1: 449/450; 7000: 1350/1350; 8000: 450 - 8000 % 7 (6) = 444; 9000: 450 - 9000 % 7 (5) = 445
    assert.deepEqual(row("seed 7000").slice(1, 6), ["1,350", "100.0 % (1,350)", "0.30", "98.0 / 96.1 %", `${200 + (7000 % 97)} ms`])
    const four = row("**the four together: chose nothing**")
    assert.equal(four[1], "2,700")
    assert.equal(four[2], `${(100 * 2688 / 2700).toFixed(1)} % (2,688)`)
    assert.equal(four[3], (100 * 6 / 4000).toFixed(2), "1 + 3 + 1 + 1 wrongful outs in 4000 turns")
    assert.equal(four[5], "-", "no percentile of pooled runs")
    assert.equal(four[11], "4 in 8.0 h", "a false call and two hours of quiet traces in each of the four runs")
    // medium: the held-out sets catch 3 of 10 on the hanger and 9 of 10 on the structure, four runs
    assert.equal(four[6], "- / 60.0 / - %")
    // the training seeds: 3 of 10 on the hanger on seeds 1000-6000, 8 of 10 on the twelve others; 9 of 10 on the structure
    assert.equal(row("the 18 training seeds together")[6], `- / ${(100 * (18 + 96 + 162) / 360).toFixed(1)} / - %`)
    // no touch in the truth: no recall, and the touch calls counted as false rather than a precision of 0 %
    const lib = row("forced LIBRIUM, seeds 1000-6000")
    assert.deepEqual(lib.slice(6, 8), ["-", "-"])
    assert.match(lib[5], /^2\d\d ms$/, "one benchmark run of six seeds: its p95 is over all their collapses")
    const libRuns = crafted()
    Object.assign(bench(libRuns, "librium").total.touch, { calls: 6, hits: 0 })
    const libRow = renderBlocks(libRuns).sets.split("\n").find(l => l.startsWith("| forced LIBRIUM"))
    assert.match(libRow, /\| - \| 6 false \|/)
    const split = b["touch-split"]
    // 10 of the 20 medium touches of every run on the hanger
    assert.match(split, /^- medium touches on the hanger: 50\.0 % of the training seeds', 50\.0 % of the four sets'$/m)
    assert.match(split, /^- light touches on the hanger: - of the training seeds', - of the four sets'$/m)
    assert.match(split, /\| medium hanger \| 63\.3 % \(114\/180\) \| 30\.0 % \(12\/40\) \|/)
    assert.match(split, /\| medium structure \| 90\.0 % \(162\/180\) \| 90\.0 % \(36\/40\) \|/)
    assert.match(split, /\| light hanger \| - \| - \|/)
    assert.match(split, /the 18 training seeds \(8,100 cases\) \| the four sets that chose nothing \(2,700\)/)
    // training: 0 of 18 under 2 g, 162 of 180 over 5; the four: 0 of 20 and 32 of 40
    const hs = b["hanger-split"]
    assert.match(hs, /\| medium 0-2 g \| 0\.0 % \(0\/18\) \| 9\.1 % \| 0\.0 % \(0\/20\) \| 33\.3 % \|/)
    assert.match(hs, /\| medium 5\+ g \| 90\.0 % \(162\/180\) \| 90\.9 % \| 80\.0 % \(32\/40\) \| 66\.7 % \|/)
    assert.match(hs, /\| light 2-5 g \| - \| - \| - \| - \|/)
    // the training seeds' 0 % and 90 % over the four sets' 20 and 40: 60 %
    // of the 28.5 points, 21.8 the draw (81.8 - 60.0) and 6.7 the detector (60.0 - 53.3)
    assert.match(hs, /^- medium: 81\.8 % on the training seeds, 53\.3 % on the four sets; the training seeds' recall in each band over the four sets' bands: 60\.0 % \(of the 28\.5 points between them, the draw 21\.8, the detector 6\.7\)$/m)
    assert.match(hs, /^- light: - on the training seeds, - on the four sets; .*: -$/m)
    assert.match(b["touch-targets"], /\| seeds 10000-15000 \| 90\.0 % \(54\/60\) \| 80\.0 % \(48\/60\) \|/)
    const causes = b.causes.trim().split("\n")
    assert.equal(causes[0], "| first error | seed 1 | 1000 | 2000 | 3000 | 4000 | 5000 | 6000 | all |")
    assert.equal(causes[2], "| missed light hanger touch | 1 | 1 | 1 | 0 | 0 | 0 | 0 | 3 |")
    assert.equal(causes[3], "| false collapse | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 1 |")
    assert.equal(causes[4], "| **wrong outcomes** | 1 | 1 | 2 | 0 | 0 | 0 | 0 | 4 |")
    assert.equal(b["training-seeds"].trim().split("\n").length, 2 + TRAINING_POOLS[0].length)
    // the three pools' blame rows pooled: seven collapses, the second pool's mover at 3.3 s on the wrong side of 3.2 s,
    // and the third pool's touch, the next player's at 1.6 s, inside the mover's 1.7 s
    const blameRows = b.blame.trim().split("\n").map(l => l.trim().split(/\s{2,}/))
    assert.deepEqual(blameRows[0].slice(0, 2), ["kind", "n"])
    const [bc, bt] = [blameRows.find(r => r[0] === "collapse"), blameRows.find(r => r[0] === "touch")]
    assert.deepEqual([bc[1], bc[6], bc[9], bc[10]], ["7", "3300 (10000-3-game)", "3200", "1"])
    assert.deepEqual([bt[1], bt[8], bt[9], bt[10]], ["1", "1600 (16000-3-touch)", "1700", "1"])
    // the pools as the benchmark prints them, indented as code
    const pool = bench(runs, "train-10000")
    assert.equal(b["pool-10000"], "\n\n" + runTable(pool.by_run.map(r => [r.seed, r.figures]), pool.total).split("\n").map(l => "    " + l).join("\n") + "\n\n")
    // the reporting set's table per category, as the benchmark prints it but the machine's speed (no notes under it)
    assert.match(b.categories, /^\n\n    category\s+cases\s+hours\s+coll R.*\s+outcome\n/)
    assert.match(b.categories, /\n    game\s+450\s.*\n    TOTAL\s+450\s.*\s99\.8\n\n$/)
    // ... and the speed once, in its own block, with its verdict; not in the targets table
    assert.equal(b.speed, "3,600x (met)")
    assert.doesNotMatch(b.targets, /replay speed/)
    assert.match(b.hands, /^\n\n    hand\s+n\s+p50.*\n.*\n    slotting\s+10\s+0\.22\s+0\.43\s+0\.50\s+0\.63\s+0\.0\s+5\.0\s+1\.0\n\n\(7 touches met a slotting hand and are left out\.\)\n\n$/)
    assert.match(b.targets, /^\n\n    target \(issue 4\)\s+goal/)
    assert.match(b.targets, /\n    outcome right\s+≥ 97 %\s+99\.78 %\s+449\/450/)
})

test("a run the blocks need that is missing is named", () => {
    const runs = crafted()
    delete runs["librium"]
    assert.throws(() => renderBlocks(runs), /no JSON for the run librium/)
})

test("the README has every generated block, each once and closed", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8")
    assert.deepEqual(checkBlocks(readme, Object.keys(BLOCKS)).map(b => b.name).sort(), Object.keys(BLOCKS).sort())
})

test("npm run figures --from: fills a README from a folder of runs, --check then finds it up to date; a missing run or a README without the blocks is refused", () => {
    const root = new URL("../../..", import.meta.url).pathname
    const dir = scratchDir("figures-cli-")
    const runs = crafted()
    for (const r of FIGURE_RUNS) writeFileSync(join(dir, r.name + ".json"), JSON.stringify(runs[r.name]))
    const readme = join(dir, "README.md")
    writeFileSync(readme, "# x\n" + Object.keys(BLOCKS).map(n => `<!-- figures:${n} --><!-- /figures:${n} -->`).join("\n") + "\n")
    const figures = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "devs/figures.ts", "--readme", readme, ...args], { cwd: root, encoding: "utf8" })
    const check = figures("--from", dir, "--check")
    assert.equal(check.status, 1, check.stderr)
    assert.match(check.stdout, /out of date: headline, categories, targets/)
    const fill = figures("--from", dir)
    assert.equal(fill.status, 0, fill.stderr)
    assert.equal(readFileSync(readme, "utf8"), fillBlocks(readFileSync(readme, "utf8"), renderBlocks(runs)).text)
    assert.match(readFileSync(readme, "utf8"), /<!-- figures:headline -->outcome right in 99\.8 %/)
    assert.equal(figures("--from", dir, "--check").status, 0)
    // the replay speed is the machine's: moved, it is said, not counted as out of date
    writeFileSync(readme, readFileSync(readme, "utf8").replace("3,600x (met)", "2,000x (met)"))
    const moved = figures("--from", dir, "--check")
    assert.equal(moved.status, 0, moved.stdout)
    assert.match(moved.stdout, /every block is up to date \(speed moved: the machine's, not counted\)/)
    // another run's JSON where a run's should be: refused, the file named
    writeFileSync(join(dir, "heldout-7000.json"), JSON.stringify(runs["reporting"]))
    const wrong = figures("--from", dir, "--check")
    assert.equal(wrong.status, 1)
    assert.match(wrong.stderr, /^figures: .*heldout-7000\.json holds 1x450 .*not the run of npm run bench -- --seed 7000 --count 1350/)
    const empty = scratchDir("figures-none-")
    assert.match(figures("--from", empty).stderr, /reporting\.json: missing \(npm run bench -- --seed 1 --json /)
    writeFileSync(readme, "# no blocks\n")
    const none = figures("--from", dir)
    assert.equal(none.status, 1)
    assert.match(none.stderr, /^figures: no block for headline/)
})

test("the README's tables of the reporting set are the current code's: a fresh npm run bench renders them as they stand", () => {
    const root = new URL("../../..", import.meta.url).pathname
    const json = join(scratchDir("figures-reporting-"), "reporting.json")
    const r = spawnSync(process.execPath, ["--import", "tsx", "devs/bench.ts", "--seed", "1", "--json", json], { cwd: root, encoding: "utf8", timeout: 600000 })
    assert.equal(r.status, 0, r.stderr)
    const runs: Runs = { reporting: JSON.parse(readFileSync(json, "utf8")) }
    assert.equal(runProblem(FIGURE_RUNS.find(f => f.name === "reporting"), runs["reporting"]), null)
    const readme = readFileSync(join(root, "README.md"), "utf8")
    const blocks = findBlocks(readme)
    for (const name of REPORTING_BLOCKS) {
        const b = blocks.find(x => x.name === name)
        assert.equal(readme.slice(b.from, b.to), BLOCKS[name](runs), `the README's ${name} block is not what the current code gives: run npm run figures`)
    }
})
