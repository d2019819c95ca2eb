// `npm run rig` (devs/lib/rig-check.ts): a recorded rig measured against the simulated ones. The simulated ranges are
// the simulator's own draws; each measurement on crafted rows with known rates, noise, spikes and still stretches;
// the verdicts on a crafted rig inside and outside; the command end to end on simulated cases and bad input.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { scratchDir } from "../scratch.ts"
import { noiseOf, rateOf, RigMeter, rigChecks, SIMULATED, spikesOf, stillStretch } from "../../../devs/lib/rig-check.ts"
import { drawImu, drawLoad, drawRig } from "../../../src/sim/params.ts"
import { Rng } from "../../../src/core/rand.ts"
import { Sample } from "../../../src/core/sample.ts"
import { settingsFor } from "../../../src/core/config.ts"
import { RefEvent } from "../../../src/core/referee/types.ts"
import { realCases } from "../../../devs/lib/real-data.ts"
import { TraceReader, formatHeader, formatMeta } from "../../../src/core/trace.ts"
import { defaultGameConfig } from "../../../src/core/referee/types.ts"

const root = new URL("../../..", import.meta.url).pathname

test("the simulated ranges are the simulator's: 4,000 drawn rigs lie inside them and reach near both ends", () => {
    const rng = new Rng(42)
    const seen: { [k: string]: number[] } = {}
    const note = (k: string, x: number) => (seen[k] = seen[k] ?? []).push(x)
    for (let i = 0; i < 4000; i++) {
        const imu = drawImu(rng)
        const load = drawLoad(rng)
        const rig = drawRig(rng, false, false)
        assert.ok(SIMULATED.imu_hz.indexOf(imu.odr_hz) >= 0, `IMU rate ${imu.odr_hz}`)
        assert.ok(SIMULATED.load_sps.indexOf(load.rate_sps) >= 0, `load rate ${load.rate_sps}`)
        note("imu_clock_err", Math.abs(imu.clock_err))
        note("imu_lost", imu.drop_prob)
        note("gyro_density", imu.gyro_nd_dps_rthz)
        note("gyro_bias_dps", Math.max(...imu.gyro_bias_dps.map(Math.abs)))
        note("accel_bias_g", Math.max(...imu.accel_bias_g.map(Math.abs)))
        if (load.part === "HX711") {
            assert.ok(SIMULATED.hx711_sps.indexOf(load.rate_sps) >= 0, `HX711 rate ${load.rate_sps}`)
            note("hx711_clock_err", load.clock_err)
        } else note("load_clock_err", Math.abs(load.clock_err))
        note("load_noise10_g", load.noise_g / Math.sqrt(load.rate_sps / 10))
        note("load_drift_g_per_min", Math.abs(load.drift_g_per_min))
        note("load_walk_g_rts", load.walk_g_rts)
        note("load_spikes", load.spike_prob)
        note("card_mass_g", rig.card_mass_g)
    }
    const S = SIMULATED as any
    for (const k of Object.keys(seen)) {
        const lo = Math.min(...seen[k])
        const hi = Math.max(...seen[k])
        const [a, b] = Array.isArray(S[k]) ? S[k] : [0, S[k]]
        assert.ok(lo >= a && hi <= b, `${k}: drawn ${lo}-${hi}, declared ${a}-${b}`)
        // the declared range is not wider than the draws: each end within 5 % of the range (a one-sided bound's upper end only)
        if (Array.isArray(S[k])) assert.ok(lo - a <= 0.05 * (b - a), `${k}: the lowest draw ${lo} is far above ${a}`)
        assert.ok(b - hi <= 0.05 * (b - a), `${k}: the highest draw ${hi} is far below ${b}`)
    }
})

/** times at `period` ms from 0, less the indices in `drop`, with `outage` ms of silence after the index `at` */
function times(n: number, period: number, drop: number[] = [], outage?: { at: number; ms: number }): number[] {
    const t: number[] = []
    let shift = 0
    for (let i = 0; i < n; i++) {
        if (outage && i === outage.at) shift += outage.ms
        if (drop.indexOf(i) < 0) t.push(i * period + shift)
    }
    return t
}

test("rateOf: the read rate from the ordinary intervals, rows missing in the long ones, an outage apart; a slow converter's readings per second", () => {
    const r = rateOf(times(1000, 10, [100, 200, 201, 500], { at: 700, ms: 400 }))
    assert.equal(r.hz.toFixed(1), "100.0")
    assert.deepEqual([r.rows, r.long, r.missing, r.outages], [996, 3, 4, 1])
    assert.ok(Math.abs(r.outage_ms - 410) < 1e-9, `${r.outage_ms}`)
    // a converter 5 % slower than 80 SPS read every 12.5 ms: each 20th read finds nothing, and the reading comes one read later
    const t: number[] = []
    for (let i = 0, read = 0; i < 800; i++, read++) {
        if (i > 0 && i % 20 === 0) read++
        t.push(read * 12.5)
    }
    const slow = rateOf(t)
    assert.equal(slow.hz.toFixed(1), "80.0", "the reads' rate")
    assert.ok(Math.abs(slow.mean_hz - 80 * 20 / 21) < 0.1, `readings per second ${slow.mean_hz}`)
    assert.equal(slow.long, 39)
    assert.equal(rateOf([0, 10]), null, "too few rows")
})

