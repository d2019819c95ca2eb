// The push cues of the TouchDetector on crafted gyro, accelerometer and load signals (no simulator): a finger's kick
// is a touch timed from its onset; the same kick explained by a card coming off, or felt while the table shakes, is not.
import { test } from "node:test"
import assert from "node:assert/strict"
import { TouchDetector, TouchSettings, TOUCH_DEFAULTS } from "../../../src/core/referee/detectors/touch.ts"
import { Obs } from "../../../src/core/referee/types.ts"
import { OFF } from "../../../src/core/config.ts"
import { freshSignals } from "./fixture.ts"
import { swingPendulum } from "../signal/pendulum.ts"

const REF_G = 500
const CARD_G = 6.5

interface Scene {
    /** spin rate about the vertical (dps) at t */
    spin: (t_ms: number) => number
    /** load above the reference (g) at t */
    load?: (t_ms: number) => number
    /** clamp vibration on the accelerometer's x axis (g) at t */
    shake?: (t_ms: number) => number
    /** the load cell's reading period (80 Hz unless given) */
    load_period_ms?: number
    /** the learned card mass (CARD_G unless given) */
    card_g?: number
    /** when the hanger detector offers a touch it saw come back (none unless given), ms */
    offer_ms?: number
    /** a big swing all along: [swing envelope dps, the pendulum's W^2] (Load.setSwing) */
    swing?: [number, number]
    /** the load cell in fault from .. to (ms): no readings, Signals.loadOk false */
    load_fault?: [number, number]
    /** the swing rate about the x axis (dps) at t (none unless given) */
    roll?: (t_ms: number) => number
    /** cards on the structure: the tare is the reference less their weight (no tare unless given) */
    cards?: number
    /** the detector's settings (TOUCH_DEFAULTS unless given) */
    settings?: TouchSettings
}

/** IMU at 100 Hz, load at 80 Hz (or scene.load_period_ms); the rest (gyro bias 0, up = z, shake floor) learned over the first 2 s; returns the touch calls */
function run(until_ms: number, scene: Scene): Obs[] {
    const sig = freshSignals()
    sig.mass.set(scene.card_g ?? CARD_G, 3)
    const touch = new TouchDetector(scene.settings ?? TOUCH_DEFAULTS)
    const out: Obs[] = []
    for (let t = 0; t <= until_ms; t += 2.5) {
        if (t % 10 === 0) {
            const ax = scene.shake ? scene.shake(t) : 0
            sig.attitude.update(t, ax, 0, 1)
            if (t < 2000) sig.attitude.accumulateRest(ax, 0, 1)
            sig.motion.update(t, scene.roll ? scene.roll(t) : 0, 0, scene.spin(t))
            sig.push.update(t, sig.motion.rateX, sig.motion.rateY, sig.motion.rateZ)
        }
        const fault = scene.load_fault !== undefined && t >= scene.load_fault[0] && t < scene.load_fault[1]
        sig.loadOk = !fault
        if (!fault && t % (scene.load_period_ms ?? 12.5) === 0) {
            sig.load.update(t, REF_G + (scene.load ? scene.load(t) : 0))
            if (scene.swing) sig.load.setSwing(scene.swing[0], scene.swing[1])
        }
        if (t === 2000) {
            sig.attitude.learnRest()
            sig.push.setVertical(0, 0, 1)
            sig.push.reset()
            sig.ref_g = REF_G
            if (scene.cards !== undefined) sig.load.tare(t, REF_G - scene.cards * (scene.card_g ?? CARD_G))
        }
        if (t > 2000) touch.update(t, sig, out)
        if (t === scene.offer_ms) touch.offer({ kind: "touch", t_ms: t, ev: { detector: "load_return" }, onset_ms: 6000 }, out)
    }
    return out
}

/** a finger off the rod axis: the spin rate goes to `dps` within 50 ms at t0, then decays over 5 s (free-turn connector) */
const kick = (t0: number, dps: number) => (t: number) => (t < t0 ? 0 : dps * Math.min(1, (t - t0) / 50) * Math.exp(-(t - t0) / 5000))

