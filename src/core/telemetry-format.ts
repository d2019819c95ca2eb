/**
 * What the firmware prints over its USB log link (pure: no clock, no printing).
 * The device side (src/hw/telemetry.ts) queues these lines and prints them;
 * the host logger (devs/log.ts) reads them back (devs/lib/logparse.ts).
 *
 * The stream is a trace (../shared/spec/trace-format.md) with referee events
 * mixed in:
 *   # {"format":"librium-trace",...,"firmware":"0.1.0","board":"..."}   hello (metadata line)
 *   t_ms,ax_g,...,input,seq                                             header (extra column `seq`)
 *   1234,0.0012,...,,57                                                 rows: whole ms, running seq
 *   {"t_ms":1234,"type":"placed",...}                                   events start with `{`
 * `seq` counts the rows the firmware chose to send (after decimation), so a
 * gap in it is a row lost on the way (queue full or link loss).
 */
import { jsonStr } from "./num"
import { RefEvent, GameConfig } from "./referee/types"
import { formatEvent, formatHeader, formatMeta, formatRow, MAX_LINE_CHARS } from "./trace"
import { Sample } from "./sample"

/** name of the extra sequence-number column */
export const SEQ_COLUMN = "seq"

/** which rows go out: none (events only), every `decimate`-th, or all */
export type RowMode = "events" | "decimated" | "full"
export const ROW_MODES: RowMode[] = ["events", "decimated", "full"]

/**
 * The row rate a user chose, as text (the `lib_tel` setting): "events",
 * "full", "decimated" or "decimated:N" (every N-th row, N 2..100). Null for
 * anything else, so the caller can say so and keep its default.
 */
export function parseRowRate(text: string): { mode: RowMode; decimate: number } {
    if (text === "events" || text === "full") return { mode: text, decimate: 1 }
    if (text === "decimated") return { mode: "decimated", decimate: 4 }
    if (text.indexOf("decimated:") === 0) {
        const n = parseInt(text.slice(10))
        if (n >= 2 && n <= 100 && "" + n === text.slice(10)) return { mode: "decimated", decimate: n }
    }
    return null
}

/** the header the firmware prints: the trace columns plus `seq` */
export function telemetryHeader(): string {
    return formatHeader([SEQ_COLUMN])
}

/** a trace row in whole milliseconds with its sequence number */
export function telemetryRow(s: Sample, seq: number): string {
    return formatRow(s, 0) + "," + seq
}

/**
 * The hello lines: the trace metadata line with `firmware` and `board` as
 * extra keys. To fit the link, optional keys at their default values
 * (first_player 1, touch_penalty out) are left out; if it still would not fit,
 * the extras follow as a `#` comment line of their own.
 */
export function helloLines(cfg: GameConfig, firmware: string, board: string): string[] {
    const extra = "\"firmware\":" + jsonStr(firmware) + ",\"board\":" + jsonStr(board)
    let whole = formatMeta(cfg, "rig", extra)
    if (cfg.first_player === 1) whole = without(whole, ",\"first_player\":1,")
    if (cfg.touch_penalty === "out") whole = without(whole, ",\"touch_penalty\":\"out\",")
    if (whole.length < MAX_LINE_CHARS) return [whole]
    return [formatMeta(cfg, "rig"), "# {" + extra + "}"]
}

/** `s` with the first occurrence of `part` (which starts and ends with a comma) reduced to one comma */
function without(s: string, part: string): string {
    const i = s.indexOf(part)
    if (i < 0) return s
    return s.slice(0, i + 1) + s.slice(i + part.length)
}

/**
 * An event line that fits the link: if the evidence fields make it too long,
 * trailing fields are left off (the spec's fields come first in key order).
 */
export function telemetryEvent(e: RefEvent): string {
    const whole = formatEvent(e)
    if (whole.length < MAX_LINE_CHARS) return whole
    const keys = Object.keys(e)
    const part: RefEvent = { t_ms: e.t_ms, type: e.type }
    let best = formatEvent(part)
    for (let i = 0; i < keys.length; i++) {
        const k = keys[i]
        if (k === "t_ms" || k === "type") continue
        part[k] = e[k]
        const s = formatEvent(part)
        if (s.length >= MAX_LINE_CHARS) break
        best = s
    }
    return best
}

/**
 * Chooses the rows to send. Rows carrying a button input always go (the
 * referee acts on them); in `decimated` mode every `decimate`-th other row goes.
 */
export class RowGate {
    mode: RowMode
    decimate: number
    private n = 0

    constructor(mode: RowMode, decimate: number) {
        if (ROW_MODES.indexOf(mode) < 0) throw new Error("telemetry row mode must be events, decimated or full, not " + mode)
        if (!(decimate >= 1) || decimate !== Math.floor(decimate)) throw new Error("telemetry decimate must be a whole number >= 1")
        this.mode = mode
        this.decimate = decimate
    }

    /** true if this sample's row is to be sent */
    pass(s: Sample): boolean {
        if (this.mode === "events") return false
        if (this.mode === "full" || s.input.length > 0) return true
        this.n++
        if (this.n >= this.decimate) {
            this.n = 0
            return true
        }
        return false
    }
}

/**
 * A bounded FIFO of lines between the sampler and the printing fiber. Rows
 * are dropped once the queue is `rowLimit` deep, so there is always room left
 * for events and hello lines, which are dropped only when it is full.
 */
export class LineQueue {
    readonly capacity: number
    readonly rowLimit: number
    /** rows refused because the queue was busy */
    droppedRows = 0
    /** other lines (events) refused because the queue was full */
    droppedOther = 0
    private buf: string[] = []
    private head = 0
    /** lines waiting (read only: the queue keeps it) */
    count = 0

    constructor(capacity: number) {
        if (!(capacity >= 4)) throw new Error("telemetry queue capacity must be >= 4 lines")
        this.capacity = capacity
        this.rowLimit = Math.floor((capacity * 3) / 4)
        for (let i = 0; i < capacity; i++) this.buf.push("")
    }

    /** queue a row; false (and counted) when the queue is too busy */
    pushRow(line: string): boolean {
        if (this.count >= this.rowLimit) {
            this.droppedRows++
            return false
        }
        this.put(line)
        return true
    }

    /** queue an event or hello line; false (and counted) only when the queue is full */
    pushOther(line: string): boolean {
        if (this.count >= this.capacity) {
            this.droppedOther++
            return false
        }
        this.put(line)
        return true
    }

    /** the oldest line, or null when empty */
    shift(): string {
        if (this.count === 0) return null
        const line = this.buf[this.head]
        this.buf[this.head] = ""
        this.head = (this.head + 1) % this.capacity
        this.count--
        return line
    }

    private put(line: string) {
        this.buf[(this.head + this.count) % this.capacity] = line
        this.count++
    }
}