/** Gaussian noise from a seeded Rng */
function noise(rng: Rng, sigma: number): number {
    return sigma * rng.gauss()
}

test("spikesOf: readings out from both neighbours and back by 20 times the noise; a step and a ringing load are no spikes", () => {
    const rng = new Rng(7)
    const v: number[] = []
    for (let i = 0; i < 2000; i++) {
        let x = 350 + noise(rng, 0.1)
        if (i >= 1000) x += 10 // a step
        if (i >= 1500 && i < 1600) x += 40 * Math.sin((2 * Math.PI * i) / 10) // a ring of 8 Hz at 80 SPS, 40 g
        v.push(x)
    }
    const at = [100, 300, 301, 700, 1200]
    for (const i of at) v[i] += i === 700 ? -25 : 25
    // two in a row (300, 301) are no single reading out and back: each has a neighbour out with it
    assert.deepEqual([...spikesOf(v)].sort((a, b) => a - b), [100, 700, 1200])
})

test("noiseOf: white noise under a slow swing, from second differences; rows across a gap or a spike left out", () => {
    const rng = new Rng(11)
    const t: number[] = []
    const v: number[] = []
    for (let i = 0; i < 2400; i++) {
        t.push(i * 12.5 + (i >= 1200 ? 500 : 0))
        v.push(350 + 3 * Math.sin((2 * Math.PI * i * 12.5) / 1000) + noise(rng, 0.2))
    }
    v[600] += 30
    const sigma = noiseOf(t, v, 0, 1e9, 80, new Set([600]))
    assert.ok(Math.abs(sigma / 0.2 - 1) < 0.1, `sigma ${sigma}`)
    assert.ok(Number.isNaN(noiseOf(t, v, 0, 60, 80)), "fewer than 10 differences")
})

/** a crafted rig: IMU at `imu_hz` and load at `sps`, still but for what `at` adds (dps on x, grams) at a trace time */
function rig(o: { imu_hz: number; sps: number; s: number; gyro_sigma: number; bias: number; load_sigma: number; at?: (t: number) => { dps: number; g: number } }): RigMeter {
    const m = new RigMeter()
    const rng = new Rng(3)
    const s = new Sample()
    const rows: [number, boolean][] = []
    for (let t = 0; t < o.s * 1000; t += 1000 / o.imu_hz) rows.push([t, true])
    for (let t = 0; t < o.s * 1000; t += 1000 / o.sps) rows.push([t, false])
    rows.sort((a, b) => a[0] - b[0])
    for (const [t, imu] of rows) {
        const add = o.at ? o.at(t) : { dps: 0, g: 0 }
        s.clear(t)
        if (imu) s.setImu(0, 0, 1 + noise(rng, 0.002), o.bias + add.dps + noise(rng, o.gyro_sigma), noise(rng, o.gyro_sigma), noise(rng, o.gyro_sigma))
        else s.setLoad(350 + add.g + noise(rng, o.load_sigma))
        m.add(s)
    }
    return m
}

test("stillStretch: the longest stretch of still 500 ms blocks holding one load level; none under a second", () => {
    // still 0-8 s; swung at 20 dps 8-10 s; still 10-20 s, but a card's weight comes on over a second from 13 s
    const at = (t: number) => ({ dps: t >= 8000 && t < 10000 ? 20 * Math.sin(t / 100) : 0, g: t < 13000 ? 0 : Math.min(1, (t - 13000) / 1000) * 6.5 })
    const m = rig({ imu_hz: 104, sps: 80, s: 20, gyro_sigma: 0.05, bias: 1, load_sigma: 0.3, at })
    assert.deepEqual(stillStretch(m, 5, 6.5, new Set()), { from: 0, to: 8000 })
    // once the first stretch is swung: the card's level from 14 s (six seconds) is longer than 10-13 s's
    const swung = rig({ imu_hz: 104, sps: 80, s: 20, gyro_sigma: 0.05, bias: 1, load_sigma: 0.3, at: t => ({ dps: t < 10000 ? 20 * Math.sin(t / 100) : 0, g: at(t).g }) })
    assert.deepEqual(stillStretch(swung, 5, 6.5, new Set()), { from: 14000, to: 20000 })
    // a card coming on over 3 s moves no block by a quarter card, but the level: the stretch splits where it passed a quarter card
    const slow = rig({ imu_hz: 104, sps: 80, s: 20, gyro_sigma: 0.05, bias: 1, load_sigma: 0.1, at: t => ({ dps: t < 10000 ? 20 * Math.sin(t / 100) : 0, g: t < 13000 ? 0 : Math.min(1, (t - 13000) / 3000) * 6.5 }) })
    const s = stillStretch(slow, 5, 6.5, new Set())
    assert.ok(s.to - s.from < 7000 && s.to === 20000, JSON.stringify(s))
    const never = rig({ imu_hz: 104, sps: 80, s: 5, gyro_sigma: 0.05, bias: 1, load_sigma: 0.3, at: t => ({ dps: 20 * Math.sin(t / 100), g: 0 }) })
    assert.equal(stillStretch(never, 5, 6.5, new Set()), null)
})

