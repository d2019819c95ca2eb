// Load chain: spike gate + median, steadiness, tare and zero tracking, CUSUM, card mass; real HX711/HX71708 logs.
import { test } from "node:test"
import assert from "node:assert/strict"
import { CardMass, CARD_MASS_DEFAULTS, LevelHistory, Load, LOAD_DEFAULTS } from "../../../src/core/signal/load.ts"
import { Rng } from "../../../src/core/rand.ts"
import { readHx711Steps, readHx71708 } from "../../../devs/lib/real-data.ts"

test("a step of 12.5 g in noise: steady before and after, the steady means differ by 12.5 g", () => {
    const rng = new Rng(3)
    const l = new Load(LOAD_DEFAULTS)
    let before = NaN
    for (let t = 0; t < 8000; t += 12.5) {
        l.update(t, 500 + (t >= 4000 ? 12.5 : 0) + 0.3 * rng.gauss())
        if (t === 3987.5) {
            assert.ok(l.isSteady(), "steady before the step")
            before = l.steadyMean_g()
        }
    }
    assert.ok(l.isSteady(), "steady after the step")
    assert.ok(Math.abs(l.steadyMean_g() - before - 12.5) < 0.15, `step ${l.steadyMean_g() - before}`)
    assert.equal((l as any).gate.spikes, 0)
})

test("not steady while the level moves; steady again about steady_ms after it stops", () => {
    const l = new Load(LOAD_DEFAULTS)
    let lastUnsteady = -1
    for (let t = 0; t < 6000; t += 10) {
        const x = t < 2000 ? 0 : t < 3000 ? (t - 2000) * 0.02 : 20
        l.update(t, x)
        if (t > 1500 && !l.isSteady()) lastUnsteady = t
    }
    // the ramp ends at 3000 ms; block means agree from the block after it, plus one steadiness window (1000 ms)
    assert.ok(lastUnsteady >= 3900 && lastUnsteady <= 4200, `steady again after ${lastUnsteady} ms`)
})

test("spike gate: isolated spikes are counted and removed; a real jump is followed after spike_confirm_samples", () => {
    const l = new Load(LOAD_DEFAULTS)
    let worst = 0
    for (let i = 0; i < 200; i++) {
        const spike = i % 7 === 3 ? 9000 : 0
        l.update(i * 10, 100 + spike)
        worst = Math.max(worst, Math.abs(l.clean_g() - 100))
    }
    assert.equal(worst, 0)
    assert.equal((l as any).gate.spikes, Math.ceil((200 - 3) / 7))
    // a collapse-sized jump of -400 g in one sample (a real load: its readings differ in the last digits)
    for (let i = 200; i < 210; i++) l.update(i * 10, -300 + (i % 2) * 0.01)
    assert.ok(Math.abs(l.clean_g() + 300) <= 0.01, `clean ${l.clean_g()}`)
    assert.equal((l as any).gate.spikes, Math.ceil((200 - 3) / 7), "the jump's readings are not spikes")
})

test("spike gate: a converter frozen on a bit error (the same far value, reading after reading) is never followed", () => {
    const l = new Load(LOAD_DEFAULTS)
    for (let i = 0; i < 100; i++) l.update(i * 10, 100 + (i % 3) * 0.01)
    for (let i = 100; i < 400; i++) l.update(i * 10, 100 - 1642.6)
    assert.ok(Math.abs(l.clean_g() - 100) <= 0.02, `clean ${l.clean_g()}`)
    // the converter answers again: the readings are the load's
    for (let i = 400; i < 410; i++) l.update(i * 10, 100 + (i % 3) * 0.01)
    assert.ok(Math.abs(l.clean_g() - 100) <= 0.02, `clean ${l.clean_g()}`)
})

test("NaN readings and a repeated t_ms do not disturb the chain", () => {
    const l = new Load(LOAD_DEFAULTS)
    for (let t = 0; t < 2000; t += 10) l.update(t, 50)
    assert.equal(l.update(2000, NaN), false)
    l.update(1990, 50)
    assert.equal(l.clean_g(), 50)
    assert.ok(l.isSteady())
    assert.equal(l.steadyMean_g(), 50)
})

