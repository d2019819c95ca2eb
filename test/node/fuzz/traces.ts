/**
 * Generated trace files for the fuzz and property tests: a good trace
 * (random config, column order, extra columns, sensors at their own rates)
 * and the malformations a reader must answer, each with the line its error
 * must name (or "accept" when the file stays valid, e.g. CRLF ends or a BOM).
 */
import fc from "fast-check"
import { fmtNum } from "../../../src/core/num.ts"
import { TRACE_COLUMNS, TraceError, TraceReader } from "../../../src/core/trace.ts"
import { DIFFICULTIES } from "../../../src/core/referee/types.ts"

/** the fixed seed of the property tests in npm test (npm run fuzz draws new ones) */
export const TEST_SEED = 20260707

export interface GoodTrace {
    lines: string[]
    /** index in `lines` of the header row */
    header: number
    /** indices in `lines` of the data rows */
    rows: number[]
    columns: string[]
}

const rowArb = fc.record({
    dt_ms: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.double({ min: 0, max: 30, noNaN: true })),
    imu: fc.option(fc.array(fc.integer({ min: -160000, max: 160000 }), { minLength: 6, maxLength: 6 }), { nil: null }),
    load: fc.option(fc.integer({ min: -9999999, max: 9999999 }), { nil: null }),
    input: fc.constantFrom("", "", "", "", "start", "next", "mode"),
    extra: fc.integer({ min: -99, max: 99 }),
})

export const goodTraceArb: fc.Arbitrary<GoodTrace> = fc
    .record({
        players: fc.integer({ min: 2, max: 8 }),
        difficulty: fc.constantFrom(...DIFFICULTIES),
        cards: fc.constantFrom(30, 40, 50),
        first: fc.integer({ min: 1, max: 8 }),
        penalty: fc.constantFrom("out", "warn"),
        order: fc.shuffledSubarray(TRACE_COLUMNS.slice(1), { minLength: TRACE_COLUMNS.length - 1 }),
        extra: fc.constantFrom([], ["temp_c"], ["seq", "note"]),
        comments: fc.integer({ min: 0, max: 2 }),
        rows: fc.array(rowArb, { minLength: 2, maxLength: 40 }),
    })
    .map(g => {
        const meta = { format: "librium-trace", version: 1, players: g.players, difficulty: g.difficulty, cards: g.cards, first_player: 1 + ((g.first - 1) % g.players), touch_penalty: g.penalty, source: "fuzz", unknown_key: [1, 2] }
        const columns = ["t_ms", ...g.order, ...g.extra]
        const lines = ["# " + JSON.stringify(meta)]
        for (let i = 0; i < g.comments; i++) lines.push("# comment " + i)
        const header = lines.length
        lines.push(columns.join(","))
        const rows: number[] = []
        let t = 0
        for (const r of g.rows) {
            t += r.dt_ms
            const cell: { [k: string]: string } = { t_ms: fmtNum(t, 3), load_g: r.load === null ? "" : fmtNum(r.load / 100, 2), input: r.input }
            const imuCols = ["ax_g", "ay_g", "az_g", "gx_dps", "gy_dps", "gz_dps"]
            imuCols.forEach((c, i) => (cell[c] = r.imu === null ? "" : i < 3 ? fmtNum(r.imu[i] / 10000, 4) : fmtNum(r.imu[i] / 100, 3)))
            rows.push(lines.length)
            lines.push(columns.map(c => (c in cell ? cell[c] : String(r.extra))).join(","))
        }
        return { lines, header, rows, columns }
    })

/** what the reader made of a file: the samples it produced, and the error that stopped it */
export interface ReadResult {
    samples: string[]
    error: TraceError | null
}

/** feeds `lines` to a fresh TraceReader; any exception but a TraceError propagates (a crash) */
export function readLines(lines: string[]): ReadResult {
    const r = new TraceReader()
    const samples: string[] = []
    try {
        for (const l of lines) {
            if (r.line(l)) {
                const s = r.sample
                samples.push([s.t_ms, s.hasImu, s.ax_g, s.ay_g, s.az_g, s.gx_dps, s.gy_dps, s.gz_dps, s.hasLoad, s.load_g, s.input].join("|"))
            }
        }
        r.end()
    } catch (e) {
        if (!(e instanceof TraceError)) throw e
        return { samples, error: e }
    }
    return { samples, error: null }
}

/** a malformed (or harmlessly changed) file and the 1-based line its error must name, or "accept" */
export interface Mutated {
    name: string
    lines: string[]
    expect: number | "accept"
}

/** strings that look numeric to a lax parser but are not a decimal number */
export const NOT_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e400", "0x1A", "1-2", "1.2.3", "12e", "e5", "--1", "+", ".", "-", "1 2", "1e", "1e+", "١٢", "½", "1_000", "0b1", "1..2"]
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/

/** true when `s` (trimmed) is a decimal number the trace format accepts */
export function isDecimal(s: string): boolean {
    const c = s.trim()
    return DECIMAL.test(c) && Number.isFinite(Number(c))
}

/** a bad cell: a known trap, or random text that is not a decimal */
const notNumberArb = fc.oneof(fc.constantFrom(...NOT_NUMBERS), fc.string({ minLength: 1, maxLength: 12 }).filter(s => !s.includes(",") && s.trim().length > 0 && !isDecimal(s)))

/** random bytes as one line (latin1, no line end, not a comment, not blank, not eight commas) */
const noiseLineArb = fc
    .uint8Array({ minLength: 1, maxLength: 300 })
    .map(b => Buffer.from(b).toString("latin1").replace(/[\r\n]/g, "?"))
    .filter(s => !s.startsWith("#") && s.trim().length > 0 && s.split(",").length < TRACE_COLUMNS.length)

