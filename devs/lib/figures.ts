/**
 * The README's generated figures (`npm run figures`, devs/figures.ts). Each block of the README between
 * `<!-- figures:NAME -->` and `<!-- /figures:NAME -->` is rendered here from the JSON of the benchmark runs
 * below, so no figure in those blocks is copied by hand: rerun the command and the README says what the current
 * code does. Pure: the runs' JSON in, the blocks' text out; the command runs the benchmark and writes the file.
 */
import { BenchJson, figuresTable } from "./bench-report.ts"
import { runTable } from "./bench-runs.ts"
import type { Band, Figures } from "./score.ts"
import { targetTable } from "./targets.ts"
import { pct } from "./table.ts"
import { GroupFigures, handTable } from "./hands.ts"
import { TOUCH_CLASSES } from "./match.ts"
import { BLAME_WINDOWS, blameTable } from "./blame.ts"

/** the six seeds of each training pool: changes are chosen on them (README, "Choosing a detector change") */
export const TRAINING_POOLS: number[][] = [
    [1000, 2000, 3000, 4000, 5000, 6000],
    [10000, 11000, 12000, 13000, 14000, 15000],
    [16000, 17000, 18000, 19000, 20000, 21000],
]

/** one run the README quotes: `npm run TOOL -- ARGS --json DIR/NAME.json` (the benchmark, or `npm run hands`) */
export interface FigureRun {
    name: string
    tool: "bench" | "hands"
    args: string[]
    /** what the run's JSON must say it was: its one run's first seed and count, or its runs' first seeds (each `count` cases) */
    seeds: number[]
    count: number
    category: string | null
    /** run with --blame: its JSON carries where the collapses and touches land after the pass (the blame block) */
    blame: boolean
}

function run(name: string, seeds: number[], count: number, o: { category?: string; blame?: boolean } = {}): FigureRun {
    const args = seeds.length === 1 ? ["--seed", String(seeds[0])] : ["--seeds", seeds.join(",")]
    if (count !== 450) args.push("--count", String(count))
    if (o.category) args.push("--category", o.category)
    if (o.blame) args.push("--blame")
    return { name, tool: "bench", args, seeds, count, category: o.category ?? null, blame: o.blame ?? false }
}

/** what `npm run hands --json` writes (devs/hands.ts) */
export interface HandsJson {
    seed: number | null
    count: number
    dir: string | null
    category: string | null
    touches_left_out: number
    groups: GroupFigures[]
}

/** `npm run hands` on the training seed's first cases: what the IMU shows of each hand */
const HANDS_COUNT = 2700

/** every run the blocks are rendered from, in the order `npm run figures` runs them */
export const FIGURE_RUNS: FigureRun[] = [
    run("reporting", [1], 450),
    run("heldout-7000", [7000], 1350),
    run("heldout-8000-9000", [8000, 9000], 450),
    // the blame windows were set on the training seeds: their runs say where the events land
    ...TRAINING_POOLS.map(p => run("train-" + p[0], p, 450, { blame: true })),
    run("librium", TRAINING_POOLS[0], 150, { category: "librium" }),
    { name: "hands", tool: "hands", args: ["--count", String(HANDS_COUNT)], seeds: [TRAINING_POOLS[0][0]], count: HANDS_COUNT, category: null, blame: false },
]

/** the runs' JSON by run name */
export type Runs = { [name: string]: BenchJson | HandsJson }

