// The HangerDetector (a hand on the hanger): a load excursion from the steady level that comes back is a touch,
// on crafted load signals fed straight into it (the touch detector's arming is tested with the referee).
import { test } from "node:test"
import assert from "node:assert/strict"
import { HangerDetector, HANGER_DEFAULTS, HangerSettings } from "../../../src/core/referee/detectors/hanger.ts"
import { Signals } from "../../../src/core/referee/detectors/signals.ts"
import { Obs } from "../../../src/core/referee/types.ts"
import { freshSignals } from "./fixture.ts"

const REF_G = 500
const ON = HANGER_DEFAULTS

/** one load reading into the detector; the touches it saw come back go to `out` */
function feed(det: HangerDetector, sig: Signals, t: number, g: number, out: Obs[]) {
    sig.load.update(t, g)
    const o = det.update(t, sig)
    if (o) out.push(o)
}

/**
 * a still rig (gyro 0), a load reading every `period_ms` (80 Hz unless told): REF_G + extra(t); `before` sets the
 * signals up before each reading, `each` sees them after it; returns the touches seen and the signals
 */
function runSig(
    until_ms: number,
    extra: (t_ms: number) => number,
    settings: HangerSettings = ON,
    period_ms = 12.5,
    each?: (t_ms: number, sig: Signals) => void,
    before?: (t_ms: number, sig: Signals) => void,
): { out: Obs[]; sig: Signals } {
    const sig = freshSignals()
    sig.ref_g = REF_G
    const det = new HangerDetector(settings)
    const out: Obs[] = []
    for (let t = 0; t <= until_ms; t += period_ms) {
        sig.motion.update(t, 0, 0, 0)
        if (before) before(t, sig)
        feed(det, sig, t, REF_G + extra(t), out)
        if (each) each(t, sig)
    }
    return { out, sig }
}

/** as runSig, the touches seen */
function run(until_ms: number, extra: (t_ms: number) => number, settings: HangerSettings = ON): Obs[] {
    return runSig(until_ms, extra, settings).out
}

/** `g` grams from t0 for dur_ms with 30 ms ramps (a hand pressing or lifting the hanger) */
function hand(t0: number, dur_ms: number, g: number): (t: number) => number {
    return t => (t >= t0 && t < t0 + dur_ms ? g * Math.min(1, (t - t0) / 30, (t0 + dur_ms - t) / 30) : 0)
}

test("a hand pressing the hanger 4 g for 300 ms is a touch, told stay_ms after the load came back", () => {
    const out = run(8000, hand(5000, 300, 4))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].ev!.detector, "load_return")
    assert.ok(Math.abs((out[0].ev!.delta_g as number) - 4) < 0.2, `peak ${out[0].ev!.delta_g} g`)
    assert.ok(out[0].onset_ms! >= 5000 && out[0].onset_ms! < 5100, `onset ${out[0].onset_ms}`)
    assert.ok(out[0].t_ms >= 5300 + ON.stay_ms && out[0].t_ms <= 5300 + ON.stay_ms + 150, `called at ${out[0].t_ms}`)
})

test("on a 10 SPS cell the stay is counted to the nearest reading: told on the third reading back", () => {
    // one reading every 97.5 ms (an HX711 at its nominal 10 SPS runs a little fast): the third reading back is 195 ms
    // after the first, 5 ms short of stay_ms; told on the fourth, the call would miss the benchmark's 500 ms after the
    // hand let go (the 20 SPS slotting tremor below still needs its fifth reading back)
    let firstBack = NaN
    const { out } = runSig(8000, hand(5030, 300, 4), ON, 97.5, (t, sig) => {
        if (t > 5330 && firstBack !== firstBack && Math.abs(sig.load.quick_g() - REF_G) < 0.5) firstBack = t
    })
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok(out[0].t_ms <= firstBack + 2 * 97.5 + 1, `called at ${out[0].t_ms}, first reading back at ${firstBack}`)
    assert.ok(out[0].t_ms - 5330 < 500, `${out[0].t_ms - 5330} ms after the hand let go`)
})

test("on a 10 SPS cell the call's onset dates the hand half a period before the first reading past the threshold, not the quick level's crossing a reading later (12000-126: blamed on the next player)", () => {
    // no rest noise learned: the threshold is min_g
    const press = hand(5030, 300, 6)
    let firstPast = NaN
    let quickPast = NaN
    const { out } = runSig(8000, press, ON, 100, (t, sig) => {
        if (firstPast !== firstPast && press(t) > ON.min_g) firstPast = t
        if (quickPast !== quickPast && sig.load.quick_g() - REF_G > ON.min_g) quickPast = t
    })
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(quickPast, firstPast + 100, "the quick level passes a reading late")
    assert.equal(out[0].onset_ms, firstPast - 50, `onset ${out[0].onset_ms}, first reading past at ${firstPast}`)
})

test("on a 10 SPS cell, a reading past the threshold, one dipping back, then the hand's: the onset is half a period before the first one past (the quick level passed two readings later)", () => {
    const press = (t: number) => (t === 5100 ? 6 : t === 5200 ? 0.5 : t >= 5300 && t <= 5500 ? 6 : 0)
    let quickPast = NaN
    const { out } = runSig(8000, press, ON, 100, (t, sig) => {
        if (quickPast !== quickPast && sig.load.quick_g() - REF_G > ON.min_g) quickPast = t
    })
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(quickPast, 5300)
    assert.equal(out[0].onset_ms, 5050)
})

test("after a long press comes back, the steady mean that still holds the press is no new level: the load rising 2.4 s later is no second touch (5000-396)", () => {
    // a hand presses 2 g for 1.4 s (the steadiness window fills with the pressed level), lets go; 2.4 s later the
    // load rises 2 g and stays (the next card's weight coming on): taken as the base, the stale pressed level made the
    // load back at the old level a lift, and that rise its return
    const press = hand(5000, 1400, 2)
    const out = run(11000, t => press(t) + (t >= 8800 ? 2 * Math.min(1, (t - 8800) / 200) : 0))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok((out[0].ev!.delta_g as number) > 1.8, `peak ${out[0].ev!.delta_g} g`)
    assert.ok(out[0].t_ms < 6800, `told at ${out[0].t_ms}`)
})

test("a hand lifting the hanger 3 g for 1.5 s is a touch too (either way)", () => {
    const out = run(9000, hand(5000, 1500, -3))
    assert.equal(out.length, 1, JSON.stringify(out))
})