test("a finger kicking the structure into a 10 dps spin is a touch on the spin push, timed from the kick", () => {
    const out = run(9000, { spin: kick(6000, 10) })
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].ev!.detector, "spin_push")
    assert.ok((out[0].ev!.push_dpss as number) > TOUCH_DEFAULTS.spin_push_dpss, `push ${out[0].ev!.push_dpss}`)
    assert.ok(out[0].onset_ms! >= 6000 && out[0].onset_ms! < 6100, `onset ${out[0].onset_ms}`)
    assert.ok(out[0].t_ms >= out[0].onset_ms! + TOUCH_DEFAULTS.confirm_ms, `called at ${out[0].t_ms}`)
})

test("the same kick as a card breaks loose (the load drops a card and stays down) is no touch: the card explains it", () => {
    const out = run(9000, { spin: kick(6000, 10), load: t => (t >= 6020 ? -CARD_G : 0) })
    assert.deepEqual(out, [])
})

test("with the load cell in fault the same kick is no touch (a card breaking loose would strike so, unseen), nor is one that began just before the fault; once the load is back a kick is a touch again", () => {
    // the kick while the cell is in fault: no load to tell a finger from cards coming off
    assert.deepEqual(run(9000, { spin: kick(6000, 10), load_fault: [5000, 9000] }), [])
    // the kick pending (confirm_ms) when the cell goes into fault 100 ms later: dropped, not called
    assert.deepEqual(run(9000, { spin: kick(6000, 10), load_fault: [6100, 9000] }), [])
    // the cell back at 5000 ms: the kick at 6000 is judged on the load as always
    const out = run(9000, { spin: kick(6000, 10), load_fault: [3000, 5000] })
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].ev!.detector, "spin_push")
})

test("a hand lifting the hanger 3 cards with a kick, back after 1.4 s: the load explains the kick, the hanger's offer is the call", () => {
    // the kick's cue waits for the load, which stands low until its wait runs out (dropped, no call); the load is back
    // at 7.4 s and the hanger detector offers the lift at 7.7 s, before the cues re-arm (rearm_ms after the kick)
    const lift = (t: number) => (t >= 6020 && t < 7400 ? -3 * CARD_G : 0)
    assert.deepEqual(run(7650, { spin: kick(6000, 10), load: lift }), [], "nothing called while the hand holds the hanger up")
    const out = run(9000, { spin: kick(6000, 10), load: lift, offer_ms: 7700 })
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].ev!.detector, "load_return")
    assert.equal(out[0].t_ms, 7700)
})

// the gated readings of a 20 SPS cell as a 4.7 g card slid off a simulated rig (npm run sim -- --seed 1, case 122),
// g from the reference, one every 50 ms from 5.9 s: the hanger's ring aliases into readings both ways about the new level
const SLID_OFF = [-0.08, -0.3, -1.16, -10.25, -2.21, -2.5, -8.84, -0.51, -6.22, -6.72, -1.34, -7.91, -4.52, -3.12, -7.8, -2.52, -4.74, -6.23, -2.36, -5.91, -4.77, -3.45, -6.52, -4.29, -4.75, -5.74, -3.75, -5.12, -5.0, -3.64, -5.41, -4.37]
/** readings `g` (one every 50 ms from 5.9 s) as a 20 SPS load, the card `card_g` off, a kick at `kick_ms`: no touch; the same ring with the card still on: a touch */
function cardOffExplainsKick(g: number[], card_g: number, kick_ms: number) {
    const off = (t: number) => (t < 5900 ? 0 : g[Math.min(g.length - 1, Math.round((t - 5900) / 50))])
    const out = run(9000, { spin: kick(kick_ms, 10), load: off, load_period_ms: 50, card_g })
    assert.deepEqual(out, [])
    const kept = run(9000, { spin: kick(kick_ms, 10), load: t => off(t) + card_g, load_period_ms: 50, card_g })
    assert.equal(kept.length, 1, "the same ring with the card still on is a touch")
}

test("a card's jolt as it slides off, on a 20 SPS cell whose readings ring both ways, is no touch: the ring-free level is down", () => {
    cardOffExplainsKick(SLID_OFF, 4.7, 6000)
})