/** what is wrong with `json` as `run`'s output (another run's, or a what-if's), null when nothing is */
export function runProblem(r: FigureRun, out: BenchJson | HandsJson): string | null {
    if (r.tool === "hands") {
        const h = out as HandsJson
        if (!Array.isArray(h.groups)) return "is not npm run hands' JSON"
        if (h.dir || h.category || h.seed !== r.seeds[0] || h.count !== r.count) return `holds ${h.dir ?? `seed ${h.seed}, ${h.count} cases`}${h.category ? " of " + h.category : ""}, not seed ${r.seeds[0]}, ${r.count} cases`
        return null
    }
    const json = out as BenchJson
    if (!json.total || !Array.isArray(json.cases)) return "is not npm run bench's JSON"
    const said = json.by_run ? json.by_run.map(b => `${b.seed}x${b.count}`) : json.seeds ? [`${json.seeds.first}x${json.seeds.count}`] : []
    const want = r.seeds.map(s => `${s}x${r.count}`)
    if (said.join(",") !== want.join(",")) return `holds ${said.join(", ") || "no simulated run"} (first seed x cases), not ${want.join(", ")}`
    if (json.quick) return "holds --quick cases"
    if (Object.keys(json.overrides).length > 0) return `was run with settings overridden (${Object.keys(json.overrides).join(", ")})`
    const cats = new Set(json.cases.map(c => c.category))
    if (r.category && (cats.size !== 1 || !cats.has(r.category))) return `holds cases of ${[...cats].join(", ")}, not only ${r.category}`
    if (!r.category && cats.size < 2) return `holds cases of one category only (${[...cats].join("")})`
    if (r.blame && !Array.isArray(json.blame)) return "was run without --blame"
    return null
}

/** a recall's counts */
type Counts = { caught: number; truth: number }
const NONE: Counts = { caught: 0, truth: 0 }

/** the counts of one force class in a record keyed "CLASS ..." ("medium hanger", "medium 0-2"), in key order */
function ofForceClass(m: { [k: string]: Counts }, cls: string): Counts[] {
    return Object.keys(m).filter(k => k.split(" ")[0] === cls).map(k => m[k])
}

/** the caught or truth counts of a list added up */
const total = (list: Counts[], f: keyof Counts) => list.reduce((n, b) => n + b[f], 0)

/** the counts a table row is made of; runs pool by adding them (a percentile does not pool: p95 is one run's) */
interface Tally {
    cases: number
    right: number
    wrongful: number
    turns: number
    collapse: { truth: number; caught: number; calls: number; hits: number }
    p95: number | null
    touch_calls: number
    touch_hits: number
    place: { truth: number; caught: number; calls: number; hits: number }
    rounds: number
    exact: number
    fell: Counts
    /** calls on the quiet and distractor traces (every one false), and those traces' hours */
    false_calls: number
    quiet_hours: number
    by_force_target: { [ct: string]: Counts }
    by_target: { [t: string]: Counts }
    hanger_by_vertical_g: { [b: string]: Counts }
    hanger_by_class_vertical_g: { [cb: string]: Counts }
}

function bands(m: { [k: string]: Band }): { [k: string]: Counts } {
    const out: { [k: string]: Counts } = {}
    for (const k of Object.keys(m)) out[k] = { caught: m[k].caught, truth: m[k].truth }
    return out
}

function tally(f: Figures): Tally {
    const c = f.collapse
    const p = f.place
    return {
        cases: f.cases,
        right: f.outcome.right,
        wrongful: f.wrongful_outs.count,
        turns: f.wrongful_outs.turns,
        collapse: { truth: c.truth, caught: c.caught, calls: c.calls, hits: c.hits },
        p95: c.latency_ms.p95,
        touch_calls: f.touch.calls,
        touch_hits: f.touch.hits,
        place: { truth: p.truth, caught: p.caught, calls: p.calls, hits: p.hits },
        rounds: f.final_cards.rounds,
        exact: f.final_cards.exact,
        fell: { truth: f.card_fell.truth, caught: f.card_fell.caught },
        false_calls: f.false_calls.count,
        quiet_hours: f.false_calls.quiet_hours,
        by_force_target: bands(f.touch.recall_by_force_target),
        by_target: bands(f.touch.recall_by_target),
        hanger_by_vertical_g: bands(f.touch.hanger_by_vertical_g),
        hanger_by_class_vertical_g: bands(f.touch.hanger_by_class_vertical_g),
    }
}

/** two tallies added up: numbers add, records add key by key, a null takes the other's value */
function add<T>(a: T, b: T): T {
    if (typeof a === "number") return (a + (b as number)) as T
    if (a === null) return b
    if (b === null) return a
    const out: { [k: string]: unknown } = {}
    const x = a as { [k: string]: unknown }
    const y = b as { [k: string]: unknown }
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) out[k] = k in x ? (k in y ? add(x[k], y[k]) : x[k]) : y[k]
    return out as T
}

