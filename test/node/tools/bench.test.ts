// The benchmark end to end (worker threads, matcher, table, JSON): on a folder
// with a known truth, and on a handful of quick simulated cases. These check
// the pipeline, not the referee's quality targets.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { scratchDir } from "../scratch.ts"
import { join } from "node:path"
import { writeFixture, PLACE_MS, COLLAPSE_MS } from "../report/fixture.ts"
import { dirJobs, simJobs } from "../../../devs/lib/bench-cases.ts"
import { MISS_COLUMNS } from "../../../devs/lib/misses.ts"
import { LATENCY_COLUMNS } from "../../../devs/lib/latency.ts"

const root = new URL("../../..", import.meta.url).pathname
const dir = scratchDir("bench-test-")

/** a bench run that hangs is killed and fails its test (seconds of work: 10 minutes is a hang) */
const RUN_LIMIT_MS = 600000

function bench(args: string[]) {
    const json = join(dir, `out-${args.join("-").replace(/\W+/g, "_")}.json`)
    const r = spawnSync(process.execPath, ["--import", "tsx", "devs/bench.ts", ...args, "--json", json], { cwd: root, encoding: "utf8", timeout: RUN_LIMIT_MS })
    assert.equal(r.status, 0, (r.signal ? `killed (${r.signal}) after ${RUN_LIMIT_MS / 60000} minutes\n` : "") + r.stderr)
    return { out: r.stdout, err: r.stderr, json: JSON.parse(readFileSync(json, "utf8")) }
}

/** every ratio is null or in [0, 1]; every count a whole number >= 0 */
function checkFigures(f: any, where: string) {
    for (const k of ["collapse", "touch", "card_fell", "place", "remove"]) {
        for (const r of ["recall", "precision"]) assert.ok(f[k][r] === null || (f[k][r] >= 0 && f[k][r] <= 1), `${where} ${k}.${r} = ${f[k][r]}`)
        for (const c of ["truth", "calls"]) assert.ok(Number.isInteger(f[k][c]) && f[k][c] >= 0, `${where} ${k}.${c}`)
    }
    for (const cls of ["light", "medium", "heavy"]) assert.ok(cls in f.touch.recall_by_force, `${where} touch recall for ${cls}`)
    for (const t of ["structure", "hanger"]) {
        assert.ok(Number.isInteger(f.touch.recall_by_target[t].truth), `${where} touch recall on the ${t}`)
        // each target's touches are its force classes' touches
        const byClass = ["light", "medium", "heavy"].reduce((n, c) => n + f.touch.recall_by_force_target[c + " " + t].truth, 0)
        assert.equal(byClass, f.touch.recall_by_target[t].truth, `${where} touches on the ${t} by force class`)
    }
    for (const b of ["0-2", "2-5", "5+"]) {
        assert.ok(Number.isInteger(f.touch.hanger_by_vertical_g[b].truth), `${where} hanger touches of ${b} g`)
        // each band's hanger touches are its force classes' touches of that band
        const byClass = ["light", "medium", "heavy"].reduce((n, c) => n + f.touch.hanger_by_class_vertical_g[c + " " + b].caught, 0)
        assert.equal(byClass, f.touch.hanger_by_vertical_g[b].caught, `${where} hanger touches of ${b} g caught, by force class`)
    }
    const lat = f.collapse.latency_ms
    for (const p of ["median", "p95"]) assert.ok(lat[p] === null || (lat[p] >= 0 && lat[p] <= 800), `${where} latency ${p}`)
    for (const [k, r] of [["final_cards", "accuracy"], ["outcome", "accuracy"]]) assert.ok(f[k][r] === null || (f[k][r] >= 0 && f[k][r] <= 1), `${where} ${k}.${r}`)
    assert.ok(f.wrongful_outs.per_100_turns === null || f.wrongful_outs.per_100_turns >= 0, `${where} wrongful outs`)
    assert.ok(f.false_calls.per_hour === null || f.false_calls.per_hour >= 0, `${where} false calls`)
    assert.ok(f.speed.x_realtime > 0, `${where} replay speed`)
    assert.ok(f.game_hours > 0, `${where} game time`)
}

