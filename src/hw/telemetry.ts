/**
 * Telemetry over the USB log link (device side). The sampler calls the sink
 * (`onRow` per sample, `onEvent` per referee event); the sink only formats
 * and queues, so printing never delays sampling. A separate fiber prints the
 * queue. Line formats: src/core/telemetry-format.ts.
 *
 *   const tel = new Telemetry(cfg, { firmware: "0.1.0", board: "qtpy-c3" })
 *   tel.start()                       // printer fiber
 *   sampler: tel.onRow(sample); for (ev of events) tel.onEvent(ev)
 */
import * as ds from "@devicescript/core"
import { GameConfig, RefEvent } from "../core/referee/types"
import { Sample } from "../core/sample"
import { helloLines, LineQueue, RowGate, RowMode, telemetryEvent, telemetryHeader, telemetryRow } from "../core/telemetry-format"

/** what the sampler feeds (the hardware layer holds one of these); a new game from the menu is a new trace */
export interface TelemetrySink {
    onRow(s: Sample): void
    onEvent(ev: RefEvent): void
    newGame(cfg: GameConfig): void
}

export interface TelemetrySettings {
    /** rows sent: "events" (none), "decimated" (every `decimate`-th) or "full" */
    mode: RowMode
    decimate: number
    /** queue depth in lines; rows are dropped at 3/4 of it */
    queue_lines: number
    /** the hello and header are repeated this often (trace time) so a logger started late can begin a file */
    hello_every_ms: number
    /** the printer fiber's pause between drains */
    print_every_ms: number
}

export const TELEMETRY_DEFAULTS: TelemetrySettings = {
    mode: "decimated",
    decimate: 4,
    queue_lines: 64,
    hello_every_ms: 10000,
    print_every_ms: 20,
}

export interface FirmwareInfo {
    firmware: string
    board: string
}

export class Telemetry implements TelemetrySink {
    readonly queue: LineQueue
    /** rows chosen for sending so far (the last `seq` given out) */
    seq = 0
    private gate: RowGate
    private hello: string[]
    private helloAt_ms = -1
    private settings: TelemetrySettings
    private print: (line: string) => void
    private info: FirmwareInfo
    private running = false

    constructor(cfg: GameConfig, info: FirmwareInfo, settings?: TelemetrySettings, print?: (line: string) => void) {
        this.settings = settings ? settings : TELEMETRY_DEFAULTS
        this.gate = new RowGate(this.settings.mode, this.settings.decimate)
        this.queue = new LineQueue(this.settings.queue_lines)
        this.info = info
        this.newGame(cfg)
        this.print = print ? print : (line: string) => console.log(line)
    }

    /** a new game (the menu applied a configuration): its metadata line at once and rows numbered from 1, so the logger starts a new trace that replays with that configuration */
    newGame(cfg: GameConfig) {
        this.hello = helloLines(cfg, this.info.firmware, this.info.board)
        this.hello.push(telemetryHeader())
        this.helloAt_ms = -1
        this.seq = 0
    }

    /** the metadata line and the header: first of all (an event before the first row, a sensor fault at boot, needs them) and every hello_every_ms */
    private greet(t_ms: number) {
        this.helloAt_ms = t_ms
        for (let i = 0; i < this.hello.length; i++) this.queue.pushOther(this.hello[i])
    }

    onRow(s: Sample) {
        if (this.helloAt_ms < 0 || s.t_ms - this.helloAt_ms >= this.settings.hello_every_ms) this.greet(s.t_ms)
        if (!this.gate.pass(s)) return
        this.seq++
        // a refused row keeps its seq: the logger sees the gap and counts it lost
        this.queue.pushRow(telemetryRow(s, this.seq))
    }

    onEvent(ev: RefEvent) {
        if (this.helloAt_ms < 0) this.greet(ev.t_ms)
        this.queue.pushOther(telemetryEvent(ev))
    }

    /** print up to `max` queued lines; returns how many were printed */
    drain(max: number): number {
        let n = 0
        while (n < max) {
            const line = this.queue.shift()
            if (line === null) break
            this.print(line)
            n++
        }
        return n
    }

    /** start the printer fiber (once) */
    start() {
        if (this.running) return
        this.running = true
        const self = this
        const printer = async () => {
            while (self.running) {
                self.drain(self.settings.queue_lines)
                await ds.sleep(self.settings.print_every_ms)
            }
        }
        printer.start()
    }
}
