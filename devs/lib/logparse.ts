/**
 * Cleans the firmware's USB log (src/core/telemetry-format.ts) into a trace
 * that the strict TraceReader accepts plus a JSON Lines file of events.
 * Pure: feed it lines, it says what each one is and where it goes; the caller
 * (devs/log.ts) does the writing.
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
    /** the line to append: to the trace for "row", to the events file for "event"; else null */
    out: string | null
}

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
        let s = raw
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
        // a comment: kept in the preamble of a session about to start, else dropped
        if (this.pending !== null && this.pending.indexOf(s) < 0) this.pending.push(s)
        return { kind: "comment", newSession: null, out: null }
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