test("tare: the zero is the steady level; a card above it reads as its weight", () => {
    const l = new Load(LOAD_DEFAULTS)
    let t = 0
    for (; t < 2000; t += 10) l.update(t, 1000)
    assert.ok(l.tare(t))
    assert.equal(l.zero_g(), 1000)
    for (; t < 5000; t += 10) l.update(t, 1005.6)
    assert.ok(l.isSteady())
    assert.ok(Math.abs(l.steadyMean_g() - l.zero_g() - 5.6) < 1e-9)
})

test("card mass: averages the first cards, refines later, ignores steps that are not one card", () => {
    const m = new CardMass({ ...CARD_MASS_DEFAULTS, prior_g: 5, learn_cards: 4, accept_ratio: 1.6 })
    for (const g of [6, 6.4, -6.2, 5.8]) m.observe(g)
    assert.ok(Math.abs(m.get_g() - 6.1) < 1e-9)
    m.observe(20) // two or three cards: not learned
    assert.equal(m.count(), 4)
    m.observe(6.5)
    assert.ok(Math.abs(m.get_g() - (6.1 + (6.5 - 6.1) / 4)) < 1e-9)
    assert.ok(m.isOneCard(7) && !m.isOneCard(12) && !m.isOneCard(3))
})

test("real HX71708 log (14% bit-error spikes): every spike removed, no step, no jump", () => {
    const rows = readHx71708()
    for (const rec of [0, 1]) {
        const r = rows.filter(x => x.recording === rec)
        // newtons here: the gate and steadiness scaled to this cell's noise (sigma 65-90 N, spikes >= 8000 N)
        const l = new Load({ ...LOAD_DEFAULTS, spike_gate_g: 2000, steady_span_g: 400, block_ms: 100, steady_ms: 1000 })
        // independent spike marking: far from the median of the 21 neighbours
        const spikes = r.map((x, i) => {
            const w = r.slice(Math.max(0, i - 10), i + 11).map(y => y.force_n).sort((a, b) => a - b)
            return Math.abs(x.force_n - w[w.length >> 1]) > 4000
        })
        const nSpikes = spikes.filter(Boolean).length
        assert.ok(nSpikes / r.length > 0.1, `expected many spikes, marked ${nSpikes}`)
        let lo = Infinity, hi = -Infinity
        for (const x of r) {
            l.update(x.t_ms, x.force_n)
            lo = Math.min(lo, l.clean_g())
            hi = Math.max(hi, l.clean_g())
        }
        assert.equal((l as any).gate.spikes, nSpikes, "every marked spike rejected, nothing else")
        assert.ok(lo > -200 && hi < 800, `clean level stays in the unloaded band: ${lo}..${hi} N`)
    }
})

test("real HX711 known-masses log: the labelled plateaus are found as steady levels", () => {
    const COUNTS_PER_G = -36.8 // README: about 36.8 counts/g, counts fall as load rises
    const rows = readHx711Steps()
    const zero = -122391
    // README plateau medians (counts), swap plateau left out
    const plateaus = [-122391, -123808, -122142, -125292, -126929, -121908, -128562, -130630, -132729, -134781, -122185].map(c => (c - zero) / COUNTS_PER_G)
    const l = new Load({ ...LOAD_DEFAULTS, block_ms: 300, steady_ms: 1800, steady_span_g: 4, median_window: 3 })
    // steady levels: consecutive steady means within 10 g are one level (its average)
    const sums: number[][] = []
    for (const r of rows) {
        l.update(r.t_ms, (r.counts - zero) / COUNTS_PER_G)
        if (!l.isSteady()) continue
        const m = l.steadyMean_g()
        const last = sums[sums.length - 1]
        if (!last || Math.abs(m - last[0] / last[1]) > 10) sums.push([m, 1])
        else (last[0] += m), last[1]++
    }
    const levels = sums.map(x => x[0] / x[1])
    // every labelled plateau appears in order, within 4 g (creep within a plateau is ~0.2 g/s)
    let k = 0
    for (const p of plateaus) {
        while (k < levels.length && Math.abs(levels[k] - p) > 4) k++
        assert.ok(k < levels.length, `plateau ${p.toFixed(1)} g not found in ${levels.map(x => x.toFixed(1)).join(" ")}`)
        k++
    }
    assert.ok(levels.length <= plateaus.length + 2, `spurious levels: ${levels.map(x => x.toFixed(1)).join(" ")}`)
})

