/**
 * Cleans the firmware's USB log (src/core/telemetry-format.ts) into a trace
 * that the strict TraceReader accepts plus a JSON Lines file of events.
 * Pure: feed it lines, it says what each one is and where it goes; the caller
 * (devs/log.ts) does the writing. A line may come with DeviceScript's log-level
 * prefix ("> ") or terminal colours (relayed by `devs devtools -l`): both are
 * taken off. SerialText takes the Jacdac frames out of the raw USB bytes.
 *
 * Every row is checked by a TraceReader of the current session, so a row that
 * goes into the trace is one the replay command will read. Damaged lines are
 * counted and skipped, never fatal:
 *   cut      a line that arrived damaged: a row or event missing its head or
 *            tail, two lines run together, over-long
 *   garbage  anything else that is not ours: boot chatter, noise bytes, a row
 *            with bad cells, a row whose seq repeats
 *   lost     rows that never arrived at all: gaps in `seq` not explained by
 *            cut row lines in between
 * A new session (a new output file) starts at a hello that differs from the
 * current one, or when `seq` goes back to the start (the device was reset).
 */
import { configFromMeta, MAX_LINE_CHARS, TraceReader } from "../../src/core/trace.ts"
import { SEQ_COLUMN } from "../../src/core/telemetry-format.ts"

export type LineKind = "hello" | "comment" | "header" | "row" | "event" | "cut" | "garbage" | "waiting"

export interface LogStats {
    rows: number
    events: number
    lost: number
    cut: number
    garbage: number
    /** lines before the first hello + header (a logger started mid-stream) */
    waiting: number
    sessions: number
}

export interface Classified {
    kind: LineKind
    /** set when this line starts a new output file: write these lines first (hello, comments, header) */
    newSession: string[] | null
    /** the line to append: to the trace for "row", to the events file for "event"; for "comment" a device notice's text (a `#` line that is no JSON object: a fault's new error, a calibration, a settings problem) for a person; else null */
    out: string | null
}

/**
 * The text of a DeviceScript ESP32's USB serial line. The line carries Jacdac frames and the serial log together
 * (the USB bridge service's spec, shipped with @devicescript/cli): 0xFE is a framing byte; 0xFE 0xFC .. 0xFE 0xFD
 * is a Jacdac frame, 0xFE 0xF8 a literal 0xFE, 0xFE 0xF9/0xFA/0xFB markers (reserved, log bytes dropped, frames
 * dropped); 0xFE and any other byte, in the log, is that 0xFE and the byte, and in a frame ends the frame. The
 * frames are dropped, the log's bytes split into lines (UTF-8, "\n"). Bytes with no frames pass as they are.
 */
export class SerialText {
    private inFrame = false
    private magic = false
    private line: number[] = []

    /** a chunk of bytes as read from the port; returns the lines it completed */
    feed(chunk: Uint8Array): string[] {
        const out: string[] = []
        for (const b of chunk) {
            if (this.magic) {
                this.magic = false
                if (b === 0xfc) this.inFrame = true
                else if (b === 0xfd) this.inFrame = false
                else if (b === 0xf8) {
                    if (!this.inFrame) this.take(0xfe, out)
                }
                else if (b === 0xf9 || b === 0xfa || b === 0xfb) continue
                else if (b === 0xfe) {
                    if (!this.inFrame) this.take(0xfe, out)
                    this.magic = true
                } else if (this.inFrame) {
                    this.inFrame = false
                    this.take(b, out)
                } else {
                    this.take(0xfe, out)
                    this.take(b, out)
                }
            } else if (b === 0xfe) this.magic = true
            else if (!this.inFrame) this.take(b, out)
        }
        return out
    }

    private take(b: number, out: string[]) {
        if (b !== 0x0a) this.line.push(b)
        else {
            out.push(Buffer.from(this.line).toString("utf8"))
            this.line = []
        }
    }
}