// the readings of a 20 SPS cell as four cards broke loose (seed 19000, case 153, from 28.94 s), g from the reference,
// one every 51 ms: their jolt swings the readings 4 cards up first, then they ring about the lower level
const BROKE_LOOSE_20SPS = [0.2, 9.9, 21.39, -5.92, -26.81, -20.22, -29.93, -44.19, -25.34, -5.48, -6.16, 4.89, 21.24, 11.43, -4.79, -7.43, -19.42, -37.41, -35.34, -24.56, -21.52, -9.97]

test("cards breaking loose on a 20 SPS cell, their jolt swinging the readings up first, are no touch while the newest reading stands 2 cards down (19000-153: called 57 ms before the collapse proved)", () => {
    // the reading 5 cards up still counts in the mean of the last four when the kick's wait ends, and marks the
    // readings as a ring's alias; the newest, 5 cards down, is where cards off leave the load
    const when = (k: number) => run(6600, { spin: kick(k, 10), load: recorded(BROKE_LOOSE_20SPS, 6000, 50), load_period_ms: 50, card_g: 5.26 })
    for (const k of [5985, 5990, 5995, 6000]) assert.deepEqual(when(k), [], `kick at ${k}`)
})

// another card off the same rig (case 122 of seed 1, at 64.9 s): here the ring's alias puts one reading in three
// near the old level, so the median and the ring-free level are still above the line when the cue's wait ends
// (the kick 20 ms before the first low reading, as simulated)
const SLID_OFF_2 = [-0.02, 0.08, -0.58, -7.61, -4.7, -1.61, -7.95, -3.37, -2.93, -7.48, -2.81, -4.19, -6.7, -2.17, -5.13, -5.99, -2.98, -5.64, -5.07, -3.29, -5.83, -4.06, -3.75, -5.8, -3.85, -4.23, -5.42, -3.65, -4.67, -5.19, -3.81, -4.97, -4.79, -4.08]

test("a card sliding off a 20 SPS cell whose alias keeps the median up is no touch: the mean of the last four readings is down", () => {
    cardOffExplainsKick(SLID_OFF_2, 4.6, 5980)
})

// the gated readings of a 10 SPS cell as a finger poked the structure (seed 2000, case 440, from 37.4 s), g from the
// reference, one every 100 ms: the hanger rings about the level it left, aliased into three low readings in a row
const POKE_RING_10SPS = [0.17, 12.71, -8.84, -7.99, -6.92, 7.39, 9.76, -3.9, -5.73, -4.83, 2.6, 7.89, 1.41, -3.74, -5.56, -0.75, 6.39, 4.7, -1.79]

test("a heavy poke whose ring a 10 SPS cell aliases into low readings is a touch within 500 ms of the poke: a reading as far above the level says the quick level is the ring's", () => {
    const ring = (t: number) => (t < 5900 ? 0 : POKE_RING_10SPS[Math.min(POKE_RING_10SPS.length - 1, Math.round((t - 5900) / 100))])
    const out = run(9000, { spin: kick(5920, 10), load: ring, load_period_ms: 100, card_g: 8 })
    assert.equal(out.length, 1, JSON.stringify(out))
    // (waiting for the median to come back called it 780 ms after the poke, past the hand's 500 ms)
    assert.ok(out[0].t_ms < 5920 + 500, `called at ${out[0].t_ms}`)
    // cards off on the same cell still explain the kick (the means stand low)
    cardOffExplainsKick(SLID_OFF, 4.7, 6000)
})

// the gated readings of an 80 SPS cell as a heavy finger poked a one-card structure (seed 10000, case 200, from
// 16.54 s), g from the reference, one every 12.2 ms: the hanger rings 2.5-3 cards either way about the level it left
const POKE_RING_80SPS = [2.11, 2.21, 2.64, 2.48, 2.19, 0.82, -1.65, -3.19, -3.5, -2.06, 1.27, 4.74, 8.77, 12.04, 14.06, 14.96, 14.34, 11.66, 8.09, 3.32, -1.97, -7.28, -11.86, -15.84, -17.43, -18.26, -17.23, -15.22, -12.1, -8.88, -5.84, -2.55, -0.47, 0.81, 0.07, -1.02, -2.76, -5.49, -7.39, -9.13, -10.36, -9.71, -9.02, -6.64, -3.04, -0.01, 3.89, 7.71, 10.95, 13.36, 14.97, 14.86, 13.97, 12.49, 10.6, 8.02, 6.05, 4.08, 2.84, 2.2, 2.15, 2.67, 3.65, 5.18]
const recorded = (g: number[], t0: number, period_ms: number) => (t: number) => (t < t0 ? g[0] : g[Math.min(g.length - 1, Math.round((t - t0) / period_ms))])