test("LevelHistory: since when the level stayed within a band, from 50 ms slot means (a slow ADC's empty slots repeat the last mean)", () => {
    const h = new LevelHistory(50, 80)
    // 10 g until 1000 ms, a ramp to 16 g until 1500 ms, then 16 g; one reading per 100 ms (a 10 SPS cell)
    for (let t = 0; t <= 3000; t += 100) h.update(t, t < 1000 ? 10 : t < 1500 ? 10 + (6 * (t - 1000)) / 500 : 16)
    // the ramp's readings at 1300 and 1400 ms are 13.6 and 14.8 g: within 1.2 g of 16 from the 1400 ms slot on
    assert.equal(h.within_since_ms(16, 1.2), 1400)
    assert.equal(h.within_since_ms(16, 0.1), 1500)
    assert.ok(Number.isNaN(h.within_since_ms(10, 1)), "the last slot is not near 10 g")
    // a gap longer than the ring starts afresh: only the slots after it count
    h.update(10000, 16)
    h.update(10100, 16)
    assert.equal(h.within_since_ms(16, 0.1), 10000)
})

test("LevelHistory: the mean of the closed slots since a time (a new level measured without the ramp before it)", () => {
    const h = new LevelHistory(50, 80)
    // 10 g until 1000 ms, then 16 g; one reading every 25 ms
    for (let t = 0; t <= 2000; t += 25) h.update(t, t < 1000 ? 10 : 16)
    // closed slots start at 0, 50, ..., 1950: from 1000 on every slot holds 16 g
    assert.equal(h.mean_since_ms(1000), 16)
    // from 900: two slots of 10 g and twenty of 16 g
    assert.ok(Math.abs(h.mean_since_ms(900) - (2 * 10 + 20 * 16) / 22) < 1e-9)
    assert.ok(Number.isNaN(h.mean_since_ms(5000)), "no closed slot starts after the last one")
})

test("LevelHistory: when a step crossed a fraction of the way, on means over whole ring periods (a rocking level judged steady late)", () => {
    const h = new LevelHistory(50, 80)
    // 10 g until 1000 ms, then 16 g ringing +-2 g at 2 Hz (whole periods of 500 ms = 10 slots); a reading every 25 ms
    const ring = (t: number) => 2 * Math.sin((2 * Math.PI * (t - 1000)) / 500)
    for (let t = 0; t <= 3000; t += 25) h.update(t, t < 1000 ? 10 : 16 + ring(t))
    // the ring keeps the 500 ms means out of a 0.3 g band about 16 g until whole periods follow the step
    const band = h.within_since_ms(16, 0.3, 10)
    assert.ok(band >= 1200, `within the band since ${band}`)
    // halfway was crossed as the step came (the 500 ms mean centred on it)
    const half = h.crossed_ms(10, 16, 10, 0.5)
    assert.ok(Math.abs(half - 1000) <= 50, `halfway at ${half}`)
    // a ramp from 10 to 16 g over 1000-1500 ms, judged slot by slot: halfway at 1250 ms, 70 % of the way at 1350 ms
    const r = new LevelHistory(50, 80)
    for (let t = 0; t <= 3000; t += 25) r.update(t, t < 1000 ? 10 : t < 1500 ? 10 + (6 * (t - 1000)) / 500 : 16)
    assert.ok(Math.abs(r.crossed_ms(10, 16, 1, 0.5) - 1250) <= 25, `halfway at ${r.crossed_ms(10, 16, 1, 0.5)}`)
    assert.ok(Math.abs(r.crossed_ms(10, 16, 1, 0.7) - 1350) <= 25, `70 % at ${r.crossed_ms(10, 16, 1, 0.7)}`)
    // a step down is judged the same way; a history all on the new level has no crossing
    const d = new LevelHistory(50, 80)
    for (let t = 0; t <= 3000; t += 25) d.update(t, t < 2000 ? 16 : 10)
    assert.ok(Math.abs(d.crossed_ms(16, 10, 1, 0.5) - 2000) <= 25)
    const on = new LevelHistory(50, 80)
    for (let t = 0; t <= 3000; t += 25) on.update(t, 16)
    assert.ok(Number.isNaN(on.crossed_ms(10, 16, 1, 0.5)), "every slot is past halfway from 10 g to 16 g")
})