/** a DeviceScript log line's level prefix (console.log prints at INFO: "> "), and terminal colours (a relayed log) */
const LOG_PREFIX = /^(\x1b\[[0-9;]*m)*(> )?/
const COLOURS = /\x1b\[[0-9;]*m/g

const ROWISH = /^[-+0-9.eE,]*(start|next|mode)?[-+0-9.eE,]*$/
const PRINTABLE = /^[\x20-\x7e]*$/

export class LogCleaner {
    readonly stats: LogStats = { rows: 0, events: 0, lost: 0, cut: 0, garbage: 0, waiting: 0, sessions: 0 }
    /** the last event line taken */
    lastEvent: string = null
    private hello: string[] = null
    private pending: string[] = null
    private header: string = null
    private reader: TraceReader = null
    private seqIdx = -1
    private tIdx = -1
    private lastSeq = -1
    private lastT_ms = -Infinity
    private cutRowsSinceLastRow = 0

    line(raw: string): Classified {
        let s = raw.replace(LOG_PREFIX, "")
        if (s.indexOf("\x1b") >= 0) s = s.replace(COLOURS, "")
        if (s.endsWith("\r")) s = s.slice(0, -1)
        if (s.length >= MAX_LINE_CHARS) return this.count("cut")
        if (!PRINTABLE.test(s)) return this.count("garbage")
        if (s.startsWith("#")) return this.metaLine(s)
        if (s.startsWith("t_ms,")) return this.headerLine(s)
        if (s.startsWith("{") || s.endsWith("}")) return this.eventLine(s)
        if (s.trim().length === 0) return this.count("garbage")
        return this.rowLine(s)
    }

    private count(kind: "cut" | "garbage" | "waiting"): Classified {
        this.stats[kind]++
        return { kind, newSession: null, out: null }
    }

    private metaLine(s: string): Classified {
        let m: any = undefined
        if (s.startsWith("# {")) {
            try {
                m = JSON.parse(s.slice(1))
            } catch {
                return this.count("cut")
            }
        }
        if (m && m.format !== undefined) {
            try {
                configFromMeta(m)
            } catch {
                return this.count("garbage")
            }
            if (this.hello === null || this.hello[0] !== s) this.pending = [s]
            return { kind: "hello", newSession: null, out: null }
        }
        // a comment: kept in the preamble of a session about to start, else out of the trace (the format has comments
        // only before the header); a notice's text goes to the person
        if (this.pending !== null && this.pending.indexOf(s) < 0) this.pending.push(s)
        return { kind: "comment", newSession: null, out: s.startsWith("# {") ? null : s.slice(1).trim() }
    }

    private headerLine(s: string): Classified {
        const cols = s.split(",")
        if (cols.indexOf(SEQ_COLUMN) < 0) return this.count("garbage")
        if (this.pending === null) {
            if (this.hello === null) return this.count("waiting")
            if (s === this.header) return { kind: "header", newSession: null, out: null }
            this.pending = this.hello.slice(0)
        }
        return { kind: "header", newSession: this.startSession(this.pending, s), out: null }
    }

    private startSession(hello: string[], header: string): string[] {
        const reader = new TraceReader()
        for (const l of hello) reader.line(l)
        reader.line(header)
        this.reader = reader
        this.hello = hello
        this.pending = null
        this.header = header
        this.seqIdx = reader.columns.indexOf(SEQ_COLUMN)
        this.tIdx = reader.columns.indexOf("t_ms")
        this.lastSeq = -1
        this.lastT_ms = -Infinity
        this.cutRowsSinceLastRow = 0
        this.stats.sessions++
        return [...hello, header]
    }

    private eventLine(s: string): Classified {
        let e: any
        try {
            e = JSON.parse(s)
        } catch {
            return this.count("cut")
        }
        if (e === null || typeof e !== "object" || typeof e.t_ms !== "number" || typeof e.type !== "string") return this.count("garbage")
        if (this.reader === null) return this.count("waiting")
        this.stats.events++
        this.lastEvent = s
        return { kind: "event", newSession: null, out: s }
    }

    private rowLine(s: string): Classified {
        if (!ROWISH.test(s) || s.indexOf(",") < 0) return this.count("garbage")
        if (this.reader === null) return this.count("waiting")
        const cells = s.split(",")
        if (cells.length !== this.reader.columns.length) {
            this.cutRowsSinceLastRow++
            return this.count("cut")
        }
        const seqText = cells[this.seqIdx]
        const seq = Number(seqText)
        if (seqText.length === 0 || !Number.isInteger(seq) || seq < 0) return this.count("garbage")
        const t_ms = Number(cells[this.tIdx])
        let newSession: string[] = null
        if (seq <= this.lastSeq) {
            // seq and time both go back only when the device was reset: a new trace
            if (!(t_ms < this.lastT_ms)) return this.count("garbage")
            newSession = this.startSession(this.hello, this.header)
        }
        try {
            if (!this.reader.line(s)) return this.count("garbage")
        } catch {
            return this.count("garbage")
        }
        // the first row of a session sets the baseline (a logger may join mid-stream)
        if (this.lastSeq >= 0) this.stats.lost += Math.max(0, seq - this.lastSeq - 1 - this.cutRowsSinceLastRow)
        this.lastSeq = seq
        this.lastT_ms = t_ms
        this.cutRowsSinceLastRow = 0
        this.stats.rows++
        return { kind: "row", newSession, out: s }
    }
}