test("a heavy poke that rings the hanger 3 cards either way about its level (80 SPS) is a touch within the hand's 500 ms: the load swung as far up as down (10000-200)", () => {
    // the ring's troughs hold the quick level, the recent readings and their mean under the explain line for half
    // of each period, and the ring-free level dips under it too: waiting for them all called this 560 ms after the poke
    const out = run(9000, { spin: kick(5930, 10), load: recorded(POKE_RING_80SPS, 5900, 12.5), card_g: 6.07 })
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].ev!.detector, "spin_push")
    assert.ok(out[0].t_ms < 5930 + 500, `called at ${out[0].t_ms}`)
})

/** a load ringing `amp` cards either way at 2.4 Hz about the reference from `t0` (up first, decaying over `decay_ms`), going to `level` cards over 30 ms from `drop_ms` */
const ringThenDrop = (t0: number, amp: number, decay_ms: number, level: number, drop_ms: number) => (t: number) => {
    if (t < t0) return 0
    const ring = amp * CARD_G * Math.sin((2 * Math.PI * (t - t0)) / 420) * Math.exp(-(t - t0) / decay_ms)
    return ring + (t < drop_ms ? 0 : level * CARD_G * Math.min(1, (t - drop_ms) / 30))
}

test("three cards coming off with a jolt that swings the load as far up first (the extremes' midpoint near the old level) are no touch: the ring-free level is down (2000-168)", () => {
    // the jolt rings the load 8 cards either way, up first, and 100 ms on three cards come off: the readings since
    // the cue span +5.5 .. -6 cards
    const out = run(9000, { spin: kick(6000, 10), load: ringThenDrop(6010, 8, 300, -3, 6100) })
    assert.deepEqual(out, [])
})

test("the same kick while the table rings (0.2 g at 30 Hz on the accelerometer) is no touch: the pivot moved", () => {
    const shake = (t: number) => (t >= 5950 && t < 6400 ? 0.2 * Math.sin((2 * Math.PI * 30 * t) / 1000) : 0)
    const out = run(9000, { spin: kick(6000, 10), shake })
    assert.deepEqual(out, [])
})

test("a structure spinning freely (20 dps, slowly decaying) is no touch", () => {
    const out = run(12000, { spin: t => 20 * Math.exp(-t / 8000) })
    assert.deepEqual(out, [])
})

test("a hanger touch offered while a push cue waits on the load is the one call, at once", () => {
    // the kick's cue waits confirm_ms for the load; the hanger detector tells its touch back 100 ms into the wait
    const alone = run(9000, { spin: kick(6000, 10) })
    assert.equal(alone.length, 1, JSON.stringify(alone))
    assert.ok(alone[0].t_ms > 6200, `the push alone is called at ${alone[0].t_ms}`)
    const out = run(9000, { spin: kick(6000, 10), offer_ms: 6150 })
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].ev!.detector, "load_return")
    assert.equal(out[0].t_ms, 6150)
})

test("a hanger touch offered to the touch detector is one call: refused after a call until re-armed", () => {
    const sig = freshSignals()
    const touch = new TouchDetector(TOUCH_DEFAULTS)
    const hanger: Obs = { kind: "touch", t_ms: 0, ev: { detector: "load_return" } }
    const out: Obs[] = []
    touch.offer({ ...hanger, t_ms: 1000 }, out)
    assert.equal(out.length, 1, "armed: called")
    touch.offer({ ...hanger, t_ms: 1500 }, out)
    assert.equal(out.length, 1, "disarmed by the call")
    // calm for rearm_ms re-arms it
    sig.ref_g = REF_G
    for (let t = 1500; t <= 1500 + TOUCH_DEFAULTS.rearm_ms + 20; t += 10) touch.update(t, sig, out)
    touch.offer({ ...hanger, t_ms: 4000 }, out)
    assert.equal(out.length, 2, "re-armed")
})

