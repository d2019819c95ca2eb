// The firmware's telemetry lines (src/core/telemetry-format.ts): they must be a
// valid trace for the strict reader, fit the 150-character link, and number rows.
import { test } from "node:test"
import assert from "node:assert/strict"
import { helloLines, LineQueue, RowGate, telemetryEvent, telemetryHeader, telemetryRow } from "../../../src/core/telemetry-format.ts"
import { MAX_LINE_CHARS, TraceReader } from "../../../src/core/trace.ts"
import { Sample } from "../../../src/core/sample.ts"
import { GameConfig } from "../../../src/core/referee/types.ts"

const cfg: GameConfig = { players: 4, difficulty: "hard", cards: 40, first_player: 1, touch_penalty: "out" }

test("hello + header + rows read back through the strict TraceReader with the same config", () => {
    const r = new TraceReader()
    const s = new Sample()
    s.clear(1234.4)
    s.setImu(0.01, -0.02, 0.998, 1.5, -2.25, 0.125)
    s.setLoad(512.25)
    const lines = [...helloLines(cfg, "0.1.0", "qtpy-c3"), telemetryHeader(), telemetryRow(s, 7)]
    assert.equal(lines.length, 3)
    let rows = 0
    for (const l of lines) if (r.line(l)) rows++
    r.end()
    assert.equal(rows, 1)
    assert.deepEqual(r.config, cfg)
    assert.equal(r.meta.firmware, "0.1.0")
    assert.equal(r.meta.board, "qtpy-c3")
    assert.equal(r.meta.source, "rig")
    assert.equal(r.sample.t_ms, 1234) // whole ms on the device
    assert.equal(r.sample.load_g, 512.25)
    assert.equal(r.columns[r.columns.length - 1], "seq")
    assert.ok(lines[2].endsWith(",7"))
})

test("a config too long for one hello line puts firmware and board on a comment line", () => {
    const long: GameConfig = { players: 8, difficulty: "lunacy", cards: 50, first_player: 8, touch_penalty: "warn" }
    const lines = helloLines(long, "0.1.0-rc.12", "esp32-devkitc-v4")
    assert.equal(lines.length, 2)
    for (const l of lines) assert.ok(l.length < MAX_LINE_CHARS, l)
    const r = new TraceReader()
    r.line(lines[0])
    assert.deepEqual(r.config, long)
    assert.deepEqual(JSON.parse(lines[1].slice(1)), { firmware: "0.1.0-rc.12", board: "esp32-devkitc-v4" })
})

test("an event with long evidence keeps t_ms, type and the spec fields and fits the link", () => {
    const ev = { t_ms: 86400123.5, type: "collapse", player: 3, delta_g: -123.456, swing_dps: 87.5, detector: "load_drop_and_jolt", jolt_g: 2.25, extra_note: "x".repeat(60) }
    const line = telemetryEvent(ev)
    assert.ok(line.length < MAX_LINE_CHARS)
    const back = JSON.parse(line)
    assert.deepEqual(back, { t_ms: 86400123.5, type: "collapse", player: 3, delta_g: -123.456, swing_dps: 87.5, detector: "load_drop_and_jolt", jolt_g: 2.25 })
    const short = { t_ms: 5, type: "turn", player: 2 }
    assert.equal(telemetryEvent(short), '{"t_ms":5,"type":"turn","player":2}')
})

test("RowGate: events mode sends no rows, decimated every n-th plus every input row, full all", () => {
    const s = new Sample()
    const count = (g: RowGate, inputs: Set<number>) => {
        const sent: number[] = []
        for (let i = 0; i < 20; i++) {
            s.clear(i)
            if (inputs.has(i)) s.input = "start"
            if (g.pass(s)) sent.push(i)
        }
        return sent
    }
    assert.deepEqual(count(new RowGate("events", 1), new Set([3])), [])
    assert.deepEqual(count(new RowGate("full", 1), new Set()).length, 20)
    assert.deepEqual(count(new RowGate("decimated", 5), new Set([7])), [4, 7, 10, 15]) // an input row goes out of turn and does not advance the count
    assert.throws(() => new RowGate("most" as any, 1), /events, decimated or full/)
    assert.throws(() => new RowGate("decimated", 0), /whole number >= 1/)
})

test("LineQueue: FIFO, rows refused at 3/4 full, events only when full, counted", () => {
    const q = new LineQueue(8)
    for (let i = 0; i < 10; i++) q.pushRow("r" + i)
    assert.equal(q.count, 6)
    assert.equal(q.droppedRows, 4)
    assert.equal(q.pushOther("e1"), true)
    assert.equal(q.pushOther("e2"), true)
    assert.equal(q.pushOther("e3"), false)
    assert.equal(q.droppedOther, 1)
    const out: string[] = []
    for (let l = q.shift(); l !== null; l = q.shift()) out.push(l)
    assert.deepEqual(out, ["r0", "r1", "r2", "r3", "r4", "r5", "e1", "e2"])
    // wraps around the ring
    for (let i = 0; i < 5; i++) q.pushRow("w" + i)
    assert.equal(q.shift(), "w0")
    assert.throws(() => new LineQueue(2), />= 4 lines/)
})