/** as run, while the rod swings `amp_dps` at 0.8 Hz (the gyro into the push module: its swing envelope); `comp`: the load taken less the swing's ring (Signals.ringComp) */
function runSwinging(amp_dps: number | ((t_ms: number) => number), extra: (t_ms: number) => number, comp = false): { out: Obs[]; env: number } {
    const sig = freshSignals()
    sig.ref_g = REF_G
    sig.ringComp = comp
    const det = new HangerDetector(ON)
    const out: Obs[] = []
    let env = 0
    for (let t = 0; t <= 9000; t += 12.5) {
        const gx = (typeof amp_dps === "number" ? amp_dps : amp_dps(t)) * Math.sin((2 * Math.PI * 0.8 * t) / 1000)
        sig.motion.update(t, gx, 0, 0)
        sig.push.update(t, gx, 0, 0)
        if (t === 5000) env = sig.push.swingEnvDps()
        feed(det, sig, t, REF_G + extra(t), out)
    }
    return { out, env }
}

test("on a swinging rig (over still_dps, under lift_dps) a hand lifting the hanger is a touch; a press of a card or so is not judged (a slotting hand)", () => {
    const lift = runSwinging(30, hand(5000, 300, -6))
    assert.ok(lift.env > ON.still_dps && lift.env < ON.lift_dps, `swing envelope ${lift.env.toFixed(1)} dps`)
    assert.equal(lift.out.length, 1, JSON.stringify(lift.out))
    assert.deepEqual(runSwinging(30, hand(5000, 300, 6)).out, [])
    assert.deepEqual(runSwinging(ON.lift_dps * 1.6, hand(5000, 300, -6)).out, [], "over lift_dps nothing is judged")
})

test("a press begun on a rig swinging under still_dps stays judged while the hand's push swings it up to lift_dps (2000-125); begun over still_dps it is not judged", () => {
    // the rig swings 8 dps; from 5050 ms the hand's push takes the swing to 30 dps (over still_dps, under lift_dps)
    const grow = (t: number) => (t < 5050 ? 8 : Math.min(30, 8 + (22 * (t - 5050)) / 150))
    const r = runSwinging(grow, hand(5000, 300, 4))
    assert.equal(r.out.length, 1, JSON.stringify(r.out))
    assert.deepEqual(runSwinging(30, hand(5000, 300, 4)).out, [], "a press begun on a 30 dps swing is not judged (a slotting hand)")
})

test("with the load taken less the swing's ring (Signals.ringComp) a 4 g press on a rig swinging 25 dps is a touch (judged up to ring_still_dps); without, it is not judged there", () => {
    const r = runSwinging(25, hand(5000, 300, 4), true)
    assert.ok(r.env > ON.still_dps && r.env < ON.ring_still_dps, `swing envelope ${r.env.toFixed(1)} dps`)
    assert.equal(r.out.length, 1, JSON.stringify(r.out))
    assert.deepEqual(runSwinging(25, hand(5000, 300, 4)).out, [])
    // the threshold still grows with the swing, by ring_gpdps2: 1.5 g plus 0.001 x 25^2 holds a 1.8 g press out
    assert.deepEqual(runSwinging(25, hand(5000, 300, 1.8), true).out, [])
})

test("with the ring taken out a 5 g press on a rig swinging 34 dps is a touch (6000-186: judged up to ring_still_dps); over it, not judged", () => {
    const r = runSwinging(34, hand(5000, 300, 5), true)
    assert.ok(r.env > 30 && r.env < ON.ring_still_dps, `swing envelope ${r.env.toFixed(1)} dps`)
    assert.equal(r.out.length, 1, JSON.stringify(r.out))
    assert.ok(Math.abs((r.out[0].ev!.delta_g as number) - 5) < 0.5, `peak ${r.out[0].ev!.delta_g} g`)
    assert.deepEqual(runSwinging(ON.ring_still_dps * 1.3, hand(5000, 300, 5), true).out, [], "over ring_still_dps a press of a card or less is not judged")
})

test("on a swinging rig (over still_dps, under lift_dps) a press of more than press_cards is a touch, its release swinging past the level by the swing's load ring", () => {
    // 15 g (2.3 cards of the 6.5 g prior) for 300 ms; on release the load swings 4.2 g past the level for 60 ms: more
    // than the ring allowance of a still rig (over_frac of 15 g: 3.75 g), within it plus the swing's load ring (0.002 x 30^2)
    const press = hand(5000, 300, 15)
    const release = (t: number) => (t >= 5300 && t < 5360 ? -4.2 : 0)
    assert.ok(4.2 > ON.over_frac * 15 && 4.2 < ON.over_frac * 15 + ON.swing_gpdps2 * 28 * 28, "the release is past the still rig's allowance")
    const r = runSwinging(30, t => press(t) + release(t))
    assert.ok(r.env > ON.still_dps && r.env < ON.lift_dps, `swing envelope ${r.env.toFixed(1)} dps`)
    assert.equal(r.out.length, 1, JSON.stringify(r.out))
    assert.ok((r.out[0].ev!.delta_g as number) > 14, `peak ${r.out[0].ev!.delta_g} g`)
    // pressing one card's weight (a slotting hand and its card) is not judged there
    assert.deepEqual(runSwinging(30, hand(5000, 300, 6.5)).out, [])
})

test("on a rig swinging past lift_dps (under big_press_dps) a press of more than big_press_cards and twice the threshold is a touch; a press of 1.8 cards is not judged", () => {
    const r = runSwinging(60, hand(5000, 300, 22))
    assert.ok(r.env > ON.lift_dps && r.env < ON.big_press_dps, `swing envelope ${r.env.toFixed(1)} dps`)
    assert.equal(r.out.length, 1, JSON.stringify(r.out))
    assert.deepEqual(runSwinging(60, hand(5000, 300, 1.8 * 6.5)).out, [])
    assert.deepEqual(runSwinging(ON.big_press_dps * 1.6, hand(5000, 300, 22)).out, [], "over big_press_dps nothing is judged")
})

test("on a rig swinging past lift_dps (under big_press_dps) a lift of more than big_press_cards and twice the threshold is a touch (12000-111); a lift of 1.8 cards is not judged", () => {
    const r = runSwinging(60, hand(5000, 300, -22))
    assert.ok(r.env > ON.lift_dps && r.env < ON.big_press_dps, `swing envelope ${r.env.toFixed(1)} dps`)
    assert.equal(r.out.length, 1, JSON.stringify(r.out))
    assert.ok((r.out[0].ev!.delta_g as number) < -20, `peak ${r.out[0].ev!.delta_g} g`)
    assert.deepEqual(runSwinging(60, hand(5000, 300, -1.8 * 6.5)).out, [])
    assert.deepEqual(runSwinging(ON.big_press_dps * 1.6, hand(5000, 300, -22)).out, [], "over big_press_dps nothing is judged")
})