function pool(list: Tally[]): Tally {
    const all = list.reduce((a, b) => add(a, b))
    // a percentile of pooled runs is not any run's: none unless there is one run
    return { ...all, p95: list.length === 1 ? list[0].p95 : null }
}

/** a JSON's runs pooled: its totals (their p95 is over every case's latency, so it is there) */
function whole(json: BenchJson): Tally {
    return tally(json.total)
}

/** every run of a JSON (its --seeds runs, or the one run) as tallies */
function runsOf(json: BenchJson): Tally[] {
    return json.by_run ? json.by_run.map(b => tally(b.figures)) : [tally(json.total)]
}

function need(runs: Runs, name: string): BenchJson {
    const j = runs[name]
    if (!j) throw new Error(`no JSON for the run ${name}`)
    return j as BenchJson
}

/** k/n as a percentage with one decimal (two with `fine`), "-" when there is nothing to count */
function share(k: number, n: number, fine = false): string {
    return n === 0 ? "-" : (100 * k / n).toFixed(fine ? 2 : 1)
}

/** "99.6 % (781/784)" */
function caught(b: Counts = NONE): string {
    return b.truth === 0 ? "-" : `${share(b.caught, b.truth)} % (${b.caught}/${b.truth})`
}

const thousands = (n: number) => n.toLocaleString("en-US")

/** a markdown table */
function markdown(header: string[], rows: string[][]): string {
    const line = (cells: string[]) => "| " + cells.join(" | ") + " |"
    return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n")
}

/** a terminal table as an indented code block */
const code = (text: string) => text.split("\n").map(l => "    " + l).join("\n")

/** shares with one " %" after them, "-" when none of them has a figure */
function percents(...shares: string[]): string {
    return shares.every(x => x === "-") ? "-" : shares.join(" / ") + " %"
}

/** the row of the sets table for one tally */
function setRow(name: string, t: Tally): string[] {
    const c = t.collapse
    // a force class's touches: those on every target ("medium structure", "medium hanger")
    const touch = TOUCH_CLASSES.map(k => {
        const b = ofForceClass(t.by_force_target, k)
        return share(total(b, "caught"), total(b, "truth"))
    })
    const touches = total(Object.values(t.by_force_target), "truth")
    // with no touch to catch, every touch call is false: say how many, not a precision of 0 %
    const touchP = touches > 0 ? percents(share(t.touch_hits, t.touch_calls)) : t.touch_calls > 0 ? `${t.touch_calls} false` : "-"
    return [
        name,
        thousands(t.cases),
        `${share(t.right, t.cases)} % (${thousands(t.right)})`,
        t.turns === 0 ? "-" : (100 * t.wrongful / t.turns).toFixed(2),
        percents(share(c.caught, c.truth), share(c.hits, c.calls)),
        t.p95 === null ? "-" : `${t.p95.toFixed(0)} ms`,
        percents(...touch),
        touchP,
        percents(share(t.place.caught, t.place.truth, true), share(t.place.hits, t.place.calls, true)),
        percents(share(t.exact, t.rounds)),
        percents(share(t.fell.caught, t.fell.truth)),
        t.quiet_hours === 0 ? "-" : `${t.false_calls} in ${t.quiet_hours.toFixed(1)} h`,
    ]
}

const SET_HEADER = [
    "set", "cases", "outcome right", "wrongful outs / 100 turns", "collapse R / P", "collapse p95",
    "touch R light / medium / heavy", "touch P", "placements R / P", "cards exact", "card_fell R", "false calls (quiet, distractors)",
]

/** the runs of the sets that chose nothing: seed 1, 7000, 8000, 9000 */
function heldOut(runs: Runs): Tally[] {
    return [...runsOf(need(runs, "reporting")), ...runsOf(need(runs, "heldout-7000")), ...runsOf(need(runs, "heldout-8000-9000"))]
}

function training(runs: Runs): Tally[] {
    return TRAINING_POOLS.flatMap(p => runsOf(need(runs, "train-" + p[0])))
}