test("bench --dir: the folder's truth is counted exactly, the table has a row per category and a total", () => {
    writeFixture(join(dir, "fix.csv"), join(dir, "fix.truth.json"))
    writeFileSync(join(dir, "no-truth.csv"), readFileSync(join(dir, "fix.csv")))
    const skipped: string[] = []
    const jobs = dirJobs(dir, skipped)
    assert.deepEqual(jobs.map(j => [j.id, j.category]), [["fix", "collapse"]], "a trace without a truth file is skipped")
    assert.deepEqual(skipped, ["no-truth"], "and named")
    const { out, json, err } = bench(["--dir", dir])
    assert.match(err, /bench: 1 trace\(s\) without a CASE.truth.json, not scored: no-truth/)
    assert.equal(json.set, "dir")
    assert.equal(json.total.cases, 1)
    assert.equal(json.total.place.truth, PLACE_MS.length)
    assert.equal(json.total.collapse.truth, 1)
    assert.ok(json.total.events > 0, "the referee made calls on the fixture")
    checkFigures(json.total, "total")
    assert.match(out, /^collapse\s+1\s/m)
    assert.match(out, /^TOTAL\s+1\s/m)
    assert.match(out, /^wrong player .*: touch \d+, collapse \d+/m)
    assert.match(out, /^touches caught by target: structure \d+\/\d+ .*hanger touches by their vertical force: 0-2 g/m)
    assert.match(out, /^touches caught by force and target: light structure \d+\/\d+ .*heavy hanger \d+\/\d+/m)
    assert.match(out, /^hanger touches by force and vertical force: light 0-2 g \d+\/\d+ .*heavy 5\+ g \d+\/\d+/m)
    // it ends with the targets judged on the totals, the JSON holding the same rows
    assert.match(out, /^collapse recall\s+≥ 99 %\s+[\d.]+ %\s+\d+\/1\s/m)
    const outcome = json.targets.find((r: any) => r.name === "outcome right")
    assert.deepEqual([outcome.k, outcome.n], [json.total.outcome.right, 1])
})

test("simulated sets: fixed seeds, categories in turn, reporting and tuning sets apart", () => {
    const a = simJobs(1, 20, true)
    assert.deepEqual(simJobs(1, 20, true), a, "deterministic")
    assert.equal(new Set(a.map(j => j.seed)).size, 20)
    assert.equal(a[0].category, "quiet")
    const train = new Set(simJobs(1000, 200, true).map(j => j.seed))
    assert.ok(simJobs(1, 200, true).every(j => !train.has(j.seed)), "a reporting case is also a tuning case")
    assert.throws(() => simJobs(1, 1, true, "nonsense"), /unknown category/)
})