test("a slotting hand's press, and a hand lifting the hanger past the level while it lets go: a touch (a new excursion, not a ring)", () => {
    // the press: 2 g from 5000 to 5800 ms; the lift: 6 g from 5600 to 6000 ms (the load 4-6 g under the level), then back
    const press = hand(5000, 800, 2)
    const lift = hand(5600, 400, -6)
    const out = run(9000, t => press(t) + lift(t))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok((out[0].ev!.delta_g as number) < -5, `peak ${out[0].ev!.delta_g} g`)
    assert.ok(out[0].onset_ms! >= 5600 && out[0].onset_ms! < 5750, `onset ${out[0].onset_ms}`)
    // a big ring (8 g, 3 Hz, decaying) swings past the level the other way by more than the threshold, and back: no touch
    const ring = (t: number) => (t >= 5000 ? 8 * Math.exp(-(t - 5000) / 300) * Math.sin((2 * Math.PI * 3 * (t - 5000)) / 1000) : 0)
    assert.deepEqual(run(9000, ring), [])
})

test("a hand holding the hanger 8 g up for 1.5 s as a placer slots a card, letting go as the slotting press comes back: a touch, though the load comes back 2 g past the level (1000-81, 5000-336)", () => {
    // the slotting hand presses 2 g from 3000 ms to 8000 ms; the other hand lifts the hanger 8 g from 4000 to 5500 ms
    // (the load 6 g under the level), and lets go: the load comes back to the press, 2 g past the level (more than a
    // ring's 25 % of the lift). Told as the load comes back, within 500 ms of the hand letting go
    const press = (t: number) => (t >= 3000 && t < 8000 ? 2 * Math.min(1, (t - 3000) / 200, (8000 - t) / 200) : 0)
    const lift = hand(4000, 1500, -8)
    const out = run(10000, t => press(t) + lift(t))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok((out[0].ev!.delta_g as number) < -5.5, `peak ${out[0].ev!.delta_g} g`)
    assert.ok(out[0].onset_ms! >= 4000 && out[0].onset_ms! < 4200, `onset ${out[0].onset_ms}`)
    assert.ok(out[0].t_ms >= 5500 && out[0].t_ms < 6000, `told at ${out[0].t_ms}`)
    // the card going in as the hand lets go (the load back a card and the press past the level): a touch too
    const card = (t: number) => (t >= 5500 ? 6.5 * Math.min(1, (t - 5500) / 100) : 0)
    assert.equal(run(10000, t => press(t) + lift(t) + card(t)).length, 1)
    // held under SLOT_LIFT_MS (300 ms: a ring of the press could do as much), back past the level: the excursion is
    // spent, no load_return. Since stop 54 the nested lift tells it on this 80 SPS cell (the load dropped out of the
    // press and came back into it); on a 10 SPS cell, where the nested lift is not looked for, nothing does
    const short = (t: number) => press(t) + hand(4000, 300, -8)(t)
    assert.deepEqual(
        run(10000, short).map(o => o.ev!.detector),
        ["nested_lift"],
    )
    assert.deepEqual(runSig(10000, short, ON, 100).out, [])
    // a card falling from the steady level (no press before it) and the card put back with a 2 g press 1.5 s later:
    // no touch (7000-287), nor back 2 cards and a press past the level (more than a card and a press came on)
    const fell = (t: number) => (t >= 4000 ? -6.5 * Math.min(1, (t - 4000) / 30) : 0)
    const back = (t: number) => (t >= 5500 ? 8.5 * Math.min(1, (t - 5500) / 100) : 0)
    assert.deepEqual(run(10000, t => fell(t) + back(t)), [])
    const more = (t: number) => (t >= 5500 ? 13 + 2 : 0)
    assert.deepEqual(run(10000, t => press(t) + lift(t) + more(t)), [])
})

test("a press counted back on the lift's way through the level, then the hand lifting the hanger past the threshold: a touch (a new excursion)", () => {
    // a 2 g press until 5500 ms; the load at the level for 50 ms (back: the stay has begun); from 5550 ms a 6 g lift
    // that passes the threshold within one reading of leaving the ring allowance, until 5900 ms; then back
    const extra = (t: number) => (t >= 5000 && t < 5500 ? 2 : t >= 5550 && t < 5900 ? -6 : 0)
    const out = run(9000, extra)
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok((out[0].ev!.delta_g as number) < -5, `peak ${out[0].ev!.delta_g} g`)
    assert.ok(out[0].onset_ms! >= 5550 && out[0].onset_ms! < 5650, `onset ${out[0].onset_ms}`)
    // the same press, back, then swinging 1 g past the level (over the ring allowance, under the threshold): a ring, spent
    assert.deepEqual(run(9000, t => (t >= 5000 && t < 5500 ? 2 : t >= 5550 && t < 5650 ? -1 : 0)), [])
})

test("a press that dips past the level and comes back, then a hand lifting the hanger: the lift still gets its 120 ms to pass the threshold", () => {
    // 2 g press; at 5500 ms one 60 ms dip to -1 g (past the level, under the threshold) and back; at 5900 ms the
    // lift: 20 ms at -0.5 g, then -6 g until 6200 ms. The dip's moment must not count against the lift's
    const extra = (t: number) =>
        t >= 5000 && t < 5500 ? 2 : t >= 5500 && t < 5560 ? -1 : t >= 5560 && t < 5900 ? 2 : t >= 5900 && t < 5925 ? -0.5 : t >= 5925 && t < 6200 ? -6 : 0
    const out = run(9000, extra)
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok((out[0].ev!.delta_g as number) < -5, `peak ${out[0].ev!.delta_g} g`)
})

test("a hand pressing the hanger 13 g on top of a slotting hand's 3 g press, both letting go at once: a touch, back at the reference (1-335)", () => {
    // the slotting hand's press from 1000 ms is steady long before: the detector's base holds it (3 g above the reference)
    const slot = (t: number) => (t >= 1000 && t < 5200 ? 3 * Math.min(1, (t - 1000) / 200) : 0)
    const out = run(8000, t => slot(t) + hand(5000, 200, 13)(t))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok(Math.abs((out[0].ev!.delta_g as number) - 13) < 0.5, `peak ${out[0].ev!.delta_g} g`)
    // the slotting hand alone letting go is no touch (a drop to the reference, no press above its base)
    assert.deepEqual(run(8000, slot), [])
    // nor is a wobble a little over the threshold from a base 2 g above the reference that dips back to it (4000-303):
    // the allowance is for a hand's press that stands well clear of the press in the base
    const wob = (t: number) => (t >= 1000 && t < 5200 ? 2 * Math.min(1, (t - 1000) / 200) : 0) + (t >= 5000 && t < 5200 ? 1.8 : 0)
    assert.deepEqual(run(8000, wob), [])
})