function setsTable(runs: Runs): string {
    const held = heldOut(runs)
    const train = training(runs)
    const rows = [
        setRow("seed 1 (the reporting set)", held[0]),
        setRow("seed 7000", held[1]),
        setRow("seed 8000", held[2]),
        setRow("seed 9000", held[3]),
        setRow("**the four together: chose nothing**", pool(held)),
        setRow("the 18 training seeds together", pool(train)),
        setRow("forced LIBRIUM, seeds 1000-6000", whole(need(runs, "librium"))),
    ]
    return markdown(SET_HEADER, rows)
}

function trainingSeedsTable(runs: Runs): string {
    const json = need(runs, "train-1000")
    const rows = (json.by_run ?? []).map(b => setRow(`seed ${b.seed}`, tally(b.figures)))
    return markdown(SET_HEADER, rows)
}

/** touch recall by force class and target: the training seeds against the sets that chose nothing */
function touchSplitTable(runs: Runs): string {
    const train = pool(training(runs))
    const held = pool(heldOut(runs))
    const rows = Object.keys(train.by_force_target).map(ct => [ct, caught(train.by_force_target[ct]), caught(held.by_force_target[ct])])
    // how much of each class landed on the hanger
    const onHanger = (t: Tally, cls: string) => percents(share((t.by_force_target[cls + " hanger"] ?? NONE).truth, total(ofForceClass(t.by_force_target, cls), "truth")))
    const lines = TOUCH_CLASSES.map(cls => `- ${cls} touches on the hanger: ${onHanger(train, cls)} of the training seeds', ${onHanger(held, cls)} of the four sets'`)
    return markdown(["touches", `the 18 training seeds (${thousands(train.cases)} cases)`, `the four sets that chose nothing (${thousands(held.cases)})`], rows) + "\n\n" + lines.join("\n")
}

/**
 * each force class's hanger touches by the vertical force they put on the cell: caught in each band, and the band's
 * share of the class's touches, the training seeds against the sets that chose nothing; then per class, what the
 * training seeds' recall in each band comes to over the bands the other sets drew (how much of a gap is the draw)
 */
function hangerSplitTable(runs: Runs): string {
    const train = pool(training(runs))
    const held = pool(heldOut(runs))
    const keys = Object.keys(train.hanger_by_class_vertical_g)
    // a class's bands in the training seeds' key order (a band the other sets lack counts nothing)
    const inClass = (t: Tally, cls: string) => keys.filter(k => k.split(" ")[0] === cls).map(k => t.hanger_by_class_vertical_g[k] ?? NONE)
    const ofClass = (t: Tally, k: string) => percents(share((t.hanger_by_class_vertical_g[k] ?? NONE).truth, total(inClass(t, k.split(" ")[0]), "truth")))
    const rows = keys.map(k => [`${k} g`, caught(train.hanger_by_class_vertical_g[k]), ofClass(train, k), caught(held.hanger_by_class_vertical_g[k]), ofClass(held, k)])
    const table = markdown(["hanger touches, force and vertical force", "the 18 training seeds: caught", "of the class", "the four sets that chose nothing: caught", "of the class"], rows)
    const lines = TOUCH_CLASSES.map(cls => {
        const t = inClass(train, cls)
        const h = inClass(held, cls)
        const drawn = total(h, "truth")
        // the training seeds' recall in each band, weighted by the other sets' draw of bands
        const weighted = drawn === 0 ? null : h.reduce((n, b, i) => n + (t[i].truth === 0 ? 0 : (t[i].caught / t[i].truth) * b.truth), 0) / drawn
        const over = weighted === null ? "-" : (100 * weighted).toFixed(1) + " %"
        const line = `- ${cls}: ${percents(share(total(t, "caught"), total(t, "truth")))} on the training seeds, ${percents(share(total(h, "caught"), drawn))} on the four sets; the training seeds' recall in each band over the four sets' bands: ${over}`
        if (weighted === null || total(t, "truth") === 0) return line
        // of a gap the four sets fall short by, the part the draw of bands makes (training's recall over the four sets' draw) and the rest
        const trainAll = total(t, "caught") / total(t, "truth")
        const heldAll = total(h, "caught") / drawn
        if (heldAll >= trainAll) return line
        return line + ` (of the ${(100 * (trainAll - heldAll)).toFixed(1)} points between them, the draw ${(100 * (trainAll - weighted)).toFixed(1)}, the detector ${(100 * (weighted - heldAll)).toFixed(1)})`
    })
    return table + "\n\n" + lines.join("\n")
}