test("quick_g is the median of the last three readings past the spike gate; recentHigh_g the higher of the last two, recentMax_g of the last four (NaN before that many)", () => {
    const l = new Load(LOAD_DEFAULTS)
    const readings = [100, 100, 100, 112, 100, 100, 90, 90, 90, 90]
    const quick: number[] = []
    const high: number[] = []
    const max: number[] = []
    readings.forEach((g, i) => {
        l.update(i * 100, g)
        quick.push(l.quick_g())
        high.push(l.recentHigh_g())
        max.push(l.recentMax_g())
    })
    // one reading 12 g up (a single bit error under the gate) never shows in quick_g; a real step does, one reading late
    assert.deepEqual(quick, [100, 100, 100, 100, 100, 100, 100, 90, 90, 90])
    assert.ok(Number.isNaN(high[0]))
    assert.deepEqual(high.slice(6), [100, 90, 90, 90])
    assert.deepEqual(max.slice(0, 3).map(Number.isNaN), [true, true, true])
    assert.deepEqual(max.slice(7), [100, 100, 90])
})

test("ringFree_g averages out a slow cell's aliased ringing that the median follows", () => {
    const l = new Load(LOAD_DEFAULTS)
    for (let t = 0; t < 3000; t += 100) l.update(t, 100)
    // 10 SPS readings swinging 20 g either way about a level 8 g lower (cards came off, the hanger rings)
    let worstRing = 0
    let worstMedian = 0
    for (let t = 3000; t < 5000; t += 100) {
        const k = (t - 3000) / 100
        l.update(t, 92 + (k % 2 === 0 ? 20 : -20))
        if (t >= 3600) {
            worstRing = Math.max(worstRing, Math.abs(l.ringFree_g() - 92))
            worstMedian = Math.max(worstMedian, Math.abs(l.clean_g() - 92))
        }
    }
    assert.ok(worstRing < 3, `ring-free level off by ${worstRing.toFixed(2)} g`)
    assert.ok(worstMedian > 15, `(the median swings ${worstMedian.toFixed(1)} g)`)
})

test("responseDelay_ms: the reading period, the median's delay and the low-pass", () => {
    const l = new Load(LOAD_DEFAULTS)
    for (let t = 0; t < 5000; t += 100) l.update(t, 100)
    assert.ok(Math.abs(l.responseDelay_ms() - (100 + 2 * 100 + 2 * LOAD_DEFAULTS.fast_tau_ms)) < 1, `${l.responseDelay_ms()} ms`)
})

test("LevelHistory: judged on means over several slots, a ring about the new level still says since when it is there", () => {
    const h = new LevelHistory(50, 80)
    // 10 g until 1000 ms, then 16 g ringing +-3 g at 2 Hz (a swinging rig), one reading every 25 ms
    for (let t = 0; t <= 3000; t += 25) h.update(t, t < 1000 ? 10 : 16 + 3 * Math.sin((2 * Math.PI * 2 * (t - 1000)) / 1000))
    assert.ok(Number.isNaN(h.within_since_ms(16, 1)), "slot by slot the ring leaves the band")
    // 500 ms means (10 slots) span the ring: within 1 g of 16 from about when the level came (each mean stands for its middle)
    const since = h.within_since_ms(16, 1, 10)
    assert.ok(since >= 1000 && since <= 1300, `since ${since}`)
})

test("restNoise: the reading-to-reading white noise, as measured when the tare is taken", () => {
    const l = new Load(LOAD_DEFAULTS)
    let seed = 3
    // uniform noise of +-0.5 g: sigma 0.289 g
    const u = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5)
    for (let t = 0; t < 60000; t += 12.5) l.update(t, 100 + u())
    assert.ok(Number.isNaN(l.restNoise()), "none before a tare")
    assert.ok(l.tare(60000))
    assert.ok(Math.abs(l.restNoise() - 0.289) < 0.05, `noise ${l.restNoise().toFixed(3)} g`)
})