test("a hand lifting the hanger 10 g below the reference as a slotting hand's 3 g press goes: a touch, back at the reference (5000-71)", () => {
    const slot = (t: number) => (t >= 1000 && t < 5000 ? 3 * Math.min(1, (t - 1000) / 200) : 0)
    const out = run(8000, t => slot(t) + hand(5000, 300, -10)(t))
    assert.equal(out.length, 1, JSON.stringify(out))
    // a card the placement detector has not called (the base a card above the reference) falling, its ring's trough
    // 7 g under the reference, is no touch: a base more than a slotting press above the reference holds no press
    const fell = (t: number) => (t < 1000 ? 0 : t < 5000 ? 6.5 * Math.min(1, (t - 1000) / 200) : t < 5150 ? -7 : 0)
    assert.deepEqual(run(8000, fell), [])
})

test("on a 10 SPS cell a hand pressing the hanger 8 g on a slotting hand's 3 g press under way is a touch (a press on a press): back at the press, or at the reference as both let go (20000-80); a card's weight coming on over the press is not", () => {
    // the slotting hand's press from 3000 ms starts an excursion of its own (the base is the reference); the hand
    // comes 1.5 s on, within max_ms of it: without a new excursion from the press, the load back at the press is no
    // return, and the press outlasts max_ms
    const P = 97.5
    const slot = (end: number) => (t: number) => (t >= 3000 && t < end ? 3 * Math.min(1, (t - 3000) / 200) : 0)
    const onPress = runSig(8000, t => slot(9000)(t) + hand(4500, 300, 8)(t), ON, P).out
    assert.equal(onPress.length, 1, JSON.stringify(onPress))
    assert.equal(onPress[0].ev!.detector, "load_return")
    assert.ok(Math.abs((onPress[0].ev!.delta_g as number) - 8) < 0.5, `height over the press ${onPress[0].ev!.delta_g} g`)
    // the hand dated between the first reading of the rise and the one before it (not at the press's start)
    assert.ok(onPress[0].onset_ms! >= 4500 - P && onPress[0].onset_ms! <= 4500 + P, `onset ${onPress[0].onset_ms}`)
    assert.ok(onPress[0].t_ms - 4800 < 700, `called ${onPress[0].t_ms - 4800} ms after the hand let go`)
    const bothGo = runSig(8000, t => slot(4800)(t) + hand(4500, 300, 8)(t), ON, P).out
    assert.equal(bothGo.length, 1, JSON.stringify(bothGo))
    // a card (6.5 g, the card mass before any was weighed) going on over the press stays: no touch
    assert.deepEqual(runSig(8000, t => slot(9000)(t) + (t >= 4500 ? 6.5 * Math.min(1, (t - 4500) / 30) : 0), ON, P).out, [])
    // a hand's own press coming on in two steps (3 g, then 11 g 200 ms on) is one excursion: one touch, its whole height
    const steps = runSig(8000, t => hand(3000, 600, 3)(t) + hand(3200, 300, 8)(t), ON, P).out
    assert.equal(steps.length, 1, JSON.stringify(steps))
    assert.ok(Math.abs((steps[0].ev!.delta_g as number) - 11) < 0.5, `peak ${steps[0].ev!.delta_g} g`)
})

test("a slotting hand's 2 g press swelling 1.6 g for 300 ms and back to the press is its own wobble, no touch (19000-47); a hand pressing 2.5 g on it is a touch, and so is a lift that takes the load below the reference", () => {
    // the press from 1000 ms is steady long before: the base holds it, 2 g above the reference (the threshold: min_g)
    const slot = (t: number) => (t >= 1000 ? 2 * Math.min(1, (t - 1000) / 200) : 0)
    assert.deepEqual(run(8000, t => slot(t) + hand(5000, 300, 1.6)(t)), [])
    // easing off by 1.6 g (the load stays above the reference) is the same hand
    assert.deepEqual(run(8000, t => slot(t) + hand(5000, 300, -1.6)(t)), [])
    const pressed = run(8000, t => slot(t) + hand(5000, 300, 2.5)(t))
    assert.equal(pressed.length, 1, JSON.stringify(pressed))
    assert.ok(Math.abs((pressed[0].ev!.delta_g as number) - 2.5) < 0.3, `peak ${pressed[0].ev!.delta_g} g`)
    const lifted = run(8000, t => slot(t) + hand(5000, 300, -2.5)(t))
    assert.equal(lifted.length, 1, JSON.stringify(lifted))
    assert.ok(Math.abs((lifted[0].ev!.delta_g as number) + 2.5) < 0.3, `peak ${lifted[0].ev!.delta_g} g`)
})

test("a slotting hand's 0.7 g press coming on, its tremor swelling it to 1.7 g for 150 ms and back to the press, is no touch: the readings back stand 0.41 of the swell off the level (3000-69); a hand's 1.7 g press back at the level is", () => {
    // the press from 5000 ms (300 ms ramp), the swell as it reaches 0.7 g: the load has not been steady since, so the base
    // is still the reference; the press is within half the threshold (min_g: no rest noise learned) of it, so back
    const slot = (t: number) => (t >= 5000 ? 0.7 * Math.min(1, (t - 5000) / 300) : 0)
    assert.deepEqual(run(8000, t => slot(t) + hand(5300, 150, 1)(t)), [])
    const pressed = run(8000, hand(5300, 150, 1.7))
    assert.equal(pressed.length, 1, JSON.stringify(pressed))
    assert.ok(Math.abs((pressed[0].ev!.delta_g as number) - 1.7) < 0.2, `peak ${pressed[0].ev!.delta_g} g`)
})

test("on a 10 SPS cell a hand lifting the hanger under the reference out of a slotting hand's steady press is a touch, told as it is back at the press, though the press comes on harder a reading later (3000-186); easing off above the reference is not, nor is the lift from a base hardly above it, or out of a press whose single readings jump (an aliased tremor)", () => {
    const P = 97.5
    // the slotting hand's press from 1000 ms, steady long before the hand (the base holds it), 2 g harder from 5450 ms:
    // the lift is back at the press for one reading (5362.5 ms), then the load goes on past the base
    const slot = (g: number) => (t: number) => (t < 1000 ? 0 : t < 5450 ? g * Math.min(1, (t - 1000) / 200) : g + 2)
    const lift = hand(5000, 300, -3.5)
    const lifted = runSig(9000, t => slot(1.5)(t) + lift(t), ON, P).out
    assert.equal(lifted.length, 1, JSON.stringify(lifted))
    assert.equal(lifted[0].ev!.detector, "load_return")
    assert.ok(Math.abs((lifted[0].ev!.delta_g as number) + 3.5) < 0.3, `peak ${lifted[0].ev!.delta_g} g`)
    // told as the quick level (the median of three, a reading behind) is back, at 5460 ms: not a reading later, once
    // it has gone on past the base
    assert.equal(lifted[0].t_ms, 56 * P, `called at ${lifted[0].t_ms}`)
    // a slotting hand easing off 3.5 g from a 4 g press: the load stays above the reference
    assert.deepEqual(runSig(9000, t => slot(4)(t) + lift(t), ON, P).out, [])
    // nor from a base 0.2 g above the reference (no press: a new level's slow ring, 20000-324)
    assert.deepEqual(runSig(9000, t => slot(0.2)(t) + lift(t), ON, P).out, [])
    // the same lift out of a press one reading in three of which dips 2.5 g (the median takes them out; the lift does
    // not stand out of the readings' scatter)
    const jumpy = (t: number) => (t >= 1000 && Math.round(t / P) % 3 === 0 ? -2.5 : 0)
    assert.deepEqual(runSig(9000, t => slot(1.5)(t) + lift(t) + jumpy(t), ON, P).out, [])
})

