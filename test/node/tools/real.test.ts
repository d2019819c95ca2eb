// The real recordings of ../shared/data/real as rig traces (devs/lib/real-data.ts):
// real noise, bias, vibration and bit-error spikes with nothing happening. The
// referee must learn its tare on them and call nothing.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { realCases } from "../../../devs/lib/real-data.ts"
import { TraceReader, formatHeader, formatMeta } from "../../../src/core/trace.ts"
import { Referee } from "../../../src/core/referee/referee.ts"
import { defaultGameConfig } from "../../../src/core/referee/types.ts"

const QUIET_TYPES = ["round_start", "phase", "turn"]

for (const c of realCases()) {
    test(`recorded quiet trace ${c.name}: tare learned, nothing called`, () => {
        const cfg = defaultGameConfig()
        const rd = new TraceReader()
        const ref = new Referee(cfg)
        const types: string[] = []
        let rows = 0
        for (const line of [formatMeta(cfg, "real"), formatHeader(), ...c.rows]) {
            if (!rd.line(line)) continue
            rows++
            for (const e of ref.update(rd.sample)) types.push(e.type)
        }
        assert.ok(rows > 2000, `${rows} rows`)
        assert.ok(types.includes("round_start"), "the round started (tare learned on real noise)")
        assert.deepEqual(types.filter(t => !QUIET_TYPES.includes(t)), [], "no call on a rig where nothing happens")
    })
}

test("the spiky recording really has the spikes the referee must ignore", () => {
    const spiky = realCases()[1]
    const loads = spiky.rows.map(r => r.split(",")[7]).filter(v => v !== "").map(Number)
    const median = [...loads].sort((a, b) => a - b)[loads.length >> 1]
    const spikes = loads.filter(v => Math.abs(v - median) > 5).length
    // the README of the recordings: 14-15 % of samples are bit-error spikes
    assert.ok(spikes / loads.length > 0.1 && spikes / loads.length < 0.2, `${spikes} of ${loads.length}`)
})

test("npm run real without the recordings beside the repository: one clear line saying where they were looked for, exit 1", () => {
    const root = new URL("../../..", import.meta.url).pathname
    const r = spawnSync(process.execPath, ["--import", "tsx", "devs/real.ts", "--out", "/tmp/librium-real-none"], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, LIBRIUM_REAL_DIR: "/nonexistent/real" },
    })
    assert.equal(r.status, 1)
    assert.match(r.stderr, /^real: real recording \S+ not found in \/nonexistent\/real: .*LIBRIUM_REAL_DIR/m)
    assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace")
})