/** touches by where they landed, the hanger's by their vertical force */
function targetsTable(runs: Runs): string {
    const row = (name: string, t: Tally) => {
        const v = t.hanger_by_vertical_g
        return [name, caught(t.by_target["structure"]), caught(t.by_target["hanger"]), Object.keys(v).map(b => `${v[b].caught}/${v[b].truth}`).join(", ")]
    }
    const rows = [
        row("seed 1 (reporting)", whole(need(runs, "reporting"))),
        ...TRAINING_POOLS.map(p => row(`seeds ${p[0]}-${p[p.length - 1]}`, whole(need(runs, "train-" + p[0])))),
        row("seeds 7000, 8000, 9000", pool([...runsOf(need(runs, "heldout-7000")), ...runsOf(need(runs, "heldout-8000-9000"))])),
    ]
    const bandsNames = Object.keys(whole(need(runs, "reporting")).hanger_by_vertical_g).join(", ")
    return markdown(["seeds", "structure touches caught", "hanger touches caught", `hanger, by vertical force ${bandsNames} g (caught/all)`], rows)
}

/** the wrong outcomes by their first error, per seed: the reporting set and the first training pool's six */
function causesTable(runs: Runs): string {
    const cases = [...need(runs, "reporting").cases, ...need(runs, "train-1000").cases]
    const seedOf = (id: string) => id.slice(0, id.indexOf("-"))
    const seeds = ["1", ...TRAINING_POOLS[0].map(String)]
    const by = new Map<string, Map<string, number>>()
    for (const c of cases) {
        if (!c.cause) continue
        const row = by.get(c.cause) ?? new Map<string, number>()
        row.set(seedOf(c.id), (row.get(seedOf(c.id)) ?? 0) + 1)
        by.set(c.cause, row)
    }
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0)
    const causes = [...by.keys()].sort((a, b) => total(by.get(b)) - total(by.get(a)) || a.localeCompare(b))
    const rows = causes.map(k => [k, ...seeds.map(s => String(by.get(k).get(s) ?? 0)), String(total(by.get(k)))])
    const all = (s: string) => causes.reduce((n, k) => n + (by.get(k).get(s) ?? 0), 0)
    rows.push(["**wrong outcomes**", ...seeds.map(s => String(all(s))), String(causes.reduce((n, k) => n + total(by.get(k)), 0))])
    return markdown(["first error", ...seeds.map(s => (s === "1" ? "seed 1" : s)), "all"], rows)
}

/** where the training seeds' collapses and touches land after the pass, on both clocks, as `bench --blame` prints it */
function blameBlock(runs: Runs): string {
    const rows = TRAINING_POOLS.flatMap(p => need(runs, "train-" + p[0]).blame ?? [])
    return blameTable(rows, BLAME_WINDOWS)
}

/** the per-run table of one training pool, as the benchmark prints it */
function poolTable(runs: Runs, first: number): string {
    const json = need(runs, "train-" + first)
    return runTable((json.by_run ?? []).map(b => [b.seed, b.figures]), json.total)
}

function headline(runs: Runs): string {
    const r = need(runs, "reporting").total.outcome
    const h = need(runs, "heldout-7000").total.outcome
    return `outcome right in ${pct(r.accuracy)} % of the reporting set's ${thousands(r.cases)} simulated games, ${pct(h.accuracy)} % of ${thousands(h.cases)} fresh ones`
}

/** a block on lines of its own: a blank line either side of its body */
const display = (body: string) => "\n\n" + body + "\n\n"