test("a big lift (30 g, 400 ms) that comes back into a 1.1 g ring (the swinging rod rings the load) is a touch: back within 15 % of its height", () => {
    // half the threshold (0.75 g) would call it gone again at the ring's first trough
    const ring = (t: number) => (t >= 5400 ? 1.1 * Math.sin((2 * Math.PI * 2.5 * (t - 5400)) / 1000) : 0)
    const lift = hand(5000, 400, -30)
    const out = run(9000, t => lift(t) + ring(t))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok(out[0].t_ms < 5400 + 500, `called at ${out[0].t_ms}`)
    // a small excursion is held to half the threshold still: a 3 g lift back into the same ring is no touch
    const small = hand(5000, 400, -3)
    assert.deepEqual(run(9000, t => small(t) + ring(t)), [])
})

test("a big lift (30 g, 1.5 s) whose release rings the hanger (4.5 g at 7 Hz, decaying in 0.2 s) is a touch: the readings back may swing past the level and scatter by the ring", () => {
    // a hand letting go rings the springy hanger; the first swings past the level are 15 % of the lift (traced on the
    // simulator's hanger touches), more than half a card: read one by one against the back tolerance, the touch was lost
    const lift = hand(5000, 1500, -30)
    const ring = (t: number) => (t >= 6500 ? 4.5 * Math.exp(-(t - 6500) / 200) * Math.sin((2 * Math.PI * 7 * (t - 6500)) / 1000) : 0)
    const out = run(10000, t => lift(t) + ring(t))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok((out[0].ev!.delta_g as number) < -29, `peak ${out[0].ev!.delta_g} g`)
    assert.ok(out[0].t_ms < 6500 + 500, `called at ${out[0].t_ms}`)
    // back into a ring about a level the swung rod holds a little past it (traced: +2.3 g, ringing 2.5 g), the readings
    // back scatter by more than the back tolerance (half a card) but no more than such a ring's RMS: still the touch
    const held = (t: number) => (t >= 6500 ? 2.8 * Math.exp(-(t - 6500) / 600) * (1 + Math.sin((2 * Math.PI * 7 * (t - 6500)) / 1000)) : 0)
    assert.equal(run(10000, t => lift(t) + held(t)).length, 1)
    // the same lift coming back a card short into the same ring stays out (the card fell)
    assert.deepEqual(run(10000, t => lift(t) + ring(t) + (t >= 6400 ? -6.5 : 0)), [])
})

test("a lift of more than half a card whose load, back, dips out again on its side for 60 ms (a reading's noise, the release's ring) and comes back is a touch; a smaller lift so is not", () => {
    // back tolerance here: half the threshold (0.75 g); the dip (2 g, five readings at 80 SPS) carries the quick level out
    const dip = (t: number) => (t >= 6150 && t < 6210 ? -2 : 0)
    const lift = hand(5000, 1000, -4)
    assert.ok(4 > 0.5 * 6.5, "more than half the 6.5 g prior card")
    const out = run(9000, t => lift(t) + dip(t))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok((out[0].ev!.delta_g as number) < -3.8, `peak ${out[0].ev!.delta_g} g`)
    assert.ok(out[0].onset_ms! >= 5000 && out[0].onset_ms! < 5100, `onset ${out[0].onset_ms}`)
    // a slotting hand's lift is smaller (traced: 0.2 card): out again, it is spent
    const small = hand(5000, 1000, -3)
    assert.equal(run(9000, small).length, 1, "the small lift alone is a touch")
    assert.deepEqual(run(9000, t => small(t) + dip(t)), [])
})

test("a big lift that comes back a card short (a card fell meanwhile) is no touch", () => {
    const lift = hand(5000, 400, -30)
    assert.deepEqual(run(10000, t => lift(t) + (t >= 5300 ? -6.5 : 0)), [])
})

test("an excursion under min_g, or shorter than hold_ms, is no touch", () => {
    assert.deepEqual(run(8000, hand(5000, 300, 1.2)), [])
    assert.deepEqual(run(8000, hand(5000, 40, 6)), [])
})

test("a card that stays (the load does not come back) is no touch", () => {
    assert.deepEqual(run(10000, t => (t >= 5000 ? 6 * Math.min(1, (t - 5000) / 200) : 0)), [])
})

test("a ring that swings past the level (a table bump: +2.2 g, then -0.8 g) is no touch", () => {
    // damped far harder than the simulator's hanger (zeta 0.32 against 0.03-0.1: each swing back 37 % of the last,
    // against 73-91 %), yet past a hand release's ring allowance (over_frac of the height)
    const ring = (t: number) => (t >= 5000 ? 3.5 * Math.exp(-(t - 5000) / 250) * Math.sin((2 * Math.PI * 2 * (t - 5000)) / 1000) : 0)
    assert.deepEqual(run(9000, ring), [])
})

test("switched off (min_g out of reach) it sees nothing", () => {
    assert.deepEqual(run(8000, hand(5000, 300, 4), { ...HANGER_DEFAULTS, min_g: 1e6 }), [])
})

test("a table bump shaking the clamp while the load rings is no touch (the shake vetoes it)", () => {
    // the clamp rings at 30 Hz (0.1 g): the accelerometer feels it; the load rings at 6 Hz and comes back
    const sig = freshSignals()
    sig.ref_g = REF_G
    const det = new HangerDetector(ON)
    const out: Obs[] = []
    for (let t = 0; t <= 9000; t += 12.5) {
        const s = (t - 5000) / 1000
        const shake = t >= 5000 ? 0.1 * Math.exp(-s / 0.3) * Math.sin(2 * Math.PI * 30 * s) : 0
        sig.attitude.update(t, shake, 0, 1)
        sig.motion.update(t, 0, 0, 0)
        feed(det, sig, t, REF_G + (t >= 5000 ? 4 * Math.exp(-s / 0.3) * Math.max(0, Math.sin(2 * Math.PI * 2 * s)) : 0), out)
    }
    assert.deepEqual(out, [])
})

