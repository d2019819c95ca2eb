// `npm run log [-- --port PATH --out DIR]`: records the referee's USB log.
// Writes DIR/TIMESTAMP.csv (a trace `npm run replay` reads: hello, header,
// rows) and DIR/TIMESTAMP.events.jsonl, one line at a time (written through
// to the OS, so a crash or a pulled cable loses nothing already received).
// Damaged lines are counted and skipped (devs/lib/logparse.ts). The port's
// bytes carry Jacdac frames beside the log (DeviceScript's USB bridge): they
// are dropped. When the cable is pulled it reconnects with back-off. Ctrl-C
// ends it with a summary; --stdin reads a relayed log until its end.
import { Command } from "commander"
import { closeSync, existsSync, mkdirSync, openSync, writeSync } from "node:fs"
import { join } from "node:path"
import { SerialPort } from "serialport"
import { createInterface } from "node:readline"
import { LogCleaner, SerialText } from "./lib/logparse.ts"
import { eventShort } from "./lib/event-words.ts"
import { findPorts, USB_VENDORS } from "./lib/serial-find.ts"
import { wholeNumber } from "./lib/cli.ts"

export const LOG_DEFAULTS = {
    out: "out/log",
    baud: 115200,
    retryFirst_ms: 250,
    retryMax_ms: 4000,
    statusEvery_ms: 1000,
    /** without a terminal the status goes out as a plain line every this many updates */
    plainStatusEvery: 5,
}

/** the files of one session: opened when the cleaner starts a session */
class SessionFiles {
    files: string[] = []
    private trace = -1
    private events = -1

    constructor(private dir: string) {}

    start(preamble: string[]) {
        this.close()
        mkdirSync(this.dir, { recursive: true })
        const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19)
        let base = join(this.dir, stamp)
        for (let k = 2; existsSync(base + ".csv"); k++) base = join(this.dir, stamp + "-" + k)
        this.trace = openSync(base + ".csv", "w")
        this.events = openSync(base + ".events.jsonl", "w")
        this.files.push(base + ".csv")
        for (const l of preamble) this.row(l)
    }

    row(line: string) {
        writeSync(this.trace, line + "\n")
    }

    event(line: string) {
        writeSync(this.events, line + "\n")
    }

    close() {
        if (this.trace >= 0) closeSync(this.trace)
        if (this.events >= 0) closeSync(this.events)
        this.trace = this.events = -1
    }
}

function eventWords(line: string): string {
    try {
        return eventShort(JSON.parse(line))
    } catch {
        return ""
    }
}

async function main() {
    const opts = new Command()
        .name("npm run log --")
        .description("record the referee's USB log into a trace and an events file")
        .option("--port <path>", "serial port (default: the first board found by USB vendor id: " + Object.keys(USB_VENDORS).join(", ") + ")")
        .option("--out <dir>", "output folder", LOG_DEFAULTS.out)
        .option("--baud <n>", "baud rate (ignored by native USB)", wholeNumber(1, 10000000), LOG_DEFAULTS.baud)
        .option("--stdin", "read the log from standard input instead of a port (e.g. npx devs devtools --serial -l | npm run log -- --stdin); ends at its end")
        .parse()
        .opts()
    const cleaner = new LogCleaner()
    const files = new SessionFiles(opts.out)
    const tty = process.stderr.isTTY
    const say = (msg: string) => process.stderr.write((tty ? "\r\x1b[K" : "") + "log: " + msg + "\n")

    let retry_ms = LOG_DEFAULTS.retryFirst_ms
    let port: SerialPort = null
    let stopping = false
    let where = ""

    const onLine = (line: string) => {
        const r = cleaner.line(line)
        if (r.newSession) {
            files.start(r.newSession)
            say("writing " + files.files[files.files.length - 1])
        }
        if (r.kind === "row") files.row(r.out)
        else if (r.kind === "event") files.event(r.out)
        else if (r.kind === "comment" && r.out) say("device: " + r.out)
    }

    const reconnect = () => {
        if (stopping) return
        setTimeout(connect, retry_ms)
        retry_ms = Math.min(retry_ms * 2, LOG_DEFAULTS.retryMax_ms)
    }

    const connect = async () => {
        let path = opts.port
        if (!path) {
            const found = await findPorts()
            if (found.length === 0) {
                if (where !== "none") say("no board found (USB vendor " + Object.keys(USB_VENDORS).join("/") + "); waiting")
                where = "none"
                return reconnect()
            }
            path = found[0].path
        }
        const p = new SerialPort({ path, baudRate: Number(opts.baud), autoOpen: false })
        // the line carries Jacdac frames beside the log: SerialText keeps the log's lines
        const text = new SerialText()
        p.on("data", (chunk: Buffer) => {
            for (const line of text.feed(chunk)) onLine(line)
        })
        p.on("close", () => {
            say("disconnected from " + path + "; reconnecting")
            port = null
            reconnect()
        })
        p.on("error", () => {})
        p.open(err => {
            if (err) {
                if (where !== "fail:" + path) say("cannot open " + path + " (" + err.message + "); retrying")
                where = "fail:" + path
                return reconnect()
            }
            where = path
            port = p
            retry_ms = LOG_DEFAULTS.retryFirst_ms
            say("connected " + path)
        })
    }

    let lastRows = 0
    let lastStatusAt = Date.now()
    let ticks = 0
    const status = setInterval(() => {
        const now = Date.now()
        const st = cleaner.stats
        const rate = ((st.rows - lastRows) * 1000) / Math.max(1, now - lastStatusAt)
        lastRows = st.rows
        lastStatusAt = now
        const last = cleaner.lastEvent ? eventWords(cleaner.lastEvent) : "-"
        const text = `${rate.toFixed(1)} rows/s  rows ${st.rows}  lost ${st.lost}  cut ${st.cut}  garbage ${st.garbage}  events ${st.events}  last: ${last}`
        if (tty) process.stderr.write("\r\x1b[K" + text)
        else if (++ticks % LOG_DEFAULTS.plainStatusEvery === 0) say(text)
    }, LOG_DEFAULTS.statusEvery_ms)

    const stop = () => {
        stopping = true
        clearInterval(status)
        if (port) port.removeAllListeners("close")
        files.close()
        say("done " + JSON.stringify({ ...cleaner.stats, files: files.files }))
        // a recorded rig is first checked against the rigs the benchmark simulated (devs/rig.ts)
        if (files.files.length > 0) say("check a trace against the simulated rigs: npm run rig -- " + files.files[files.files.length - 1])
        process.exit(0)
    }
    process.on("SIGINT", stop)
    process.on("SIGTERM", stop)
    if (opts.stdin) {
        say("reading standard input")
        createInterface({ input: process.stdin }).on("line", onLine).on("close", stop)
        return
    }
    await connect()
}

await main()