const at = (lines: string[], i: number, line: string) => lines.map((l, j) => (j === i ? line : l))
const cellsOf = (g: GoodTrace, i: number) => g.lines[i].split(",")

/** one malformation of a good trace (the index picks which row) */
export const mutationArb = (g: GoodTrace): fc.Arbitrary<Mutated> => {
    const row = fc.integer({ min: 0, max: g.rows.length - 1 }).map(k => g.rows[k])
    const later = fc.integer({ min: 1, max: g.rows.length - 1 }).map(k => g.rows[k])
    const numericCell = (i: number) => cellsOf(g, i).map((c, j) => (c !== "" && isDecimal(c) && TRACE_COLUMNS.includes(g.columns[j]) ? j : -1)).filter(j => j >= 0)
    const col = (name: string) => g.columns.indexOf(name)
    return fc.oneof(
        fc.tuple(row, fc.nat()).map(([i, p]) => {
            const last = g.lines[i].lastIndexOf(",")
            return { name: "cut row", lines: at(g.lines, i, g.lines[i].slice(0, 1 + (p % last))), expect: i + 1 }
        }),
        row.filter(i => i + 1 < g.lines.length).map(i => ({ name: "merged rows", lines: [...g.lines.slice(0, i), g.lines[i] + g.lines[i + 1], ...g.lines.slice(i + 2)], expect: i + 1 })),
        fc.tuple(row, fc.nat()).map(([i, p]) => {
            const c = cellsOf(g, i)
            c.splice(p % c.length, 1)
            return { name: "missing cell", lines: at(g.lines, i, c.join(",")), expect: i + 1 }
        }),
        row.map(i => ({ name: "extra cell", lines: at(g.lines, i, g.lines[i] + ",1"), expect: i + 1 })),
        fc.tuple(row, fc.nat(), notNumberArb).map(([i, p, bad]) => {
            const c = cellsOf(g, i)
            const js = numericCell(i)
            c[js[p % js.length]] = bad
            return { name: "bad number " + JSON.stringify(bad), lines: at(g.lines, i, c.join(",")), expect: i + 1 }
        }).filter(m => m.lines[m.expect - 1].charAt(0) !== "#"), // a bad t_ms starting with '#' makes the row a comment line: harmless (below)
        fc.tuple(later, fc.integer({ min: 1, max: 1e6 })).map(([i, d]) => {
            const c = cellsOf(g, i)
            const prev = Number(cellsOf(g, g.rows[g.rows.indexOf(i) - 1])[0])
            c[0] = fmtNum(prev - d / 1000, 3)
            return { name: "t_ms backwards", lines: at(g.lines, i, c.join(",")), expect: i + 1 }
        }),
        row.map(i => ({ name: "empty t_ms", lines: at(g.lines, i, ["", ...cellsOf(g, i).slice(1)].join(",")), expect: i + 1 })),
        fc.tuple(row, fc.constantFrom("ax_g", "gz_dps")).map(([i, name]) => {
            const c = cellsOf(g, i)
            const fill = c[col(name)] === "" ? "0.5" : ""
            c[col(name)] = fill
            return { name: "partial IMU", lines: at(g.lines, i, c.join(",")), expect: i + 1 }
        }),
        fc.tuple(row, fc.constantFrom("stop", "START", "1", "start!")).map(([i, w]) => {
            const c = cellsOf(g, i)
            c[col("input")] = w
            return { name: "bad input word", lines: at(g.lines, i, c.join(",")), expect: i + 1 }
        }),
        fc.nat().map(p => ({ name: "duplicate header column", lines: at(g.lines, g.header, g.lines[g.header] + "," + g.columns[p % g.columns.length]), expect: g.header + 1 })),
        fc.constant<Mutated>({ name: "header without t_ms", lines: at(g.lines, g.header, g.columns.slice(1).join(",")), expect: g.header + 1 }),
        fc.tuple(row, noiseLineArb).map(([i, noise]) => ({ name: "noise line", lines: [...g.lines.slice(0, i), noise, ...g.lines.slice(i)], expect: i + 1 })),
        fc.tuple(row, fc.integer({ min: 10000, max: 300000 })).map(([i, n]) => ({ name: "very long line", lines: at(g.lines, i, "1,".repeat(n / 2)), expect: i + 1 })),
        row.map(i => ({ name: "NUL in a row", lines: at(g.lines, i, g.lines[i].replace(",", ",\u0000")), expect: i + 1 })),
        fc.constant<Mutated>({ name: "metadata not first", lines: [g.lines[g.header], ...g.lines], expect: 1 }),
        fc.constant<Mutated>({ name: "metadata cut", lines: at(g.lines, 0, g.lines[0].slice(0, g.lines[0].length - 3)), expect: 1 }),
        fc.constant<Mutated>({ name: "no rows, no header", lines: g.lines.slice(0, g.header), expect: g.header }),
        // harmless changes: the same samples must come out
        fc.array(fc.boolean(), { minLength: g.lines.length, maxLength: g.lines.length }).map((cr): Mutated => ({ name: "CRLF mix", lines: g.lines.map((l, j) => (cr[j] ? l + "\r" : l)), expect: "accept" })),
        fc.constant<Mutated>({ name: "BOM", lines: at(g.lines, 0, "\ufeff" + g.lines[0]), expect: "accept" }),
        row.map((i): Mutated => ({ name: "blank and comment lines", lines: [...g.lines.slice(0, i), "", "# note", "   ", ...g.lines.slice(i)], expect: "accept" })),
    )
}

export const mutatedTraceArb = goodTraceArb.chain(g => mutationArb(g).map(m => ({ good: g, m })))