/** the released pivot's swing: the load rings at twice the swing rate, period 480 ms (W^2 = 42.8 /s^2), `amp_cards` either way */
const PIVOT_RING_MS = 480
const PIVOT_SWING: [number, number] = [230, (Math.PI * 1000 / PIVOT_RING_MS) ** 2]
const pivotRing = (amp_cards: number) => (t: number) => amp_cards * CARD_G * Math.sin((2 * Math.PI * t) / PIVOT_RING_MS)

test("on the released pivot's swing, a card coming on while the load rings 5 cards either way is no touch: the ring's peaks are not a load excursion", () => {
    const ring = pivotRing(5)
    const out = run(9000, { spin: () => 0, load: t => ring(t) + (t >= 6000 ? CARD_G : 0), swing: PIVOT_SWING })
    assert.deepEqual(out, [])
})

test("on the same swing, a hand leaning 5 cards on the structure for 2 s is a touch on the load excursion", () => {
    const ring = pivotRing(5)
    const out = run(9000, { spin: () => 0, load: t => ring(t) + (t >= 6000 && t < 8000 ? 5 * CARD_G : 0), swing: PIVOT_SWING })
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].ev!.detector, "load_excursion")
})

test("a finger held on the structure 2.3 s after its touch was called: its release's kick is no second call (3000-126); a second kick 2.9 s on is", () => {
    // the finger's kick at 6000 ms, its release (the torque going off) at 8300 ms: the cues were calm in between
    const held = run(11000, { spin: t => kick(6000, 10)(t) - kick(8300, 10)(t) })
    assert.equal(held.length, 1, JSON.stringify(held))
    assert.ok(held[0].t_ms > 6000 && held[0].t_ms < 6500, `called at ${held[0].t_ms}`)
    const again = run(11000, { spin: t => kick(6000, 10)(t) + kick(8900, 10)(t) })
    assert.equal(again.length, 2, JSON.stringify(again))
})

/** a slotting hand's tremor turning a light structure: 9 and 10.5 Hz beating (±0.35 and ±0.25 dps), grown over 2 s from t0 as the hand presses harder */
const tremor = (t0: number) => (t: number) => {
    const s = (t - t0) / 1000
    return t < t0 ? 0 : Math.min(1, s / 2) * (0.35 * Math.sin(2 * Math.PI * 9 * s) + 0.25 * Math.sin(2 * Math.PI * 10.5 * s))
}

test("a slotting hand's tremor pushing past the spin line while the load stands 2 g above the reference (its card coming on) is no touch: the push rose out of its own background (12000-5); a finger's kick there is", () => {
    const load = (t: number) => (t >= 4000 ? 2 : 0)
    const hand = tremor(4000)
    assert.deepEqual(run(9000, { spin: hand, load }), [])
    // the same tremor with the load at the reference is a touch (nothing says a card is coming on): the tremor does pass the line
    assert.equal(run(9000, { spin: hand }).length, 1)
    const out = run(9000, { spin: kick(7000, 10), load })
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].ev!.detector, "spin_push")
})

/** a finger's push on the still rod: a torque of `dpss` degrees/s^2 for 40 ms from t0 on a 1 Hz pendulum (W^2 = 36, Push's prior), as the swing rate about x, dps */
function fingerSwing(t0: number, dpss: number): (t_ms: number) => number {
    // the rate at t as the step from t begins
    const rate: number[] = [0]
    swingPendulum(12000, 36, 0, t => (t >= t0 && t < t0 + 40 ? dpss : 0), (_t, r) => rate.push(r))
    return t => rate[Math.round(t)]
}