test("bench on four quick simulated cases: events come out and the JSON has every figure, in range", () => {
    const { out, json } = bench(["--count", "4", "--quick", "--seed", "7"])
    assert.match(out, /seed 7: 4 simulated cases/)
    assert.deepEqual(json.seeds, { first: 7, count: 4 })
    assert.equal(json.total.cases, 4)
    assert.ok(json.total.events > 0, "no referee events on four simulated cases")
    checkFigures(json.total, "total")
    assert.deepEqual(Object.keys(json.by_category).sort(), ["card_fell", "collapse", "place", "quiet"])
    assert.deepEqual(json.cases.map((c: any) => c.id), ["7-0-quiet", "7-1-place", "7-2-card_fell", "7-3-collapse"])
    assert.equal(json.cases.reduce((n: number, c: any) => n + c.events, 0), json.total.events)
    assert.match(out, /^(every case's outcome is right|wrong outcome in \d+ cases; worst: .*case seed \d+)/m)
    assert.match(out, /^wrong outcomes by first error(: none| \(\d+ cases\):)$/m)
    // a case's cause is named exactly when its outcome is wrong
    for (const c of json.cases) assert.equal(c.cause === null, c.outcome_right, JSON.stringify(c))
    for (const [c, f] of Object.entries(json.by_category)) checkFigures(f, c)
})

test("bench --by cell: a row per simulated load cell (PART@SPS) adding up to the total; the JSON stays per category", () => {
    const { out, json } = bench(["--count", "4", "--quick", "--seed", "7", "--by", "cell"])
    assert.match(out, /^cell\s+cases\s/m)
    const rows = [...out.matchAll(/^(\S+@\d+)\s+(\d+)\s/gm)]
    assert.ok(rows.length >= 1, out)
    for (const r of rows) assert.match(r[1], /^(NAU7802|HX711|HX71708)@\d+$/)
    assert.equal(rows.reduce((n, r) => n + parseInt(r[2], 10), 0), 4, "the cells' cases add up to the run")
    assert.deepEqual(Object.keys(json.by_category).sort(), ["card_fell", "collapse", "place", "quiet"])
    const bad = spawnSync(process.execPath, ["--import", "tsx", "devs/bench.ts", "--by", "colour"], { cwd: root, encoding: "utf8" })
    assert.equal(bad.status, 2)
    assert.match(bad.stderr, /--by <group>.*colour.*category, level, cell/)
})

test("bench --override: a setting changed on every level for the run (the JSON says which); an unknown key or a bad value is refused", () => {
    const base = bench(["--count", "4", "--quick", "--seed", "7"]).json
    assert.deepEqual(base.overrides, {})
    assert.ok(base.total.collapse.calls > 0, "the quick collapse case is called with the committed settings")
    // the collapse detector's paths and the placements' slow collapse out of reach: the collapse case goes uncalled
    const off = bench(["--count", "4", "--quick", "--seed", "7", "--override", "collapse.fast_cards=0", "--override", "collapse.drop_cards=1000", "--override", "placement.max_cards=1000"])
    assert.match(off.out, /settings overridden on every level: collapse\.fast_cards=0, collapse\.drop_cards=1000, placement\.max_cards=1000/)
    assert.deepEqual(off.json.overrides, { "collapse.fast_cards": 0, "collapse.drop_cards": 1000, "placement.max_cards": 1000 })
    assert.equal(off.json.total.collapse.calls, 0)
    for (const [arg, msg] of [["collapse.nope=1", /unknown setting "collapse\.nope"/], ["collapse.hold_ms", /expected KEY=NUMBER/], ["collapse.hold_ms=x", /expected KEY=NUMBER/]]) {
        const bad = spawnSync(process.execPath, ["--import", "tsx", "devs/bench.ts", "--count", "1", "--override", arg as string], { cwd: root, encoding: "utf8" })
        assert.equal(bad.status, 1, bad.stderr)
        assert.match(bad.stderr, msg as RegExp)
    }
})

test("bench --misses: one CSV row per missed truth event and per call the truth does not have, with what each was", () => {
    // the fixture's truth, less its third placement (the referee's call of it is false) and with a hanger touch
    // the referee cannot have seen (no force in the trace): one false placement, one missed touch
    const d = join(dir, "misses")
    mkdirSync(d)
    writeFixture(join(d, "fix.csv"), join(d, "fix.truth.json"))
    const truth = JSON.parse(readFileSync(join(d, "fix.truth.json"), "utf8"))
    truth.events = truth.events.filter((e: any) => e.t_ms !== PLACE_MS[2])
    truth.events.push({ t_ms: 44000, t_end_ms: 44300, kind: "touch", player: 1, target: "hanger", force_class: "light", force_n: 0.05, force_z_n: 0.02 })
    writeFileSync(join(d, "fix.truth.json"), JSON.stringify(truth))
    const list = join(dir, "misses.csv")
    const { err } = bench(["--dir", d, "--misses", list])
    assert.match(err, /bench: 2 rows in .*misses\.csv: 1 missed, 0 for another player, 1 false/)
    const lines = readFileSync(list, "utf8").trim().split("\n").map(l => l.split(","))
    assert.deepEqual(lines[0], MISS_COLUMNS)
    const rows = lines.slice(1).map(r => Object.fromEntries(MISS_COLUMNS.map((c, i) => [c, r[i]])))
    assert.equal(rows.length, 2, JSON.stringify(rows))
    for (const r of rows) assert.equal(r.case, "fix")
    const [placed, touch] = rows
    assert.deepEqual([placed.status, placed.kind, placed.player, placed.detector], ["false", "placed", "3", "load_step"])
    const t = Number(placed.t_ms)
    assert.ok(t > PLACE_MS[2] && t < PLACE_MS[3], `the false placement at ${t} ms follows the dropped truth's weight`)
    assert.ok(Math.abs(Number(placed.delta_g) - 9) < 1, "with the step it saw")
    assert.deepEqual([touch.status, touch.kind, touch.player, touch.t_ms, touch.end_ms, touch.target, touch.force_class], ["missed", "touch", "1", "44000", "44300", "hanger", "light"])
    assert.equal(touch.force_z_g, "2.0", "the vertical force in grams, up positive")
    // an output into a folder that is not there is refused before the run, naming the flag
    for (const flag of ["--misses", "--json", "--latency"]) {
        const bad = spawnSync(process.execPath, ["--import", "tsx", "devs/bench.ts", "--dir", d, flag, join(dir, "no-such-folder", "out")], { cwd: root, encoding: "utf8" })
        assert.equal(bad.status, 1, bad.stderr)
        assert.match(bad.stderr, new RegExp(`bench: ${flag} .*no-such-folder/out: no folder`))
        assert.doesNotMatch(bad.stdout, /^TOTAL/m, "refused before the run")
    }
})

test("bench --latency: one CSV row per matched collapse and touch call, with its latency and what both sides say", () => {
    const d = join(dir, "latency")
    mkdirSync(d)
    writeFixture(join(d, "fix.csv"), join(d, "fix.truth.json"))
    const list = join(dir, "latency.csv")
    const { err, json } = bench(["--dir", d, "--latency", list])
    const lines = readFileSync(list, "utf8").trim().split("\n").map(l => l.split(","))
    assert.deepEqual(lines[0], LATENCY_COLUMNS)
    const rows = lines.slice(1).map(r => Object.fromEntries(LATENCY_COLUMNS.map((c, i) => [c, r[i]])))
    // the fixture's one collapse (4 cards at COLLAPSE_MS), caught: its row, and no placement's
    assert.equal(json.total.collapse.truth, 1)
    assert.equal(json.total.collapse.recall, 1, "the fixture's collapse is caught")
    assert.equal(rows.length, 1, JSON.stringify(rows))
    const r = rows[0]
    assert.deepEqual([r.case, r.kind, r.player, r.t_ms, r.cards, r.detector], ["fix", "collapse", "3", String(COLLAPSE_MS), "4", "load_drop"])
    const lat = Number(r.latency_ms)
    assert.equal(lat, Number(r.call_ms) - Number(r.t_ms), "the latency is the call's time less the truth's")
    assert.ok(Math.abs(lat - json.total.collapse.latency_ms.median) < 1, `${lat} ms, as the table's median of one`)
    assert.ok(Number(r.delta_cards) < -3, `the drop it saw: ${r.delta_cards} cards`)
    assert.match(err, new RegExp(`bench: 1 rows in .*latency\\.csv: 1 collapses \\(${lat >= 300 ? 1 : 0} called 300 ms or more after the cards came off\\), 0 touches`))
})

test("bench --latency on simulated cases: a row for every caught collapse and touch, none for a miss", () => {
    const list = join(dir, "latency-sim.csv")
    const { json } = bench(["--seed", "1000", "--count", "6", "--quick", "--category", "touch", "--latency", list])
    const lines = readFileSync(list, "utf8").trim().split("\n").map(l => l.split(","))
    const rows = lines.slice(1).map(r => Object.fromEntries(LATENCY_COLUMNS.map((c, i) => [c, r[i]])))
    const caught = (k: string) => Math.round((json.total[k].recall ?? 0) * json.total[k].truth)
    assert.ok(caught("touch") > 0, "some touch caught")
    assert.equal(rows.filter(r => r.kind === "touch").length, caught("touch"))
    assert.equal(rows.filter(r => r.kind === "collapse").length, caught("collapse"))
    for (const r of rows.filter(r => r.kind === "touch")) {
        assert.ok(["structure", "hanger"].indexOf(r.target) >= 0 && ["light", "medium", "heavy"].indexOf(r.force_class) >= 0, JSON.stringify(r))
        assert.ok(Number(r.latency_ms) >= 0, "a touch is called after the hand comes")
    }
})

test("bench --blame on simulated collapses: a row per kind seen after a pass, with the committed window", () => {
    const { out, json } = bench(["--seed", "1000", "--count", "4", "--quick", "--category", "collapse", "--blame"])
    const lines = out.split("\n")
    const head = lines.findIndex(l => l.startsWith("kind ") && l.includes("window"))
    assert.ok(head > 0, out)
    const row = lines[head + 2].split(/\s{2,}/)
    assert.equal(row[0], "collapse")
    assert.ok(Number(row[1]) > 0 && Number(row[1]) <= json.total.collapse.truth, `${row[1]} collapses on both clocks, ${json.total.collapse.truth} in the truth`)
    assert.equal(row[9], "3200", "the committed collapse window")
    // the JSON carries the rows the table counts, each with its case and both clocks
    const collapses = json.blame.filter((r: any) => r.kind === "collapse")
    assert.equal(collapses.length, Number(row[1]))
    for (const r of json.blame) {
        assert.match(r.id, /^1000-\d-collapse$/)
        assert.ok(["mover", "next"].indexOf(r.who) >= 0 && Number.isFinite(r.truth_after_ms) && Number.isFinite(r.ref_after_ms), JSON.stringify(r))
    }
    assert.equal(bench(["--seed", "1000", "--count", "1", "--quick", "--category", "collapse"]).json.blame, undefined, "no rows without --blame")
})

test("bench --seeds: several runs pooled in the table, each run's figures in a second one and in the JSON, in the order given", () => {
    const { out, json } = bench(["--seeds", "8,7", "--count", "3", "--quick"])
    assert.match(out, /^bench: seeds 8, 7: 6 simulated cases \(quick\), 3 from each/m)
    assert.match(out, /^TOTAL\s+6\s/m)
    assert.match(out, /^run \(first seed\)\s+cases\s+outcome right\s+wrongful outs \/ turns\s+coll p95/m)
    const rows: [string, number, number][] = [...out.matchAll(/^(7|8|all)\s+(\d+)\s+(\d+) \(/gm)].map(m => [m[1], Number(m[2]), Number(m[3])])
    assert.deepEqual(rows.map(r => r.slice(0, 2)), [["8", 3], ["7", 3], ["all", 6]])
    assert.equal(rows[0][2] + rows[1][2], rows[2][2], "the runs' right outcomes add up to all of them")
    assert.deepEqual([json.set, json.seeds, json.quick], ["seeds", null, true])
    assert.deepEqual(json.by_run.map((r: any) => [r.seed, r.count]), [[8, 3], [7, 3]])
    assert.deepEqual(json.cases.map((c: any) => c.id), ["7-0-quiet", "7-1-place", "7-2-card_fell", "8-0-quiet", "8-1-place", "8-2-card_fell"])
    const [r8, r7] = json.by_run.map((r: any) => r.figures)
    for (const k of ["cases", "events"]) assert.equal(r8[k] + r7[k], json.total[k], k)
    assert.equal(r8.outcome.right, rows[0][2])
    assert.equal(r8.events, json.cases.filter((c: any) => c.id.startsWith("8-")).reduce((n: number, c: any) => n + c.events, 0), "run 8's figures are run 8's cases'")
    for (const [args, code, msg] of [
        [["--seeds", "7,x"], 1, /--seeds 7,x: expected first seeds from 1 to \d+ separated by commas.*"x"/],
        [["--seeds", "7,7"], 1, /seed 7 given twice/],
        [["--seeds", "7", "--seed", "3"], 2, /option '--seeds <list>' cannot be used with option '--seed <n>'/],
        [["--seeds", "7", "--set", "train"], 2, /cannot be used with option '--set <set>'/],
        [["--seeds", "7", "--dir", dir], 2, /cannot be used with option '--dir <dir>'/],
    ]) {
        const bad = spawnSync(process.execPath, ["--import", "tsx", "devs/bench.ts", "--count", "1", ...(args as string[])], { cwd: root, encoding: "utf8" })
        assert.equal(bad.status, code, bad.stderr)
        assert.match(bad.stderr, msg as RegExp)
    }
})

test("bench --compare: the cases whose outcome turned, and how many cases' calls changed, against an earlier --json", () => {
    const args = ["--seed", "7", "--count", "4", "--quick"]
    const first = join(dir, "compare-first.json")
    const a = spawnSync(process.execPath, ["--import", "tsx", "devs/bench.ts", ...args, "--json", first], { cwd: root, encoding: "utf8" })
    assert.equal(a.status, 0, a.stderr)
    // the same code on the same cases: the same calls, case by case
    const same = bench([...args, "--compare", first])
    assert.match(same.out, /^against .*compare-first\.json \(4 cases in both\):\n  right now, wrong before: 0\n  wrong now, right before: 0\n  cases whose calls changed: 0$/m)
    // the collapse case goes uncalled: its outcome turns wrong, and only its calls change
    const off = bench([...args, "--compare", first, "--override", "collapse.fast_cards=0", "--override", "collapse.drop_cards=1000", "--override", "placement.max_cards=1000"])
    assert.match(off.out, /^  wrong now, right before: 1: 7-3-collapse$/m)
    assert.match(off.out, /^  cases whose calls changed: 1$/m)
    // other cases than before are told apart
    assert.match(bench(["--seed", "8", "--count", "2", "--quick", "--compare", first]).out, /\(0 cases in both\)[\s\S]*not in both: 4 only before, 2 only now/)
    // the same ids in full length are other cases: refused before the run, as is a file that is no bench JSON
    writeFileSync(join(dir, "compare-bad.json"), "x")
    for (const [more, msg] of [[["--seed", "7"], /compare-first\.json: that run's cases were --quick ones, this run's are full-length ones/], [["--quick"], /compare-bad\.json: not JSON/]]) {
        const file = (more as string[])[0] === "--quick" ? join(dir, "compare-bad.json") : first
        const bad = spawnSync(process.execPath, ["--import", "tsx", "devs/bench.ts", "--count", "4", ...(more as string[]), "--compare", file], { cwd: root, encoding: "utf8" })
        assert.equal(bad.status, 1, bad.stderr)
        assert.match(bad.stderr, msg as RegExp)
        assert.doesNotMatch(bad.stdout, /^TOTAL/m, "refused before the run")
    }
})
