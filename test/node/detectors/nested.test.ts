// A hand pressing the hanger inside a slotting hand's tremor (NestedPress, through the HangerDetector that arms it),
// on crafted load signals: the tremor keeps the load from standing back at a level, so only the envelope sees it.
import { test } from "node:test"
import assert from "node:assert/strict"
import { HangerDetector, HANGER_DEFAULTS } from "../../../src/core/referee/detectors/hanger.ts"
import { Obs } from "../../../src/core/referee/types.ts"
import { freshSignals } from "./fixture.ts"

const REF_G = 500

/**
 * a still rig, one load reading every `period_ms`: REF_G + extra(t); the touches seen. `sameN(t)`: how many readings in
 * a row the cell has repeated exactly by then (the FaultDetector's count; 0 by default)
 */
function run(period_ms: number, until_ms: number, extra: (t_ms: number) => number, sameN?: (t_ms: number) => number): Obs[] {
    const sig = freshSignals()
    sig.ref_g = REF_G
    const det = new HangerDetector(HANGER_DEFAULTS)
    const out: Obs[] = []
    for (let t = 0; t <= until_ms; t += period_ms) {
        if (sameN) sig.loadSameN = sameN(t)
        sig.motion.update(t, 0, 0, 0)
        sig.load.update(t, REF_G + extra(t))
        const o = det.update(t, sig)
        if (o) out.push(o)
    }
    return out
}

/** 0 before t0, rising linearly to 1 over ramp_ms */
function ramp(t: number, t0: number, ramp_ms: number): number {
    return t < t0 ? 0 : Math.min(1, (t - t0) / ramp_ms)
}

/** a placer slotting a card from 1000 ms: `press_g` with an 8 Hz tremor of `tremor_g` either way, let go over 100 ms at `off_ms` */
function slotting(press_g: number, tremor_g: number, off_ms: number): (t: number) => number {
    return t => (ramp(t, 1000, 300) - ramp(t, off_ms, 100)) * (press_g + tremor_g * Math.sin(2 * Math.PI * 8 * (t / 1000)))
}

/** `g` grams from t0 for dur_ms with 30 ms ramps (a hand on the hanger) */
function hand(t0: number, dur_ms: number, g: number): (t: number) => number {
    return t => (t >= t0 && t < t0 + dur_ms ? g * Math.min(1, (t - t0) / 30, (t0 + dur_ms - t) / 30) : 0)
}

test("a hand pressing the hanger 6 g for 220 ms inside a slotting hand's ±2.2 g tremor is a touch (1-246, 2000-51), told by the nested press", () => {
    const slot = slotting(1.5, 2.2, 8600)
    // the card's weight comes on as the placer lets go
    const card = (t: number) => 6 * ramp(t, 8000, 600)
    const out = run(12.5, 11000, t => slot(t) + card(t) + hand(5000, 220, 6)(t))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].ev!.detector, "nested_press")
    assert.ok(out[0].onset_ms! >= 5000 && out[0].onset_ms! < 5100, `onset ${out[0].onset_ms}`)
    assert.ok(out[0].t_ms > 5220 && out[0].t_ms < 5720, `told at ${out[0].t_ms}`)
    assert.ok((out[0].ev!.delta_g as number) > 5, `height ${out[0].ev!.delta_g} g`)
    // the tremor alone, and the card going on as the placer lets go, are no touch
    assert.deepEqual(run(12.5, 11000, t => slot(t) + card(t)), [])
})

test("a card going on as the placer's tremoring press lets go is no touch: the load back above where the tremor stood (9000-331: 5.2 g on, 3 g off)", () => {
    const slot = slotting(3, 1, 6150)
    const card = (t: number) => 5.2 * ramp(t, 6000, 150)
    assert.deepEqual(run(6.25, 10000, t => slot(t) + card(t)), [])
})

test("the nested press is looked for on a 40 SPS cell too (a reading every 25 ms; not on 10-20 SPS cells, whose few readings do not hold an aliased tremor)", () => {
    const slot = slotting(1.5, 2.2, 8600)
    const out = run(25, 11000, t => slot(t) + hand(5000, 220, 6)(t))
    assert.deepEqual(
        out.map(o => o.ev!.detector),
        ["nested_press"],
    )
})

