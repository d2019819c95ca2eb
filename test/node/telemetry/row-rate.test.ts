// The telemetry row rate a user sets (`lib_tel` in the settings): parsed by the pure core.
import { test } from "node:test"
import assert from "node:assert/strict"
import { parseRowRate, RowGate } from "../../../src/core/telemetry-format.ts"
import { Sample } from "../../../src/core/sample.ts"

test("row rates a user can set", () => {
    assert.deepEqual(parseRowRate("events"), { mode: "events", decimate: 1 })
    assert.deepEqual(parseRowRate("full"), { mode: "full", decimate: 1 })
    assert.deepEqual(parseRowRate("decimated"), { mode: "decimated", decimate: 4 })
    assert.deepEqual(parseRowRate("decimated:10"), { mode: "decimated", decimate: 10 })
})

test("anything else is refused (the firmware keeps its default and says so)", () => {
    for (const bad of ["", "Full", "decimated:1", "decimated:101", "decimated:4x", "decimated:", "every 4th"]) assert.equal(parseRowRate(bad), null, bad)
})

test("a parsed rate drives the row gate: decimated:10 sends one row in ten", () => {
    const r = parseRowRate("decimated:10")
    const gate = new RowGate(r.mode, r.decimate)
    const s = new Sample()
    let sent = 0
    for (let i = 0; i < 100; i++) {
        s.clear(i * 10)
        if (gate.pass(s)) sent++
    }
    assert.equal(sent, 10)
})
