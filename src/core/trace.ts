/**
 * Trace rows and referee event lines (../shared/spec/trace-format.md, version 1):
 * formatting (runs on the device: every line stays under 150 characters) and
 * a streaming, line-by-line parser (runs anywhere; no library needed).
 */
import { fmtNum, jsonStr } from "./num"
import { Sample } from "./sample"
import { GameConfig, RefEvent, checkGameConfig } from "./referee/types"

export const TRACE_FORMAT = "librium-trace"
export const TRACE_VERSION = 1
/** the longest line the device's log link carries uncut */
export const MAX_LINE_CHARS = 150

export const TRACE_COLUMNS = ["t_ms", "ax_g", "ay_g", "az_g", "gx_dps", "gy_dps", "gz_dps", "load_g", "input"]

/** the metadata line: `# {"format":"librium-trace","version":1,...}`; `extra` is appended verbatim as JSON members */
export function formatMeta(cfg: GameConfig, source: string, extra?: string): string {
    const parts = [
        "# {\"format\":\"librium-trace\",\"version\":1",
        "\"players\":" + cfg.players,
        "\"difficulty\":" + jsonStr(cfg.difficulty),
        "\"cards\":" + cfg.cards,
        "\"first_player\":" + cfg.first_player,
        "\"touch_penalty\":" + jsonStr(cfg.touch_penalty),
        "\"source\":" + jsonStr(source),
    ]
    let s = parts.join(",")
    if (extra) s += "," + extra
    return s + "}"
}

export function formatHeader(extraColumns?: string[]): string {
    const cols = TRACE_COLUMNS.slice(0)
    if (extraColumns) for (let i = 0; i < extraColumns.length; i++) cols.push(extraColumns[i])
    return cols.join(",")
}

/**
 * One data row. `tDecimals` is 0 on the device (whole ms), more in the simulator.
 * Accelerations get 4 decimals (0.1 mg), rates 3 (mdps), load 2 (10 mg).
 */
export function formatRow(s: Sample, tDecimals: number): string {
    const cells = [fmtNum(s.t_ms, tDecimals), "", "", "", "", "", "", "", s.input]
    if (s.hasImu) {
        cells[1] = fmtNum(s.ax_g, 4)
        cells[2] = fmtNum(s.ay_g, 4)
        cells[3] = fmtNum(s.az_g, 4)
        cells[4] = fmtNum(s.gx_dps, 3)
        cells[5] = fmtNum(s.gy_dps, 3)
        cells[6] = fmtNum(s.gz_dps, 3)
    }
    if (s.hasLoad) cells[7] = fmtNum(s.load_g, 2)
    return cells.join(",")
}

/** one referee event as a JSON line; numbers get at most 3 decimals, keys keep their order */
export function formatEvent(e: RefEvent): string {
    const keys = Object.keys(e)
    const parts: string[] = []
    for (let i = 0; i < keys.length; i++) {
        const k = keys[i]
        const v = e[k]
        let vs: string
        if (v === null || v === undefined) vs = "null"
        else if (typeof v === "number") vs = fmtNum(v, 3)
        else if (typeof v === "boolean") vs = v ? "true" : "false"
        else vs = jsonStr(v as string)
        parts.push(jsonStr(k) + ":" + vs)
    }
    return "{" + parts.join(",") + "}"
}

/** a problem in a trace, with the 1-based line number it was found on */
export class TraceError extends Error {
    line: number
    constructor(line: number, message: string) {
        super("line " + line + ": " + message)
        this.name = "TraceError"
        this.line = line
    }
}

/** parse a metadata JSON object (already JSON-decoded) into a game configuration; throws a message naming the key */
export function configFromMeta(m: any): GameConfig {
    if (m === null || typeof m !== "object") throw new Error("metadata is not a JSON object")
    if (m["format"] !== TRACE_FORMAT) throw new Error("metadata \"format\" must be \"librium-trace\"")
    if (m["version"] !== TRACE_VERSION) throw new Error("unsupported trace version " + m["version"] + " (this reader knows 1)")
    try {
        return checkGameConfig(m)
    } catch (e) {
        throw new Error("metadata " + (e as Error).message)
    }
}

function parseCell(cell: string, lineNo: number, col: string): number {
    const c = cell.trim()
    if (c.length === 0) return NaN
    // parseFloat reads a prefix ("1-2" is 1, "12e" is 12): check the whole syntax ourselves
    if (!isDecimal(c)) throw new TraceError(lineNo, "column " + col + ": \"" + clip(c) + "\" is not a number")
    const v = parseFloat(c)
    if (v !== v || v === Infinity || v === -Infinity) throw new TraceError(lineNo, "column " + col + ": \"" + clip(c) + "\" is not a number")
    return v
}

function digitsAt(c: string, i: number): number {
    let k = i
    while (k < c.length && c.charCodeAt(k) >= 48 && c.charCodeAt(k) <= 57) k++
    return k - i
}

/** `c` is a whole decimal number: [+-] digits [. digits] [e [+-] digits], at least one mantissa digit */
function isDecimal(c: string): boolean {
    let i = 0
    if (c.charAt(i) === "+" || c.charAt(i) === "-") i++
    let mantissa = digitsAt(c, i)
    i += mantissa
    if (c.charAt(i) === ".") {
        const frac = digitsAt(c, i + 1)
        mantissa += frac
        i += 1 + frac
    }
    if (mantissa === 0) return false
    if (c.charAt(i) === "e" || c.charAt(i) === "E") {
        i++
        if (c.charAt(i) === "+" || c.charAt(i) === "-") i++
        const exp = digitsAt(c, i)
        if (exp === 0) return false
        i += exp
    }
    return i === c.length
}