/** every block: its name in the README's markers, and its text from the runs */
export const BLOCKS: { [name: string]: (runs: Runs) => string } = {
    headline,
    categories: runs => {
        const json = need(runs, "reporting")
        return display(code(figuresTable("category", Object.keys(json.by_category).map(c => [c, json.by_category[c]]), json.total, false)))
    },
    // the replay speed is the machine's: quoted once, in a block of its own (VOLATILE)
    targets: runs => display(code(targetTable(need(runs, "reporting").targets.filter(t => t.unit !== "x")))),
    speed: runs => {
        const row = need(runs, "reporting").targets.find(t => t.unit === "x")
        return row.value === null ? "-" : `${thousands(Math.round(row.value))}x (${row.met ? "met" : "not met"})`
    },
    sets: runs => display(setsTable(runs)),
    "touch-split": runs => display(touchSplitTable(runs)),
    "touch-targets": runs => display(targetsTable(runs)),
    "hanger-split": runs => display(hangerSplitTable(runs)),
    causes: runs => display(causesTable(runs)),
    blame: runs => display(code(blameBlock(runs))),
    "training-seeds": runs => display(trainingSeedsTable(runs)),
    ...Object.fromEntries(TRAINING_POOLS.map(p => ["pool-" + p[0], (runs: Runs) => display(code(poolTable(runs, p[0])))])),
    hands: runs => {
        const h = runs["hands"] as HandsJson
        if (!h) throw new Error("no JSON for the run hands")
        return display(code(handTable(h.groups)) + `\n\n(${h.touches_left_out} touches met a slotting hand and are left out.)`)
    },
}

/** blocks whose figures depend on the machine and its load, not on the code: `npm run figures -- --check` does not count them */
export const VOLATILE = ["speed"]

/** blocks rendered from the reporting set alone (half a minute of benchmark): `npm test` checks them against a fresh run */
export const REPORTING_BLOCKS = ["categories", "targets"]

const OPEN = /<!-- figures:([a-z0-9-]+) -->/g

/** the 1-based line of `index` in `text` */
const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length

/** the README's blocks in order: name, and where the text between its markers starts and ends */
export function findBlocks(text: string): { name: string; from: number; to: number }[] {
    const found: { name: string; from: number; to: number }[] = []
    for (const m of text.matchAll(OPEN)) {
        const name = m[1]
        const from = m.index + m[0].length
        if (found.length > 0 && from < found[found.length - 1].to) throw new Error(`line ${lineOf(text, m.index)}: block ${name} opens inside block ${found[found.length - 1].name}`)
        const close = `<!-- /figures:${name} -->`
        const to = text.indexOf(close, from)
        if (to < 0) throw new Error(`line ${lineOf(text, m.index)}: block ${name} is never closed (${close})`)
        const next = text.slice(from, to).search(OPEN)
        if (next >= 0) throw new Error(`line ${lineOf(text, from + next)}: a block opens inside block ${name}`)
        if (found.some(b => b.name === name)) throw new Error(`line ${lineOf(text, m.index)}: block ${name} is there twice`)
        found.push({ name, from, to })
    }
    return found
}

/** the text's blocks, checked to be the ones `names` lists: each once, none missing and none unknown */
export function checkBlocks(text: string, names: string[]): { name: string; from: number; to: number }[] {
    const found = findBlocks(text)
    const unknown = found.filter(b => names.indexOf(b.name) < 0).map(b => b.name)
    if (unknown.length > 0) throw new Error(`blocks with no figures to fill them: ${unknown.join(", ")}`)
    const missing = names.filter(n => !found.some(b => b.name === n))
    if (missing.length > 0) throw new Error(`no block for ${missing.join(", ")} (<!-- figures:NAME --> ... <!-- /figures:NAME -->)`)
    return found
}

/** the text with every block's body replaced by `bodies`' (checkBlocks), and the names of those that changed */
export function fillBlocks(text: string, bodies: { [name: string]: string }): { text: string; changed: string[] } {
    const found = checkBlocks(text, Object.keys(bodies))
    let out = ""
    let at = 0
    const changed: string[] = []
    for (const b of found) {
        if (text.slice(b.from, b.to) !== bodies[b.name]) changed.push(b.name)
        out += text.slice(at, b.from) + bodies[b.name]
        at = b.to
    }
    return { text: out + text.slice(at), changed }
}

/** every block's body, rendered from the runs */
export function renderBlocks(runs: Runs): { [name: string]: string } {
    const out: { [name: string]: string } = {}
    for (const name of Object.keys(BLOCKS)) out[name] = BLOCKS[name](runs)
    return out
}
