// The logger end to end over a real pseudo-terminal pair (socat, installed by
// test/setup.mjs): a fake device writes realistic, faulty output into one end,
// `devs/log.ts --port` reads the other; halfway the cable is "pulled" (socat
// killed and restarted on the same link names). The trace must replay, the
// events file must hold what the device printed, the counters what was injected.
import { after, test } from "node:test"
import assert from "node:assert/strict"
import { ChildProcess, spawn, spawnSync } from "node:child_process"
import { closeSync, existsSync, openSync, readdirSync, readFileSync, writeSync } from "node:fs"
import { scratchDir } from "../scratch.ts"
import { join } from "node:path"
import { fakeDevice } from "./fake-device.ts"
import { formatEvent, TraceReader } from "../../../src/core/trace.ts"
import { Referee } from "../../../src/core/referee/referee.ts"

const root = new URL("../../../", import.meta.url).pathname
const SOCAT = "/usr/bin/socat"

// every child is killed at the end, even when the test times out
const children: ChildProcess[] = []
after(() => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL")
})
function child(c: ChildProcess): ChildProcess {
    children.push(c)
    return c
}
function startSocat(a: string, b: string): ChildProcess {
    return child(spawn(SOCAT, [`pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], { stdio: "ignore" }))
}

async function until(what: string, ok: () => boolean, timeout_ms = 20000) {
    const t0 = Date.now()
    while (!ok()) {
        if (Date.now() - t0 > timeout_ms) throw new Error("timed out waiting for " + what)
        await new Promise(r => setTimeout(r, 50))
    }
}

function writeLines(path: string, lines: string[]) {
    const fd = openSync(path, "w")
    for (let i = 0; i < lines.length; i += 20) writeSync(fd, lines.slice(i, i + 20).join("\n") + "\n")
    closeSync(fd)
}

const readLines = (f: string) => (existsSync(f) ? readFileSync(f, "utf8").split("\n").filter(l => l.length > 0) : [])

test("npm run log over a pty: faults counted, cable pull survived, trace replays", { timeout: 90000 }, async () => {
    assert.ok(existsSync(SOCAT), "socat is missing: run node test/setup.mjs")
    const dir = scratchDir("librium-log-")
    const A = join(dir, "device")
    const B = join(dir, "host")
    const out = join(dir, "out")
    const dev = fakeDevice(21, 500, 300)
    let socat = startSocat(A, B)
    await until("socat links", () => existsSync(A) && existsSync(B))
    const logger = child(spawn(process.execPath, ["--import", "tsx", "devs/log.ts", "--port", B, "--out", out], { cwd: root, stdio: ["ignore", "ignore", "pipe"] }))
    let err = ""
    logger.stderr.on("data", d => (err += d))
    const connects = () => err.split("\n").filter(l => l.startsWith("log: connected")).length
    {
        await until("the logger to connect", () => connects() === 1)
        writeLines(A, dev.before)
        const csv = () => readdirSync(out).filter(f => f.endsWith(".csv")).map(f => join(out, f))
        const beforeRows = dev.rows.filter(r => dev.before.includes(r))
        await until("the rows before the pull", () => existsSync(out) && csv().length === 1 && readLines(csv()[0]).includes(beforeRows[beforeRows.length - 1]))
        // pull the cable: the link vanishes, then comes back under the same name
        socat.kill("SIGTERM")
        await until("the logger to see the disconnect", () => err.includes("log: disconnected"))
        const old = socat
        await until("socat to exit", () => old.exitCode !== null || old.signalCode !== null)
        socat = startSocat(A, B)
        await until("socat links again", () => existsSync(A) && existsSync(B))
        await until("the logger to reconnect", () => connects() === 2)
        writeLines(A, dev.after)
        await until("the rows after the pull", () => readLines(csv()[0]).includes(dev.rows[dev.rows.length - 1]))
        await until("the events", () => readLines(csv()[0].replace(/\.csv$/, ".events.jsonl")).length === dev.events.length)
        logger.kill("SIGTERM")
        await until("the logger to exit", () => logger.exitCode !== null || logger.signalCode !== null)

        const done = /log: done (\{.*\})/.exec(err)
        assert.ok(done, "the logger prints a summary: " + err)
        const stats = JSON.parse(done[1])
        assert.equal(stats.files.length, 1, "one trace file across the cable pull")
        assert.ok(err.includes("log: check a trace against the simulated rigs: npm run rig -- " + stats.files[0]), "the next step named: " + err)
        assert.deepEqual({ rows: stats.rows, events: stats.events, lost: stats.lost, cut: stats.cut, garbage: stats.garbage }, { rows: dev.rows.length, events: dev.events.length, lost: dev.lost, cut: dev.cut, garbage: dev.garbage })
        const trace = readLines(csv()[0])
        assert.deepEqual(trace, [...dev.hello, dev.header, ...dev.rows])
        assert.deepEqual(readLines(csv()[0].replace(/\.csv$/, ".events.jsonl")), dev.events)
        // the recorded trace replays (the fixed replay command) exactly like the rows the device sent
        const replay = spawnSync("npm", ["run", "--silent", "replay", "--", csv()[0]], { cwd: root, encoding: "utf8" })
        assert.equal(replay.status, 0, replay.stderr)
        const reader = new TraceReader()
        let ref: Referee = null
        const expected: string[] = []
        for (const l of [...dev.hello, dev.header, ...dev.rows]) {
            if (!reader.line(l)) continue
            if (!ref) ref = new Referee(reader.config)
            for (const e of ref.update(reader.sample)) expected.push(formatEvent(e))
        }
        assert.ok(expected.length > 0, "the referee decides something on the rows (tare, first turn)")
        assert.deepEqual(replay.stdout.split("\n").filter(l => l.length > 0), expected)
    }
})
