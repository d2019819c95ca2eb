// The logger's line cleaner (devs/lib/logparse.ts): known device output with
// known faults in, the right trace, events and counters out.
import { test } from "node:test"
import assert from "node:assert/strict"
import { LogCleaner, SerialText } from "../../../devs/lib/logparse.ts"
import { TraceReader } from "../../../src/core/trace.ts"
import { fakeDevice, FAKE_CONFIG } from "./fake-device.ts"

function clean(lines: string[]) {
    const c = new LogCleaner()
    const files: { trace: string[]; events: string[] }[] = []
    for (const l of lines) {
        const r = c.line(l)
        if (r.newSession) files.push({ trace: [...r.newSession], events: [] })
        if (r.kind === "row") files[files.length - 1].trace.push(r.out)
        if (r.kind === "event") files[files.length - 1].events.push(r.out)
    }
    return { c, files }
}

test("a faulty stream gives one clean trace, the events, and the injected counts", () => {
    const dev = fakeDevice(5, 400, 200)
    assert.ok(dev.lost > 25 && dev.cut > 2 && dev.garbage > 1, "the fake device injects every kind of fault")
    const { c, files } = clean([...dev.before, ...dev.after])
    assert.equal(files.length, 1)
    assert.deepEqual(files[0].trace, [...dev.hello, dev.header, ...dev.rows])
    assert.deepEqual(files[0].events, dev.events)
    assert.deepEqual(c.stats, { rows: dev.rows.length, events: dev.events.length, lost: dev.lost, cut: dev.cut, garbage: dev.garbage, waiting: 0, sessions: 1 })
    // the trace is one the strict reader takes, with the device's config
    const r = new TraceReader()
    for (const l of files[0].trace) r.line(l)
    r.end()
    assert.deepEqual(r.config, FAKE_CONFIG)
    assert.equal(r.rows, dev.rows.length)
})

test("a logger that joins mid-stream waits for the repeated hello and header", () => {
    const dev = fakeDevice(6, 300, 10)
    const skip = dev.hello.length + 1 + 20
    const { c, files } = clean(dev.before.slice(skip))
    assert.equal(files.length, 1)
    assert.ok(c.stats.waiting > 0)
    assert.deepEqual(files[0].trace.slice(0, dev.hello.length + 1), [...dev.hello, dev.header])
    assert.equal(c.stats.lost, 0, "nothing is counted lost before the first row seen")
})

test("a device reset (seq and time start again) or a new config starts a new file", () => {
    const a = fakeDevice(7, 50, 0)
    const b = fakeDevice(8, 50, 0)
    const other = a.before.map(l => l.replace('"players":3', '"players":4'))
    const { c, files } = clean([...a.before, ...b.before, ...other])
    assert.equal(files.length, 3)
    assert.equal(c.stats.sessions, 3)
    assert.deepEqual(files[1].trace.slice(-b.rows.length), b.rows)
    assert.ok(files[2].trace[0].includes('"players":4'))
})

test("single lines: cut, garbage and duplicates are told apart", () => {
    const dev = fakeDevice(9, 5, 0)
    const c = new LogCleaner()
    for (const l of dev.before) c.line(l)
    const row = dev.rows[dev.rows.length - 1]
    assert.equal(c.line(row).kind, "garbage", "a repeated seq is not taken twice")
    assert.equal(c.line("x".repeat(160)).kind, "cut", "longer than the link carries: two lines run together")
    assert.equal(c.line('{"t_ms":12,"type":"pla').kind, "cut")
    assert.equal(c.line('{"hello":1}').kind, "garbage")
    assert.equal(c.line("12,0.1").kind, "cut")
    assert.equal(c.line("I (312) cpu_start: Starting scheduler.").kind, "garbage")
    assert.equal(c.line("# a comment").kind, "comment")
    assert.equal(c.line("# imu: no IMU answered at 0x6A").out, "imu: no IMU answered at 0x6A", "a notice's text, for the person")
    assert.equal(c.line('# {"firmware":"1.0","board":"qtpy"}').out, null, "the hello's JSON comment is no notice")
    assert.equal(c.line('# {"format":"librium-trace","version":1,"players":1}').kind, "garbage", "a hello with a bad config")
    assert.deepEqual(c.stats, { rows: 5, events: 0, lost: 0, cut: 3, garbage: 4, waiting: 0, sessions: 1 })
})

test("the USB line's bytes: Jacdac frames between the log's bytes are dropped, escapes kept, lines split across chunks", () => {
    const dev = fakeDevice(3, 60, 0)
    const lines = [...dev.before, ...dev.after]
    const text = Buffer.from(lines.map(l => l + "\n").join(""), "utf8")
    // a Jacdac frame (0xFE 0xFC .. 0xFE 0xFD, with an escaped 0xFE and 0xFF bytes inside) every 97 bytes, mid-line
    const frame = Buffer.from([0xfe, 0xfc, 0x12, 0xff, 0xfe, 0xf8, 0x0a, 0x7b, 0xff, 0xfe, 0xfd])
    const parts: Buffer[] = []
    for (let i = 0; i < text.length; i += 97) parts.push(text.subarray(i, i + 97), frame)
    // a literal 0xFE in the log itself comes escaped (0xFE 0xF8), a dropped-log marker (0xFE 0xFA) is nothing
    parts.push(Buffer.from("# note "), Buffer.from([0xfe, 0xf8, 0xfe, 0xfa]), Buffer.from("\n"))
    const wire = Buffer.concat(parts)
    const st = new SerialText()
    const got: string[] = []
    // read in uneven chunks, as a port delivers them
    for (let i = 0, k = 1; i < wire.length; i += k, k = (k * 7) % 61 + 1) got.push(...st.feed(wire.subarray(i, i + k)))
    assert.deepEqual(got.slice(0, lines.length), lines)
    assert.equal(got.length, lines.length + 1)
    assert.equal(got[lines.length], "# note \ufffd", "the escaped 0xFE (no UTF-8 alone) is in the line, the marker is not")
})

test("a relayed log line keeps its meaning: DeviceScript's '> ' level prefix and terminal colours are taken off", () => {
    const dev = fakeDevice(3, 60, 0)
    const plain = clean([...dev.before, ...dev.after])
    const relayed = clean([...dev.before, ...dev.after].map((l, i) => (i % 2 ? "> " + l : "\x1b[32m> " + l + "\x1b[0m")))
    assert.deepEqual(relayed.files, plain.files)
    assert.deepEqual(relayed.c.stats, plain.c.stats)
})