test("a hand slotting a card, its 9 Hz tremor rung up by the hanger and aliased by a 20 SPS cell, is no touch", () => {
    // readings scatter 2.5 g either way about the 1.6 g press for 2.5 s, some dipping back to the level; then the card stays
    const sig = freshSignals()
    sig.ref_g = REF_G
    const det = new HangerDetector(ON)
    const out: Obs[] = []
    let seed = 4 // a scatter on which the quick level alone (before the ring-free check) called a touch
    const scatter = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 5
    for (let t = 0; t <= 12000; t += 10) {
        sig.motion.update(t, 0, 0, 0)
        if (t % 50 === 0) {
            const press = t >= 5000 && t < 7500 ? 1.6 + scatter() : 0
            feed(det, sig, t, REF_G + press + (t >= 7300 ? 6.5 : 0), out)
        }
    }
    assert.deepEqual(out, [])
})

// the readings of a 20 SPS cell (one every 50.8 ms, g from the reference) as a placer slotted a card (seed 20000, case
// 335, from 24.5 s): the hand's 9-10 Hz tremor, aliased, makes them jump 1-2 g each way, and one swell of 1.2 g over
// the level came back 300 ms later (called as a hand on the hanger, its placer out)
const SLOTTING_TREMOR_20SPS = [0.0, 0.0, 0.2, 0.2, 0.1, 0.1, -0.0, -0.1, -0.2, -0.2, -0.3, -0.0, 0.1, 0.0, 0.1, 0.2, -0.0, 0.0, -0.2, 0.1, 0.0, -0.0, -0.1, -0.0, 0.1, 0.3, -0.2, -0.0, -0.1, -0.0, -0.1, 0.1, -0.1, -0.1, -0.1, -0.2, 0.2, -0.0, 0.2, 0.2, 0.7, 0.2, 0.8, 0.3, 0.7, 0.8, 0.1, 1.6, -0.4, 1.7, -0.5, 1.5, -0.3, 0.9, 0.5, 0.1, 1.1, -0.1, 1.7, -0.4, 1.9, -0.4, 1.3, -0.0, 0.9, 0.5, 0.5, 1.1, 0.1, 1.7, -0.3, 1.7, 1.7, -0.5, 1.6, -0.1, 1.2, 0.3, 0.5]

test("on a 20 SPS cell a slotting hand's tremor, aliased into readings that jump 1-2 g each way, is no touch when it swells 1.2 g and back (20000-335); a hand's 6 g press on it is, and a 1.6 g press out of calm readings", () => {
    // the threshold of that cell (its rest noise, the swing's ring): 1.1 g
    const cell = { ...ON, min_g: 1.1 }
    const P = 50.8
    const at = (t: number) => Math.round(t / P) - 100
    const tremor = (t: number) => (at(t) < 0 ? 0 : at(t) < SLOTTING_TREMOR_20SPS.length ? SLOTTING_TREMOR_20SPS[at(t)] : 0.5)
    assert.deepEqual(runSig(12000, tremor, cell, P).out, [])
    const press = hand(7950, 300, 6)
    const pressed = runSig(12000, t => tremor(t) + press(t), cell, P).out
    assert.equal(pressed.length, 1, JSON.stringify(pressed))
    assert.ok((pressed[0].ev!.delta_g as number) > 6, `peak ${pressed[0].ev!.delta_g} g`)
    const small = hand(7950, 300, 1.6)
    const calm = runSig(12000, t => (at(t) < 0 ? 0 : 0.5) + small(t), cell, P).out
    assert.equal(calm.length, 1, JSON.stringify(calm))
    assert.equal(calm[0].ev!.detector, "load_return")
})

test("a dip from a base the load never stood at (the steady mean still held the placer's press as the card was called) is no lift under 1.5 thresholds (18000-296, 12000-29); a deeper one is, and so is a hand's lift from a level the load stood at", () => {
    // 20 SPS: a card (5 g) and its placer's press from 3 s; at 5 s the card is called (the reference moves), and for
    // 600 ms the steady mean taken as the hanger's level still holds the press, 0.54 g over the reference while the
    // load stands at 0.45 g under it; a reading's noise takes it 0.6 g under (from 5.4 s), 1.14 g under that level
    const run = (dip: number, lift: number) => {
        const sig = freshSignals()
        const det = new HangerDetector({ ...ON, min_g: 1 })
        const mean = sig.load.steadyMean_g.bind(sig.load)
        const out: Obs[] = []
        for (let t = 0; t <= 10000; t += 50) {
            sig.ref_g = t < 5000 ? REF_G - 5 : REF_G
            sig.load.steadyMean_g = () => (t >= 5000 && t < 5600 ? REF_G + 0.54 : mean())
            sig.motion.update(t, 0, 0, 0)
            const g = t < 3000 ? -5 : t >= 5400 && t < 5500 ? dip : t >= 7000 && t < 7300 ? -0.45 + lift : -0.45
            feed(det, sig, t, REF_G + g, out)
        }
        return out
    }
    assert.deepEqual(run(-0.6, 0), [])
    const deeper = run(-1.3, 0)
    assert.equal(deeper.length, 1, JSON.stringify(deeper))
    assert.ok(Math.abs((deeper[0].ev!.delta_g as number) + 1.84) < 0.05, `peak ${deeper[0].ev!.delta_g} g`)
    const lifted = run(-0.6, -2)
    assert.equal(lifted.length, 1, JSON.stringify(lifted))
    assert.ok(lifted[0].onset_ms! > 6900, `onset ${lifted[0].onset_ms}`)
})

/** as run, with white noise of `noise_g` on the readings until the tare (the rest noise it learns) at 3 s, none after */
function runAfterTare(noise_g: number, extra: (t_ms: number) => number): Obs[] {
    const sig = freshSignals()
    sig.ref_g = REF_G
    const det = new HangerDetector(ON)
    const out: Obs[] = []
    let seed = 7
    const rnd = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648
        return seed / 2147483648 - 0.5
    }
    for (let t = 0; t <= 9000; t += 12.5) {
        sig.motion.update(t, 0, 0, 0)
        if (t === 3000) assert.ok(sig.load.tare(t, REF_G))
        feed(det, sig, t, REF_G + extra(t) + (t < 3000 ? noise_g * Math.sqrt(12) * rnd() : 0), out)
    }
    return out
}

test("the threshold follows the rest noise learned at the tare: a 1.2 g hand is a touch on a quiet cell, not on a noisy one", () => {
    // noise_k x 0.02 g is under floor_g: the threshold is floor_g (1 g); noise_k x 0.3 g is over min_g: min_g (1.5 g)
    assert.equal(runAfterTare(0.02, hand(5000, 400, 1.2)).length, 1)
    assert.deepEqual(runAfterTare(0.3, hand(5000, 400, 1.2)), [])
    assert.deepEqual(runAfterTare(0.02, hand(5000, 400, 0.8)), [])
})