const placed = (n: number, g: number): RefEvent[] => Array.from({ length: n }, (_, i) => ({ t_ms: 1000 * i, type: "placed", player: 1, cards: i + 1, detector: "load_step", delta_g: g }) as RefEvent)

const verdicts = (r: ReturnType<typeof rigChecks>) => Object.fromEntries(r.checks.map(c => [c.name, c.verdict]))

test("rigChecks: a rig like the simulated ones is inside on every check; a noisy cell, a decimated log and heavy cards are outside, each saying why", () => {
    const easy = settingsFor("easy")
    const good = rig({ imu_hz: 104, sps: 80, s: 30, gyro_sigma: 0.05, bias: 1, load_sigma: 0.2, at: () => ({ dps: 0, g: 0 }) })
    for (const e of placed(5, 6.5)) good.event(e)
    const r = rigChecks(good, easy)
    assert.deepEqual(verdicts(r), {
        "IMU rate": "inside",
        "IMU rows lost": "inside",
        "gyro noise at rest": "inside",
        "gyro bias": "inside",
        "accelerometer at rest": "inside",
        "load rate": "inside",
        "bit-error spikes at rest": "inside",
        "load noise at rest": "inside",
        "load drift at rest": "inside",
        "card mass": "inside",
    })
    assert.deepEqual(r.still, { from: 0, to: 30000 })
    // 6 x 0.2 g is 1.2 g: between the hanger's floor (1 g) and its most (1.5 g)
    assert.ok(Math.abs(r.hanger_g - easy.hanger.noise_k * 0.2) < 0.15, `${r.hanger_g}`)
    const noisy = rig({ imu_hz: 104, sps: 80, s: 30, gyro_sigma: 0.05, bias: 1, load_sigma: 2, at: () => ({ dps: 0, g: 0 }) })
    const n = rigChecks(noisy, easy)
    const loadNoise = n.checks.find(c => c.name === "load noise at rest")
    assert.equal(loadNoise.verdict, "outside")
    assert.match(loadNoise.note, /^noisier than any simulated cell: .*the hanger detector's line on it 1\.50 g/)
    assert.equal(n.hanger_g, easy.hanger.min_g)
    // a log of every 4th IMU row (26 Hz) and cards of 12 g
    const decimated = rig({ imu_hz: 26, sps: 80, s: 30, gyro_sigma: 0.05, bias: 1, load_sigma: 0.2 })
    for (const e of placed(3, 12)) decimated.event(e)
    const d = rigChecks(decimated, easy)
    assert.equal(verdicts(d)["IMU rate"], "outside")
    assert.match(d.checks.find(c => c.name === "IMU rate").note, /lib_tel=full/)
    assert.equal(verdicts(d)["card mass"], "outside")
    // no still stretch: nothing measured at rest, and said so
    const swung = rig({ imu_hz: 104, sps: 80, s: 10, gyro_sigma: 0.05, bias: 1, load_sigma: 0.2, at: t => ({ dps: 20 * Math.sin(t / 100), g: 0 }) })
    const sw = rigChecks(swung, easy)
    assert.equal(verdicts(sw)["gyro noise at rest"], "-")
    assert.match(sw.checks.find(c => c.name === "load noise at rest").note, /never still for a second/)
    // the stretch the user names is the one measured; one with no rows in it measures nothing
    assert.deepEqual(rigChecks(swung, easy, { from: 2000, to: 4000 }).still, { from: 2000, to: 4000 })
    const empty = rigChecks(swung, easy, { from: 20000, to: 30000 })
    for (const name of ["gyro noise at rest", "gyro bias", "accelerometer at rest", "load noise at rest"]) assert.equal(verdicts(empty)[name], "-", name)
})

test("the load rate: an HX711's fast clock is a simulated one at 10 and 80 SPS, not at the other rates or slow", () => {
    const easy = settingsFor("easy")
    const checkAt = (sps: number) => rigChecks(rig({ imu_hz: 104, sps, s: 20, gyro_sigma: 0.05, bias: 1, load_sigma: 0.2 }), easy).checks.find(c => c.name === "load rate")
    const rate = (sps: number) => checkAt(sps).verdict
    const got = Object.fromEntries([11.1, 11.8, 92, 94, 9.75, 9.5, 12.2, 98, 44, 19.5, 21.5, 330, 340].map(sps => [sps, rate(sps)]))
    assert.deepEqual(got, {
        "11.1": "inside", "11.8": "inside", "92": "inside", "94": "inside", "9.75": "inside", "330": "inside",
        "9.5": "outside", "12.2": "outside", "98": "outside", "44": "outside", "19.5": "inside", "21.5": "outside", "340": "outside",
    })
    // a fast one says whose clock that is; one within the NAU7802's 3 % does not
    assert.match(checkAt(92).note, /, 15 % over 80: an HX711's own oscillator/)
    assert.doesNotMatch(checkAt(82).note, /HX711/)
})

test("npm run rig: simulated cases are inside; --json has the checks; a malformed trace names its line (exit 2), as does a bad --rest", () => {
    const dir = scratchDir("rig-test-")
    const sim = spawnSync(process.execPath, ["--import", "tsx", "devs/sim.ts", "--out", dir, "--seed", "5", "--count", "3", "--category", "game", "--quick"], { cwd: root, encoding: "utf8" })
    assert.equal(sim.status, 0, sim.stderr)
    const index = JSON.parse(readFileSync(join(dir, "index.json"), "utf8"))
    const traces: string[] = index.cases.map((c: { name: string }) => join(dir, c.name + ".csv"))
    assert.equal(traces.length, 3)
    const rig = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "devs/rig.ts", ...args], { cwd: root, encoding: "utf8" })
    for (const f of traces) {
        const json = f.replace(/\.csv$/, ".rig.json")
        const r = rig(f, "--json", json)
        assert.equal(r.status, 0, r.stdout + r.stderr)
        assert.match(r.stdout, /every check measured is inside the simulated range/)
        const out = JSON.parse(readFileSync(json, "utf8"))
        assert.ok(out.checks.length >= 8 && out.checks.every((c: any) => c.verdict !== "outside"), JSON.stringify(out.checks))
    }
    const bad = join(dir, "bad.csv")
    writeFileSync(bad, readFileSync(traces[0], "utf8").split("\n").slice(0, 40).join("\n") + "\n12,x,y\n")
    const b = rig(bad)
    assert.equal(b.status, 2)
    assert.match(b.stderr, /^rig: .*bad\.csv: line \d+: /)
    const rest = rig(traces[0], "--rest", "5-2")
    assert.equal(rest.status, 2)
    assert.match(rest.stderr, /--rest 5-2: expected FROM-TO in seconds/)
    const past = rig(traces[0], "--rest", "5000-6000")
    assert.equal(past.status, 2)
    assert.match(past.stderr, /--rest 5000-6000: the trace ends at \d+\.\d s/)
})