test("restNoise at a tare between rounds: a clean-up's jumps before the rig came to rest do not count", () => {
    const rng = new Rng(11)
    const l = new Load(LOAD_DEFAULTS)
    // a 10 SPS cell, noise 0.1 g: at rest, tared; then 30 s of cards coming off in jumps; then 6 s at rest
    let t = 0
    for (; t < 5000; t += 100) l.update(t, 40 + 0.1 * rng.gauss())
    assert.ok(l.tare(t))
    const first = l.restNoise()
    let level = 140
    for (; t < 35000; t += 100) {
        if (t % 1500 === 0) level -= 5
        l.update(t, level + (rng.next() - 0.5) * 6 + 0.1 * rng.gauss())
    }
    for (; t < 41000; t += 100) l.update(t, 40 + 0.1 * rng.gauss())
    assert.ok(l.isSteady(), "steady at rest again")
    assert.ok(l.tare(t))
    assert.ok(Math.abs(first - 0.1) < 0.04, `first tare: noise ${first.toFixed(3)} g`)
    assert.ok(Math.abs(l.restNoise() - 0.1) < 0.04, `second tare: noise ${l.restNoise().toFixed(3)} g (the clean-up's jumps are 1.7 g RMS)`)
})

/**
 * a load ringing +-amp_g about 500 g with period ring_ms (a swing of twice that period, whose W2 setSwing
 * gets with `swing_dps`), read every period_ms until until_ms: from from_ms on, the fraction of readings on
 * which the level is steady, the worst steady mean's error, and the block length
 */
function ringSteadiness(swing_dps: number, ring_ms: number, amp_g: number, period_ms: number, from_ms: number, until_ms: number) {
    const w2 = (Math.PI / (ring_ms / 1000)) ** 2
    const l = new Load(LOAD_DEFAULTS)
    let n = 0
    let steady = 0
    let err = 0
    for (let t = 0; t < until_ms; t += period_ms) {
        l.setSwing(swing_dps, w2)
        l.update(t, 500 + amp_g * Math.sin((2 * Math.PI * t) / ring_ms))
        if (t < from_ms) continue
        n++
        if (!l.isSteady()) continue
        steady++
        err = Math.max(err, Math.abs(l.steadyMean_g() - 500))
    }
    return { frac: steady / n, err: err, block: l.block_ms }
}

test("setSwing: a big swing's load ring (twice the swing rate, 600 ms) is steady at its mean on ring-period blocks, not on 500 ms ones", () => {
    // a 1.2 s swing period: the load rings at 600 ms, +-6 g about 500 g, read at 80 SPS
    const run = (swing_dps: number) => ringSteadiness(swing_dps, 600, 6, 12.5, 3000, 10000)
    const big = run(LOAD_DEFAULTS.ring_swing_dps + 20)
    assert.ok(Math.abs(big.block - 600) < 1, `block ${big.block}`)
    assert.ok(big.frac > 0.99 && big.err < 0.1, `steady ${big.frac} of the time, mean off by up to ${big.err} g`)
    const small = run(LOAD_DEFAULTS.ring_swing_dps - 20)
    assert.equal(small.block, LOAD_DEFAULTS.block_ms)
    assert.ok(small.frac < 0.5 && small.err > 0.5, `on 500 ms blocks steady ${small.frac} of the time, mean off by up to ${small.err} g`)
})

test("setSwing on a 10 SPS cell: the blocks average the gated readings, not their median (which bends a ring)", () => {
    // a 460 ms ring of +-8 g read every 100 ms: the running median of 5 spans a whole ring and flattens it unevenly
    const run = (swing_dps: number) => ringSteadiness(swing_dps, 460, 8, 100, 5100, 20000)
    const big = run(LOAD_DEFAULTS.ring_swing_dps + 20)
    assert.ok(big.frac > 0.95 && big.err < 1, `steady ${big.frac} of the time, mean off by up to ${big.err} g`)
    const small = run(LOAD_DEFAULTS.ring_swing_dps - 20)
    assert.ok(small.frac < 0.2, `on the median, steady ${small.frac} of the time`)
})
