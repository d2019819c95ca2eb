/**
 * Reading trace files from disk: streamed line by line through the core's
 * strict TraceReader (constant memory, even for gigabyte files), with every
 * problem reported as a TraceFileError naming the file and the line.
 */
import { createReadStream, existsSync, readFileSync } from "node:fs"
import { createInterface } from "node:readline"
import { TraceError, TraceReader } from "../../src/core/trace.ts"
import { Sample } from "../../src/core/sample.ts"
import { GameConfig, RefEvent } from "../../src/core/referee/types.ts"
import { Referee } from "../../src/core/referee/referee.ts"
import { Truth } from "../../src/sim/truth.ts"

/** a problem with an input file: `file` and (when known) the 1-based `line` */
export class TraceFileError extends Error {
    readonly file: string
    readonly line: number | null
    constructor(file: string, line: number | null, problem: string) {
        super(line === null ? `${file}: ${problem}` : `${file}: line ${line}: ${problem}`)
        this.name = "TraceFileError"
        this.file = file
        this.line = line
    }
}

export interface TraceInfo {
    config: GameConfig
    /** the decoded metadata object, unknown keys kept */
    meta: any
    columns: string[]
    rows: number
    /** t_ms of the last row (0 for a trace without rows) */
    lastT_ms: number
}

/**
 * Stream `file` through a TraceReader; `onSample` sees each row (the Sample is
 * reused: copy what you keep). The config is known before the first sample.
 */
export async function readTrace(file: string, onSample: (s: Sample, config: GameConfig) => void): Promise<TraceInfo> {
    if (!existsSync(file)) throw new TraceFileError(file, null, "no such file")
    const reader = new TraceReader()
    const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity })
    let lastT_ms = 0
    try {
        for await (const line of lines) {
            if (reader.line(line)) {
                lastT_ms = reader.sample.t_ms
                onSample(reader.sample, reader.config)
            }
        }
        reader.end()
    } catch (e) {
        if (e instanceof TraceError) throw new TraceFileError(file, e.line, e.message.replace(/^line \d+: /, ""))
        if ((e as NodeJS.ErrnoException).code) throw new TraceFileError(file, null, "cannot read: " + (e as Error).message)
        throw e
    }
    return { config: reader.config, meta: reader.meta, columns: reader.columns, rows: reader.rows, lastT_ms }
}

/** replay a trace file through a fresh Referee; `onEvent` sees every event (copied), in order */
export async function replayTrace(file: string, onEvent: (e: RefEvent) => void, onSample?: (s: Sample) => void): Promise<TraceInfo> {
    let ref: Referee = null
    return readTrace(file, (s, cfg) => {
        if (ref === null) ref = new Referee(cfg)
        if (onSample) onSample(s)
        const evs = ref.update(s)
        for (let i = 0; i < evs.length; i++) onEvent({ ...evs[i] })
    })
}

/** read a whole JSON Lines events file (referee output) */
export function readEvents(file: string): RefEvent[] {
    const text = readText(file)
    const out: RefEvent[] = []
    const lines = text.split("\n")
    for (let i = 0; i < lines.length; i++) {
        const l = lines[i].trim()
        if (l.length === 0) continue
        let e: any
        try {
            e = JSON.parse(l)
        } catch {
            throw new TraceFileError(file, i + 1, "not a JSON object")
        }
        if (e === null || typeof e !== "object" || typeof e.t_ms !== "number" || typeof e.type !== "string")
            throw new TraceFileError(file, i + 1, "an event needs a numeric t_ms and a string type")
        out.push(e)
    }
    return out
}

/** read a `*.truth.json` (ground truth) file */
export function readTruth(file: string): Truth {
    const text = readText(file)
    let t: any
    try {
        t = JSON.parse(text)
    } catch (e) {
        throw new TraceFileError(file, null, "not valid JSON: " + (e as Error).message)
    }
    if (t === null || !Array.isArray(t.events) || t.outcome === null || typeof t.outcome !== "object")
        throw new TraceFileError(file, null, "a truth file needs \"events\" (array) and \"outcome\" (object)")
    return t as Truth
}

function readText(file: string): string {
    if (!existsSync(file)) throw new TraceFileError(file, null, "no such file")
    return readFileSync(file, "utf8")
}