test("the real recordings, as the README says: the x-io IMU with the HX711 inside on every check; the LSM6DSOX with the HX71708 on its 52 Hz, its spikes and its quiet 320 SPS", () => {
    const outside: { [name: string]: string[] } = {}
    const edges: string[] = []
    for (const c of realCases()) {
        const cfg = defaultGameConfig()
        const rd = new TraceReader()
        const m = new RigMeter()
        for (const line of [formatMeta(cfg, "real"), formatHeader(), ...c.rows]) if (rd.line(line)) m.add(rd.sample)
        const r = rigChecks(m, settingsFor(cfg.difficulty))
        outside[c.name] = r.checks.filter(k => k.verdict === "outside").map(k => `${k.name} ${k.measured}`)
        for (const k of r.checks) if (k.verdict === "inside" && / the range by less than the estimate's uncertainty \(\d+ readings\)/.test(k.note)) edges.push(`${c.name}: ${k.name} ${k.measured}`)
    }
    // inside by the estimate's uncertainty, outside the printed range: the note says so (the x-io gyro at 0.112 dps
    // against 0.027-0.106, the HX711 plateau at 0.028 g against 0.030-0.120)
    assert.deepEqual(edges, ["real-rest-fusion-hx711: gyro noise at rest 0.112 dps", "real-rest-fusion-hx711: load noise at rest 0.028 g"])
    assert.deepEqual(outside, {
        "real-rest-fusion-hx711": [],
        "real-still-lsm6dsox-hx71708-spikes": ["IMU rate 52.0 Hz", "bit-error spikes at rest 12.12 %", "load noise at rest 0.065 g"],
    })
})