function clip(s: string): string {
    return s.length > 24 ? s.slice(0, 24) + "..." : s
}

const INPUTS = ["start", "next", "mode"]

/**
 * Streaming trace reader: feed it lines (without their line end) in order.
 * `line()` returns true when the line produced a sample (in `sample`).
 * Errors are TraceErrors naming the line. Strict by design: the replay command
 * must not guess; the logger cleans device output before it writes a trace.
 */
export class TraceReader {
    config: GameConfig = null
    /** the decoded metadata object (unknown keys kept) */
    meta: any = null
    columns: string[] = null
    readonly sample = new Sample()
    rows = 0
    private lineNo = 0
    private idx: number[] = []
    private lastT = -Infinity

    /** feed the next line; returns true if it produced a sample */
    line(text: string): boolean {
        this.lineNo++
        const n = this.lineNo
        let s = text
        if (s.length > 0 && s.charCodeAt(s.length - 1) === 13) s = s.slice(0, s.length - 1)
        if (n === 1 && s.charCodeAt(0) === 0xfeff) s = s.slice(1)
        if (this.columns === null) {
            if (s.charAt(0) === "#") {
                if (this.meta === null) {
                    const body = s.slice(1).trim()
                    let m: any
                    try {
                        m = JSON.parse(body)
                    } catch (e) {
                        throw new TraceError(n, "the first line must be the metadata JSON (# {\"format\":\"librium-trace\",...}): not valid JSON")
                    }
                    try {
                        this.config = configFromMeta(m)
                    } catch (e) {
                        throw new TraceError(n, (e as Error).message)
                    }
                    this.meta = m
                }
                return false
            }
            if (this.meta === null) throw new TraceError(n, "the first line must be the metadata line \"# {\\\"format\\\":\\\"librium-trace\\\",...}\"")
            if (s.trim().length === 0) return false
            this.header(s, n)
            return false
        }
        if (s.charAt(0) === "#" || s.trim().length === 0) return false
        this.row(s, n)
        return true
    }

    /** call at the end of input: complains about a file with no header */
    end() {
        if (this.meta === null) throw new TraceError(Math.max(1, this.lineNo), "empty trace: no metadata line")
        if (this.columns === null) throw new TraceError(Math.max(1, this.lineNo), "no header row after the metadata")
    }

    private header(s: string, n: number) {
        const cols = s.split(",")
        for (let i = 0; i < cols.length; i++) cols[i] = cols[i].trim()
        for (let i = 0; i < cols.length; i++)
            for (let j = 0; j < i; j++) if (cols[i] === cols[j] && cols[i].length > 0) throw new TraceError(n, "duplicate column \"" + clip(cols[i]) + "\" in the header")
        const idx: number[] = []
        for (let k = 0; k < TRACE_COLUMNS.length; k++) idx.push(cols.indexOf(TRACE_COLUMNS[k]))
        if (idx[0] < 0) throw new TraceError(n, "the header has no t_ms column")
        const imu = [idx[1], idx[2], idx[3], idx[4], idx[5], idx[6]]
        let present = 0
        for (let k = 0; k < 6; k++) if (imu[k] >= 0) present++
        if (present !== 0 && present !== 6) throw new TraceError(n, "the header must have all six IMU columns (ax_g..gz_dps) or none")
        this.columns = cols
        this.idx = idx
    }

    private row(s: string, n: number) {
        const cells = s.split(",")
        if (cells.length !== this.columns.length)
            throw new TraceError(n, "expected " + this.columns.length + " cells, found " + cells.length + " (a cut or merged line?)")
        const idx = this.idx
        const t = parseCell(cells[idx[0]], n, "t_ms")
        if (t !== t) throw new TraceError(n, "t_ms is empty")
        if (t < this.lastT) throw new TraceError(n, "t_ms goes backwards (" + fmtNum(t, 3) + " after " + fmtNum(this.lastT, 3) + ")")
        this.lastT = t
        const smp = this.sample
        smp.clear(t)
        if (idx[1] >= 0) {
            const ax = parseCell(cells[idx[1]], n, "ax_g")
            const ay = parseCell(cells[idx[2]], n, "ay_g")
            const az = parseCell(cells[idx[3]], n, "az_g")
            const gx = parseCell(cells[idx[4]], n, "gx_dps")
            const gy = parseCell(cells[idx[5]], n, "gy_dps")
            const gz = parseCell(cells[idx[6]], n, "gz_dps")
            let present = 0
            if (ax === ax) present++
            if (ay === ay) present++
            if (az === az) present++
            if (gx === gx) present++
            if (gy === gy) present++
            if (gz === gz) present++
            if (present === 6) smp.setImu(ax, ay, az, gx, gy, gz)
            else if (present !== 0) throw new TraceError(n, "IMU fields must be all present or all empty")
        }
        if (idx[7] >= 0) {
            const l = parseCell(cells[idx[7]], n, "load_g")
            if (l === l) smp.setLoad(l)
        }
        if (idx[8] >= 0) {
            const inp = cells[idx[8]].trim()
            if (inp.length > 0) {
                if (INPUTS.indexOf(inp) < 0) throw new TraceError(n, "input \"" + clip(inp) + "\" is not start, next or mode")
                smp.input = inp
            }
        }
        this.rows++
    }
}