test("a dip just after the base moved to a new level (a card on: the first steady mean still holds its ring) is no touch (over within 250 ms); the same dip 400 ms on is, and a lift of more than a card at once", () => {
    const step = (t: number) => (t >= 3000 ? 7 : 0)
    // the placement is called (the reference moves) once the card's level is steady: the base moves there
    const runStep = (dip: (t: number) => number, steadyAt: number): Obs[] => {
        const sig = freshSignals()
        sig.ref_g = REF_G
        const det = new HangerDetector(ON)
        const out: Obs[] = []
        for (let t = 0; t <= 9000; t += 12.5) {
            sig.motion.update(t, 0, 0, 0)
            if (t === steadyAt) sig.ref_g = REF_G + 7
            feed(det, sig, t, REF_G + step(t) + dip(t), out)
        }
        return out
    }
    const sig = freshSignals()
    let steadyAt = NaN
    for (let t = 0; t <= 8000 && steadyAt !== steadyAt; t += 12.5) {
        sig.load.update(t, REF_G + step(t))
        if (t > 3000 && sig.load.isSteady() && Math.abs(sig.load.steadyMean_g() - REF_G - 7) < 0.5) steadyAt = t
    }
    assert.ok(steadyAt === steadyAt, "the card's level never steady")
    assert.deepEqual(runStep(hand(steadyAt + 60, 150, -2.2), steadyAt), [], "a dip over within 250 ms of the new level being taken is its ring")
    assert.equal(runStep(hand(steadyAt + 400, 150, -2.2), steadyAt).length, 1, "the same dip 400 ms on is a hand")
    // no level's ring reaches a card: a hand lifting the hanger 40 g within those 250 ms is a touch (5000-230)
    assert.equal(runStep(hand(steadyAt + 60, 150, -40), steadyAt).length, 1, "a 40 g lift within 250 ms of the new level is a hand")
})

test("a lift it tells back marks Signals.liftBack_ms (a hand let go: the placement detector drops a drop it held); a press does not", () => {
    function liftBack(extra: (t: number) => number): { out: Obs[]; back: number } {
        const r = runSig(9000, extra)
        return { out: r.out, back: r.sig.liftBack_ms }
    }
    const lift = liftBack(hand(5000, 2200, -6.5))
    assert.equal(lift.out.length, 1, JSON.stringify(lift.out))
    assert.equal(lift.back, lift.out[0].t_ms)
    const press = liftBack(hand(5000, 300, 4))
    assert.equal(press.out.length, 1, JSON.stringify(press.out))
    assert.ok(press.back !== press.back, `liftBack_ms ${press.back}`)
})

test("while a hand lifts the hanger with no strike (a push under 20 dps/s), the detector says so (Signals.lift_ms); not for a press, nor after a strike", () => {
    /** the 80 Hz load REF_G + extra(t), the gyro still but for a 60 ms kick of kick_dps at kick_ms (NaN: none); the times lift_ms was set, its value, the peak push */
    function lifted(extra: (t: number) => number, kick_ms = NaN, kick_dps = 20): { from: number; to: number; since: number; push: number } {
        const sig = freshSignals()
        sig.ref_g = REF_G
        const det = new HangerDetector(ON)
        const out: Obs[] = []
        const r = { from: NaN, to: NaN, since: NaN, push: 0 }
        for (let t = 0; t <= 9000; t += 12.5) {
            const gx = t >= kick_ms && t < kick_ms + 60 ? kick_dps * Math.sin((Math.PI * (t - kick_ms)) / 60) : 0
            sig.motion.update(t, gx, 0, 0)
            sig.push.update(t, gx, 0, 0)
            r.push = Math.max(r.push, sig.push.peakPushDpss())
            feed(det, sig, t, REF_G + extra(t), out)
            if (sig.lift_ms === sig.lift_ms) {
                if (r.from !== r.from) r.from = t
                r.to = t
                r.since = sig.lift_ms
            }
        }
        return r
    }
    const lift = lifted(hand(5000, 1500, -30))
    assert.ok(lift.from >= 5000 && lift.from < 5100 && lift.since === lift.from, JSON.stringify(lift))
    // until the load is back and the touch told (stay_ms on)
    assert.ok(lift.to >= 6500 && lift.to < 6500 + ON.stay_ms + 100, JSON.stringify(lift))
    const press = lifted(hand(5000, 300, 30))
    assert.ok(press.from !== press.from, JSON.stringify(press))
    const struck = lifted(hand(5000, 1500, -30), 5100)
    assert.ok(struck.push > 20 && !(struck.to > 5200), JSON.stringify(struck))
    // a heavy hand on the hanger turns the rod a little: a push of 15-20 dps/s is no strike (4000-179: 15.7 on a 46 g lift)
    const heavy = lifted(hand(5000, 1500, -46), 5100, 7.5)
    assert.ok(heavy.push > 15 && heavy.push < 20, `push ${heavy.push.toFixed(1)} dps/s`)
    assert.ok(heavy.from < 5100 && heavy.to >= 6500, JSON.stringify(heavy))
})

test("a hand lifting the hanger as the rig swings under lift_dps is judged on when its lift swings the rod past lift_dps", () => {
    // the swing 25 dps until 5000 ms, growing to 70 dps by 5600 ms (the hand's lift swings the rod); the lift: 30 g
    // from 5000 to 6000 ms, then back
    const sig = freshSignals()
    sig.ref_g = REF_G
    const det = new HangerDetector(ON)
    const out: Obs[] = []
    const lift = hand(5000, 1000, -30)
    let peakEnv = 0
    for (let t = 0; t <= 9000; t += 12.5) {
        const amp = t < 5000 ? 25 : Math.min(70, 25 + (45 * (t - 5000)) / 600)
        const gx = amp * Math.sin((2 * Math.PI * 0.8 * t) / 1000)
        sig.motion.update(t, gx, 0, 0)
        sig.push.update(t, gx, 0, 0)
        if (t < 6000) peakEnv = Math.max(peakEnv, sig.push.swingEnvDps())
        feed(det, sig, t, REF_G + lift(t), out)
    }
    assert.ok(peakEnv > ON.lift_dps, `swing envelope ${peakEnv.toFixed(1)} dps`)
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok((out[0].ev!.delta_g as number) < -25, `peak ${out[0].ev!.delta_g} g`)
})

test("a hand's release that rings the hanger 23 % past the level (releases ring 15-25 %) is still a touch", () => {
    // a 4 g press for 300 ms; on release the load swings 0.92 g past the level for 150 ms (longer than FLIP_MS), then back
    const press = hand(5000, 300, 4)
    const out = run(9000, t => press(t) + (t >= 5300 && t < 5450 ? -0.92 : 0))
    assert.equal(out.length, 1, JSON.stringify(out))
})