test("a hand lifting the hanger 7 g for 250 ms inside a slotting hand's ±2.2 g tremor is a touch, told by the nested lift (17000-156, 2000-321)", () => {
    const slot = slotting(1.5, 2.2, 8600)
    const out = run(12.5, 11000, t => slot(t) + hand(5000, 250, -7)(t))
    assert.deepEqual(
        out.map(o => o.ev!.detector),
        ["nested_lift"],
    )
    assert.ok(out[0].onset_ms! >= 5000 && out[0].onset_ms! < 5100, `onset ${out[0].onset_ms}`)
    assert.ok(out[0].t_ms > 5250 && out[0].t_ms < 5750, `told at ${out[0].t_ms}`)
    // a lift: the load change is told negative, in grams and in cards
    assert.ok((out[0].ev!.delta_g as number) < -5, `height ${out[0].ev!.delta_g} g`)
    assert.ok((out[0].ev!.delta_cards as number) < 0, `cards ${out[0].ev!.delta_cards}`)
})

test("a card falling off while its placer's tremoring press goes on is no nested lift: the load does not come back", () => {
    const slot = slotting(1.5, 2.2, 8600)
    const fell = (t: number) => -6 * ramp(t, 5000, 40)
    assert.deepEqual(
        run(12.5, 11000, t => slot(t) + fell(t)).filter(o => o.ev!.detector === "nested_lift"),
        [],
    )
})

test("a slotting hand letting go for 150 ms and pressing again is no nested lift: the load comes down to the reference, not under it", () => {
    // a 3 g press with a ±1.2 g tremor, off from 5040 ms to 5150 (40 ms ramps) and on again; with the same dip taken
    // 3 g further, under the reference, it is one
    const slot = slotting(3, 1.2, 8600)
    const dip = (t: number) => Math.min(1, Math.max(0, (t - 5000) / 40), Math.max(0, (5190 - t) / 40))
    const nestedLifts = (under_g: number) => run(12.5, 11000, t => slot(t) * (1 - dip(t)) - under_g * dip(t)).filter(o => o.ev!.detector === "nested_lift")
    assert.deepEqual(nestedLifts(0), [])
    assert.equal(nestedLifts(3).length, 1)
})

test("a hand lifting the hanger 3 g out of a slotting hand's 1.2 g tremoring press, the press going with it, is a touch told by the nested lift: back at the reference, under the envelope's mean (10000-146)", () => {
    // the press from 4300 ms (too short a time for the hanger's base to take it), let go at 5000 as the hand lifts the
    // load 1.8 g under the reference; the hand's grip gives once (back to 0.65 g under for 40 ms: the hanger's own
    // excursion counts that back and the lift out again spends it), and it lets go at 5290 ms: the load stands at the
    // reference, 1.2 g under where the tremor stood
    const press = (t: number) => ramp(t, 4300, 300) * (1.2 + 1.0 * Math.sin(2 * Math.PI * 8 * (t / 1000)))
    const lift = (under_g: number) => (t: number) => (t < 5000 ? press(t) : t < 5100 ? -1.8 : t < 5140 ? -0.65 : t < 5290 ? -1.8 : -under_g)
    const out = run(12.5, 9000, lift(0))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].ev!.detector, "nested_lift")
    assert.ok(out[0].onset_ms! >= 5000 && out[0].onset_ms! < 5050, `onset ${out[0].onset_ms}`)
    assert.ok((out[0].ev!.delta_g as number) < -2.5, `height ${out[0].ev!.delta_g} g`)
    // the load back a gram under the reference (more than half the threshold under both the reference and where the
    // tremor stood: not back) is no call
    assert.deepEqual(run(12.5, 9000, lift(1)), [])
})

test("no nested press or lift is told while the cell repeats its readings exactly (stuck, not yet called a fault: 12000-148)", () => {
    const slot = slotting(1.5, 2.2, 8600)
    const lift = (t: number) => slot(t) + hand(5000, 250, -7)(t)
    const nested = (o: Obs) => (o.ev!.detector as string).startsWith("nested")
    // the same readings with the cell counted repeating from 4500 ms (a stuck cell's readings, less the swing's ring, are
    // the ring's trace; the hanger's own excursion is judged as before)
    assert.deepEqual(run(12.5, 11000, lift, t => (t >= 4500 && t < 6000 ? Math.floor((t - 4500) / 12.5) : 0)).filter(nested), [])
    // one repeat now and then is a real cell's
    assert.deepEqual(
        run(12.5, 11000, lift, t => (Math.floor(t / 12.5) % 50 === 0 ? 1 : 0)).map(o => o.ev!.detector),
        ["nested_lift"],
    )
})