test("a light finger's swing push under the swing line, struck out of a quiet rod with the load at its level and two cards or more on, is a touch (two thirds of the line); on the empty rig, on one card or with a card's weight coming on it is not", () => {
    const roll = fingerSwing(6000, 115)
    const out = run(9000, { spin: () => 0, roll, cards: 3 })
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].ev!.detector, "swing_push")
    const push = out[0].ev!.push_dpss as number
    // under the full line (the cue before the struck line), over two thirds of it
    assert.ok(push < TOUCH_DEFAULTS.swing_push_dpss && push > (2 / 3) * TOUCH_DEFAULTS.swing_push_dpss, `push ${push}`)
    assert.ok(out[0].onset_ms! >= 6000 && out[0].onset_ms! < 6100, `onset ${out[0].onset_ms}`)
    // the first card's placer turns the nearly empty rig: no cards on, no touch
    assert.deepEqual(run(9000, { spin: () => 0, roll, cards: 0 }), [])
    // nor on one card: the next placer's hand turns the rod that hard before its card's weight comes (17000-389)
    assert.deepEqual(run(9000, { spin: () => 0, roll, cards: 1 }), [])
    // two cards on: a touch
    assert.equal(run(9000, { spin: () => 0, roll, cards: 2 }).length, 1)
    // a card's weight coming on (the load a card above the reference as the push comes): no touch
    assert.deepEqual(run(9000, { spin: () => 0, roll, cards: 3, load: t => (t >= 5800 ? CARD_G : 0) }), [])
    // twice as hard, over the full line: a touch whatever the structure
    assert.equal(run(9000, { spin: () => 0, roll: fingerSwing(6000, 400), cards: 0 }).length, 1)
})

test("on lunacy's swing line (15 dps/s) a light finger's push of 9 dps/s, struck out of a quiet rod on three cards, is a touch: the struck line is 8 dps/s on every level (16000-126, 21000-395)", () => {
    const lunacy = { ...TOUCH_DEFAULTS, swing_push_dpss: 15 }
    const roll = fingerSwing(6000, 100)
    const out = run(9000, { spin: () => 0, roll, cards: 3, settings: lunacy })
    assert.equal(out.length, 1, JSON.stringify(out))
    const push = out[0].ev!.push_dpss as number
    // over 8, under two thirds of lunacy's line (the struck line before; the evidence is rounded)
    assert.ok(push > 8 && push < (2 / 3) * 15, `push ${push}`)
    // a push under 8 still is not (the line, not the level's)
    assert.deepEqual(run(9000, { spin: () => 0, roll: fingerSwing(6000, 80), cards: 3, settings: lunacy }), [])
})

test("a table bump whose first gyro reading pushes past the struck line before the clamp's shake shows, a reading later, is no touch: a struck push must hold 12 ms (3000-382); the same push with no shake is a touch", () => {
    const roll = fingerSwing(6000, 110)
    // the struck line is first passed on the reading at 6040 ms; the shake (a 30 Hz ring) starts there, at its zero
    const shake = (t: number) => (t >= 6040 && t < 6500 ? 0.2 * Math.sin((2 * Math.PI * 30 * (t - 6040)) / 1000) : 0)
    assert.deepEqual(run(9000, { spin: () => 0, roll, cards: 3, shake }), [])
    assert.equal(run(9000, { spin: () => 0, roll, cards: 3 }).length, 1)
})

test("a light finger off the rod axis whose spin push stays under the spin line, struck out of a quiet rod with the load at its level and two cards or more on, is a touch on the spin push (struck_spin_dpss: 17000-156, 19000-41); on one card, with a card's weight coming on, or under the struck spin line it is not", () => {
    const spin = kick(6000, 1.5)
    const out = run(9000, { spin, cards: 3 })
    assert.equal(out.length, 1, JSON.stringify(out))
    assert.equal(out[0].ev!.detector, "spin_push")
    const push = out[0].ev!.push_dpss as number
    // under the spin line, over the struck spin line (the evidence is rounded)
    assert.ok(push < TOUCH_DEFAULTS.spin_push_dpss && push > TOUCH_DEFAULTS.struck_spin_dpss, `push ${push}`)
    assert.ok(out[0].onset_ms! >= 6000 && out[0].onset_ms! < 6100, `onset ${out[0].onset_ms}`)
    // without the struck spin line the same finger calls nothing: no swing, and its spin never reaches the spin line
    assert.deepEqual(run(9000, { spin, cards: 3, settings: { ...TOUCH_DEFAULTS, struck_spin_dpss: OFF } }), [])
    // on one card the next placer's hand turns the rod so; a card's weight coming on is a placer's hand
    assert.deepEqual(run(9000, { spin, cards: 1 }), [])
    assert.deepEqual(run(9000, { spin, cards: 3, load: t => (t >= 5800 ? CARD_G : 0) }), [])
    // a third of it stays under the struck spin line
    assert.deepEqual(run(9000, { spin: kick(6000, 0.5), cards: 3 }), [])
})