test("after a slotting hand's press is spent (out again once back) a hand lifting the hanger is a touch at once, the load still unsteady (6000-110); a press so is not started (the nested press tells it once back)", () => {
    // the press: 1.6 g, 2.5 g from 5500 ms, back for 60 ms at 5700 ms (under stay_ms), out again: spent; 1.6 g from
    // 6000 ms until it lets go at 6400 ms (the block means span 0.9 g: not steady); the lift: 4 g from 6450 to 6800 ms
    const press = (t: number) => (t >= 5000 && t < 6400 && !(t >= 5700 && t < 5760) ? (t >= 5500 && t < 6000 ? 2.5 : 1.6) * Math.min(1, (t - 5000) / 30) : 0)
    const lift = hand(6450, 350, -4)
    const out = run(9000, t => press(t) + lift(t))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok((out[0].ev!.delta_g as number) < -3.8, `peak ${out[0].ev!.delta_g} g`)
    assert.ok(out[0].onset_ms! >= 6450 && out[0].onset_ms! < 6550, `onset ${out[0].onset_ms}`)
    // a press the same way is no excursion of the detector's own until the load is steady again (a card going on
    // raises it too); coming back into the spent press's envelope and staying, it is a hand's press let go: the nested
    // press (NestedPress, since stop 43) tells it 200 ms after the hand let go at 6800 ms
    const push = hand(6450, 350, 4)
    const pressed = run(9000, t => press(t) + push(t))
    assert.deepEqual(
        pressed.map(o => o.ev!.detector),
        ["nested_press"],
    )
    assert.ok(pressed[0].onset_ms! >= 6450 && pressed[0].t_ms >= 6800 + ON.stay_ms, JSON.stringify(pressed))
})

test("a hand pressing the hanger 3.5 g as a slotting hand's 1 g press (under the threshold) lets go: a touch, back at the reference 1 g under the base (1-176); the press letting go alone is not", () => {
    // the base holds the slotting hand's press (1 g above the reference: too small to be an excursion of its own);
    // the load comes back to the reference, past the base by more than a quarter of the touch's height
    const slot = (t: number) => (t >= 1000 && t < 5100 ? 1 * Math.min(1, (t - 1000) / 200) : 0)
    const out = run(8000, t => slot(t) + hand(5000, 130, 3.5)(t))
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.ok(Math.abs((out[0].ev!.delta_g as number) - 3.5) < 0.5, `peak ${out[0].ev!.delta_g} g`)
    assert.ok(out[0].onset_ms! >= 5000 && out[0].onset_ms! < 5100, `onset ${out[0].onset_ms}`)
    assert.deepEqual(run(8000, slot), [])
})

test("in the dismantle a press told back waits 250 ms: a remover's press whose card's weight then comes off (the load going on down through the level) is no touch; a hand letting go of the hanger is, 250 ms later", () => {
    const runDismantle = (extra: (t: number) => number) => {
        const sig = freshSignals()
        sig.ref_g = REF_G
        sig.dismantle = true
        const det = new HangerDetector(ON)
        const out: Obs[] = []
        for (let t = 0; t <= 9000; t += 12.5) {
            sig.motion.update(t, 0, 0, 0)
            feed(det, sig, t, REF_G + extra(t), out)
        }
        return out
    }
    // a remover's press of 3 g from 5000 ms; the 6 g card's weight comes off over 900 ms from 6000 ms (the press on
    // till the card is off): the load passes the level at 6450 ms and goes on down to -3 g, slowly enough to stay
    // back for stay_ms on the way (in the build phase's logic that is a press let go: checked with dismantle off)
    const removal = (t: number) => (t >= 5000 && t < 7100 ? 3 * Math.min(1, (t - 5000) / 30) : 0) - (t >= 6000 ? 6 * Math.min(1, (t - 6000) / 900) : 0)
    assert.equal(run(9000, removal).length, 1, "without the wait it reads as a press let go")
    assert.deepEqual(runDismantle(removal), [], "a removal, not a touch")
    // the same press, let go at 6000 ms with nothing coming off: a touch, told DISMANTLE_WAIT_MS after the usual stay
    const out = runDismantle(hand(5000, 1000, 3))
    assert.equal(out.length, 1, JSON.stringify(out))
    const usual = run(9000, hand(5000, 1000, 3))
    assert.equal(usual.length, 1, "outside the dismantle: told at once")
    assert.ok(Math.abs(out[0].t_ms - usual[0].t_ms - 250) <= 12.5, `told ${out[0].t_ms - usual[0].t_ms} ms after the build phase's call`)
    assert.equal(out[0].onset_ms, usual[0].onset_ms, "the same onset: the hand's")
})

test("a new round (reset) forgets the last round's level: the empty rig's load, still unsteady, is no lift from it", () => {
    // ten cards' 60 g on and steady until the round ends at 2000 ms; the cards cleared, a hand still wobbling the
    // rig (±1 g at 8 Hz, never steady); a new round on the start button at 3000 ms (the detector runs in rounds
    // only). Measured from the old level the load would be a 60 g lift under way, which holds the placement
    // detector's drop calls (Signals.lift_ms)
    const sig = freshSignals()
    sig.ref_g = REF_G + 60
    const det = new HangerDetector(ON)
    const out: Obs[] = []
    const lifts: number[] = []
    for (let t = 0; t <= 5000; t += 12.5) {
        sig.motion.update(t, 0, 0, 0)
        if (t === 3000) {
            det.reset()
            sig.ref_g = REF_G
        }
        const g = t < 2000 ? REF_G + 60 : REF_G + Math.sin((2 * Math.PI * 8 * t) / 1000)
        if (t < 2000 || t >= 3000) feed(det, sig, t, g, out)
        else sig.load.update(t, g)
        if (t >= 3000 && sig.lift_ms === sig.lift_ms) lifts.push(t)
    }
    assert.deepEqual(lifts, [], "a lift under way from the last round's level")
    assert.deepEqual(out, [])
})

test("while the cell repeats its readings (a stuck cell, its fault not yet called) nothing is judged: its readings less the swing's load ring dipping 4 g and back are no lift (16000-179); the same dip from a live cell is a touch", () => {
    for (const stuck of [true, false]) {
        // the fault detector's count of readings in a row that repeated the one before (the raw readings stuck from 4.5 s)
        const { out } = runSig(8000, hand(5000, 300, -4), ON, 12.5, undefined, (t, sig) => {
            sig.loadSameN = stuck && t >= 4500 ? Math.round((t - 4500) / 12.5) : 0
        })
        assert.equal(out.length, stuck ? 0 : 1, (stuck ? "stuck: " : "live: ") + JSON.stringify(out))
    }
})
