// CollapseDetector on crafted raw load readings (no simulator): the fast path (a deep
// reading on a slow cell, two low readings in a row, the mean over a ring period), and
// what it must not call.
import { test } from "node:test"
import assert from "node:assert/strict"
import { Attitude, ATTITUDE_DEFAULTS } from "../../../src/core/signal/attitude.ts"
import { CardMass, CARD_MASS_DEFAULTS, Load, LOAD_DEFAULTS } from "../../../src/core/signal/load.ts"
import { Motion, MOTION_DEFAULTS } from "../../../src/core/signal/motion.ts"
import { CollapseDetector, COLLAPSE_DEFAULTS } from "../../../src/core/referee/detectors/collapse.ts"
import { Signals } from "../../../src/core/referee/detectors/signals.ts"
import { Obs } from "../../../src/core/referee/types.ts"
import { freshSignals } from "./fixture.ts"
import { settingsFor } from "../../../src/core/config.ts"

const ZERO_G = 1000
const CARD_G = 5
const CARDS_ON = 6

/**
 * `period_ms` readings of `level(t)` cards above the empty rig (tare ZERO_G, CARDS_ON
 * cards on the reference); returns the time of the collapse call (NaN: none)
 */
function collapseAt(period_ms: number, until_ms: number, level: (t_ms: number) => number, settings = COLLAPSE_DEFAULTS): number {
    const call = firstCollapse(period_ms, until_ms, level, settings)
    return call ? call.t_ms : NaN
}

/** as collapseAt: the collapse call itself (undefined: none) */
function firstCollapse(period_ms: number, until_ms: number, level: (t_ms: number) => number, settings = COLLAPSE_DEFAULTS): Obs | undefined {
    const sig = freshSignals()
    sig.mass.set(CARD_G, 6)
    for (let t = 0; t < 3000; t += period_ms) sig.load.update(t, ZERO_G + CARDS_ON * CARD_G)
    sig.load.tare(3000, ZERO_G)
    sig.ref_g = ZERO_G + CARDS_ON * CARD_G
    const det = new CollapseDetector(settings)
    const out: Obs[] = []
    for (let t = 3000; t < until_ms; t += period_ms) {
        sig.load.update(t, ZERO_G + level(t) * CARD_G)
        det.update(t, sig, out)
        if (out.length > 0) return out[0]
    }
    return undefined
}

test("10 SPS: a 4-card drop on a calm load is called on the first low reading (it averages its whole period)", () => {
    const t = collapseAt(100, 8000, t => (t < 5000 ? CARDS_ON : CARDS_ON - 4))
    assert.equal(t, 5000)
})

test("10 SPS: a drop under the fast line but not one_cards deep is called on the second low reading", () => {
    const drop = (COLLAPSE_DEFAULTS.fast_cards + COLLAPSE_DEFAULTS.one_cards) / 2
    const t = collapseAt(100, 8000, t => (t < 5000 ? CARDS_ON : CARDS_ON - drop))
    assert.equal(t, 5100)
})

test("10 SPS: on a load ringing under the fast line, one reading 4 cards low is not enough", () => {
    const t = collapseAt(100, 8000, t => (t === 5000 ? CARDS_ON - 2.7 : t === 5300 ? CARDS_ON - 4 : CARDS_ON))
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("10 SPS: a hanger ringing down to 3 cards below for one reading in two (alternating) is no collapse", () => {
    const t = collapseAt(100, 8000, t => (t >= 5000 && t < 7000 && Math.round(t / 100) % 2 === 0 ? CARDS_ON - 3 : CARDS_ON))
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("10 SPS: one card off with its ring trough at 2.2 cards for two readings is no collapse", () => {
    const t = collapseAt(100, 8000, t => (t < 5000 ? CARDS_ON : t < 5200 ? CARDS_ON - 2.2 : CARDS_ON - 1))
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("10 SPS: two bit errors in a row far below the empty rig are no collapse", () => {
    const t = collapseAt(100, 8000, t => (t === 5000 || t === 5100 ? -400 : CARDS_ON))
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("320 SPS: a 4-card drop is called once the raw readings have stayed low for fast_hold_ms (from the first low reading's conversion start)", () => {
    const period = 1000 / 320
    const t = collapseAt(period, 8000, t => (t < 5000 ? CARDS_ON : CARDS_ON - 4))
    const start = 3000 + Math.ceil(2000 / period) * period - period
    assert.ok(t - start >= COLLAPSE_DEFAULTS.fast_hold_ms && t - start < COLLAPSE_DEFAULTS.fast_hold_ms + period, `called ${t - start} ms after the first low reading's start`)
})

test("40 SPS: a 3.5-card drop with the hanger ringing +-2.5 cards reading by reading is called on the mean over mean_ms", () => {
    // no two readings in a row are under the fast line, and a lone deep one spans less than fast_hold_ms
    const t = collapseAt(25, 8000, t => (t < 5000 ? CARDS_ON : CARDS_ON - 3.5 + (Math.round(t / 25) % 2 === 0 ? -2.5 : 2.5)))
    assert.ok(t > 5000 && t <= 5000 + COLLAPSE_DEFAULTS.mean_ms + COLLAPSE_DEFAULTS.mean_hold_ms + 25, `called at ${t}`)
})

test("40 SPS: the hanger ringing +-5 cards reading by reading about an unchanged level is no collapse", () => {
    const t = collapseAt(25, 8000, t => (t >= 5000 && t < 7000 ? CARDS_ON + (Math.round(t / 25) % 2 === 0 ? -5 : 5) : CARDS_ON))
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("320 SPS: a 20 ms dip of 3 cards (a hand, a bump) is no collapse", () => {
    const t = collapseAt(1000 / 320, 8000, t => (t >= 5000 && t < 5020 ? CARDS_ON - 3 : CARDS_ON))
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("80 SPS: the collapse's onset (blame is judged on it) is where the load was first stirred, the jolt before the drop", () => {
    // the jolt pushes the load 3 cards up for 60 ms, then 4 cards come off: the run path's own onset is the drop's
    const call = firstCollapse(12.5, 8000, t => (t >= 5000 && t < 5060 ? CARDS_ON + 3 : t < 5060 ? CARDS_ON : CARDS_ON - 4))
    assert.ok(call, "no collapse")
    assert.equal(call.onset_ms, 5000)
    // a load stirred without a break since more than a second before the drop (a rod swinging big) is not its start
    const late = firstCollapse(12.5, 8000, t => (t < 3500 ? CARDS_ON : t < 5000 ? CARDS_ON + (Math.round(t / 12.5) % 2 === 0 ? -1 : 1) : CARDS_ON - 4))
    assert.ok(late, "no collapse")
    assert.ok(late.onset_ms >= 4985 && late.onset_ms <= 5000, `onset ${late.onset_ms}`)
})

/** a hand's push at 5000 ms: the hanger rings 5 Hz about the level it left, first up `up_cards`, decaying with tau 0.6 s */
function pushRing(up_cards: number): (t_ms: number) => number {
    return t => (t < 5000 ? CARDS_ON : CARDS_ON + up_cards * Math.sin((2 * Math.PI * 5 * (t - 5000)) / 1000) * Math.exp(-(t - 5000) / 600))
}

test("80 SPS: a hand's push ringing the hanger about its level (5 cards up, then 3.9 down) is no collapse", () => {
    // its first trough stays under the fast line for about 55 ms: longer than fast_hold_ms, shorter than ring_hold_ms
    const t = collapseAt(12.5, 8000, pushRing(5))
    assert.ok(Number.isNaN(t), `called at ${t}`)
    // without the ring hold that trough is called
    const t0 = collapseAt(12.5, 8000, pushRing(5), { ...COLLAPSE_DEFAULTS, ring_hold_ms: 0, ring_mean_hold_ms: 0 })
    assert.ok(t0 > 5100 && t0 < 5300, `called at ${t0}`)
})

test("80 SPS: cards off after a jolt that swung the load as far up as they take off are still called, ring_hold_ms after the first low reading", () => {
    // the jolt pushes the load 4 cards up for 100 ms, then 3.5 cards come off: up and down sum above the reference
    const level = (t: number) => (t < 5000 ? CARDS_ON : t < 5100 ? CARDS_ON + 4 : CARDS_ON - 3.5)
    const t = collapseAt(12.5, 8000, level)
    const hold = COLLAPSE_DEFAULTS.ring_hold_ms
    assert.ok(t >= 5100 + hold - 12.5 && t <= 5100 + hold + 12.5, `called at ${t}`)
    const t0 = collapseAt(12.5, 8000, level, { ...COLLAPSE_DEFAULTS, ring_hold_ms: 0, ring_mean_hold_ms: 0 })
    assert.ok(t0 < t - 50, `without the ring hold called at ${t0}, with it at ${t}`)
})

/** the level of 5000-276 (easy: its tuned fast path, 2 cards for 80 ms) */
const EASY = settingsFor("easy").collapse

/**
 * a heavy poke at 5000 ms on a 320 SPS cell (5000-276): its upward part takes about 6 cards off the load at
 * the first trough, 47 ms in, and the hanger rings 5.3 Hz about `centre_cards` from the reference, decaying with tau 0.6 s
 */
function pokeRing(centre_cards: number): (t_ms: number) => number {
    return t => {
        if (t < 5000) return CARDS_ON
        const ring = Math.sin((2 * Math.PI * 5.3 * (t - 5000)) / 1000) * Math.exp(-(t - 5000) / 600)
        return CARDS_ON + centre_cards * Math.min(1, (t - 5000) / 47) - (6.7 + centre_cards) * ring
    }
}

/** 10 SPS readings `seq` (cards from the reference), one every 100 ms from 5000 ms, the last one held: the collapse call's time on easy */
function slowSeqCollapseAt(seq: number[]): number {
    return collapseAt(100, 8000, t => (t < 5000 ? CARDS_ON : CARDS_ON + seq[Math.min(seq.length - 1, Math.round((t - 5000) / 100))]), EASY)
}

test("10 SPS: a 2-card drop whose readings alias the ring (-1 and -3 cards by turns), none back up since the stir, is called as the mean of two goes under the line (5000-243)", () => {
    // the mean of the last two readings goes under the line at 5200 ms; a hold would wait a whole period for the
    // next reading (5300, back above the release line: a fast cell would wait for a low one, and then the mean
    // stood above the line, -1.95: called at 5600)
    assert.equal(slowSeqCollapseAt([-2.6, -1.0, -3.2, -1.0, -2.9, -1.4, -2.9, -1.4]), 5200)
})

test("10 SPS: the same drop after a reading swung up 1.4 cards waits mean_hold_ms, a period (a poke's aliased ring swings up first)", () => {
    // the mean goes under the line at 5300 ms and is called at the next reading, still under it
    assert.equal(slowSeqCollapseAt([1.4, -2.6, -1.0, -3.2, -1.0, -2.9, -1.4, -2.9, -1.4]), 5400)
})

test("10 SPS: a heavy poke's aliased ring (a reading 1.4 cards up, then a mean of two 2 cards down, then 3.3 up) is no collapse (4000-284)", () => {
    const t = slowSeqCollapseAt([-1.7, 1.4, -1.5, -2.6, 3.3, -0.3, 0.8, 0.2, 0])
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("320 SPS: cards off in a hard knock that rings the hanger +-25 cards (6000-190: +-18 with 3 on) are called on its first trough, not held back as bit errors", () => {
    // 3 cards off, the ring at 7 Hz decaying with tau 0.6 s; its first trough, 107 ms in, reaches 24 cards under
    // the reference, past the old bit-error line 23 under it (twice the cards on and 5 more under the empty rig)
    const knock = (t: number) =>
        t < 5000 ? CARDS_ON : CARDS_ON - 3 * Math.min(1, (t - 5000) / 20) + 25 * Math.sin((2 * Math.PI * 7 * (t - 5000)) / 1000) * Math.exp(-(t - 5000) / 600)
    const t = collapseAt(1000 / 320, 8000, knock)
    assert.ok(t > 5000 && t < 5150, `called at ${t}`)
})

test("320 SPS: a heavy poke's dip that rings back up past the reference, about the level it left, is no collapse", () => {
    // the mean over mean_ms stays under the fast line while the load swings back up; its second trough
    // (4.5 cards down, at 236 ms) stays under the line for less than fast_hold_ms
    const t = collapseAt(1000 / 320, 8000, pokeRing(0), EASY)
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("320 SPS: cards off in the same jolt, the hanger ringing about 2.5 cards down, are called before the ring's first peak", () => {
    const t = collapseAt(1000 / 320, 8000, pokeRing(-2.5), EASY)
    // its first trough is at 5047 ms, its first peak at 5142
    assert.ok(t > 5000 && t < 5142, `called at ${t}`)
})

const MEDIUM = settingsFor("medium").collapse

test("medium, 80 and 320 SPS: a heavy poke's dip that rings back about the level it left is no collapse on the settled path either (it waits on the up-swing too, 1000-276)", () => {
    // medium's hold_ms (40) let the quick level, which lags the readings, call the dip while the newest reading was back above the release line
    for (const sps of [80, 320]) {
        const t = collapseAt(1000 / sps, 8000, pokeRing(0), MEDIUM)
        assert.ok(Number.isNaN(t), `${sps} SPS: called at ${t}`)
        // cards off in the same jolt are still called before the ring's first peak (5142)
        const off = collapseAt(1000 / sps, 8000, pokeRing(-2.5), MEDIUM)
        assert.ok(off > 5000 && off < 5142, `${sps} SPS: cards off called at ${off}`)
    }
})

test("320 SPS: a swing's ring of the load about its level, +-3 cards at 2.4 Hz, is no collapse at any trough (the ring's passes through the reference are no quiet load, 4000-350)", () => {
    // each trough stays under the fast line for about 110 ms (more than fast_hold_ms, less than ring_hold_ms);
    // the ring passes within half a card of the reference in 7 readings: were that a quiet load, the extremes
    // would start afresh there, and the next trough would not read as a ring about the level
    const ring = (t: number) => (t < 5000 ? CARDS_ON : CARDS_ON + 3 * Math.sin((2 * Math.PI * 2.4 * (t - 5000)) / 1000))
    const t = collapseAt(1000 / 320, 9000, ring, EASY)
    assert.ok(Number.isNaN(t), `called at ${t}`)
    // cards off in the middle of it, ringing about 3 cards down, are still called
    const off = collapseAt(1000 / 320, 9000, t => ring(t) - (t < 6000 ? 0 : 3), EASY)
    assert.ok(off > 6000 && off < 6300, `cards off called at ${off}`)
})

test("80 SPS: cards off 200 ms after a jolt stirred the load, ringing about 2 cards down, are called within 200 ms of coming off (the up-swing wait is over)", () => {
    // the jolt wiggles the load 0.8 card from 5000 ms; the cards come off at 5200 and the hanger rings 5.3 Hz
    // about 2 cards down, swinging back above the release line (1.2 cards down) at 5300-5370: had the mean path still waited
    // for a low reading there, it would have been called at 5550
    const off = 5200
    const level = (t: number) => {
        if (t < 5000) return CARDS_ON
        if (t < off) return CARDS_ON - 0.8 * Math.sin((2 * Math.PI * 5 * (t - 5000)) / 1000)
        const ring = Math.sin((2 * Math.PI * 5.3 * (t - off)) / 1000) * Math.exp(-(t - off) / 600)
        return CARDS_ON - 2 * Math.min(1, (t - off) / 47) - 3 * ring
    }
    const t = collapseAt(1000 / 80, 8000, level, EASY)
    assert.ok(t > off && t < off + 200, `called at ${t}`)
})

/**
 * as collapseAt at 80 SPS, with a still gyro at 100 Hz (bias learned, vertical z) and,
 * when `strike_ms` is set, a spin-rate kick of `kick_dps` from then on (cards breaking loose jolt the structure:
 * 20 dps peaks the push at 142 dps/s^2, 3 dps at 21)
 */
function collapseWithImu(strike_ms: number, level: (t_ms: number) => number, kick_dps = 20, settings = COLLAPSE_DEFAULTS): number {
    const call = collapseCallWithImu(strike_ms, level, kick_dps, settings)
    return call ? call.t_ms : NaN
}

/** as collapseWithImu: the collapse call itself (undefined: none) */
function collapseCallWithImu(strike_ms: number, level: (t_ms: number) => number, kick_dps: number, settings = COLLAPSE_DEFAULTS): Obs | undefined {
    return collapseCallWithSpin(t => (t >= strike_ms ? kick_dps : 0), level, settings, 8000)
}

/** as collapseCallWithImu, with the spin rate `spin(t)` (dps) given for the whole run, until `until_ms` */
function collapseCallWithSpin(spin: (t_ms: number) => number, level: (t_ms: number) => number, settings: typeof COLLAPSE_DEFAULTS, until_ms: number): Obs | undefined {
    const sig = freshSignals()
    sig.mass.set(CARD_G, 6)
    for (let t = 0; t < 3000; t += 12.5) sig.load.update(t, ZERO_G + CARDS_ON * CARD_G)
    sig.load.tare(3000, ZERO_G)
    sig.ref_g = ZERO_G + CARDS_ON * CARD_G
    sig.push.setVertical(0, 0, 1)
    const det = new CollapseDetector(settings)
    const out: Obs[] = []
    let nextImu = 0
    for (let t = 0; t < until_ms; t += 12.5) {
        while (nextImu <= t) {
            sig.motion.update(nextImu, 0, 0, spin(nextImu))
            sig.push.update(nextImu, sig.motion.rateX, sig.motion.rateY, sig.motion.rateZ)
            nextImu += 10
        }
        if (t < 3000) continue
        sig.load.update(t, ZERO_G + level(t) * CARD_G)
        det.update(t, sig, out)
        if (out.length > 0) return out[0]
    }
    return undefined
}

test("with the IMU heard, a 4-card drop that nothing struck (a hand lifting the hanger) is no collapse", () => {
    const t = collapseWithImu(Infinity, t => (t < 5000 ? CARDS_ON : CARDS_ON - 4))
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("with the IMU heard, a 4-card drop that came with a jolt is a collapse, timed from the first low reading", () => {
    const t = collapseWithImu(4990, t => (t < 5000 ? CARDS_ON : CARDS_ON - 4))
    assert.ok(t >= 5000 && t <= 5000 + COLLAPSE_DEFAULTS.fast_hold_ms + 50, `called at ${t}`)
})

/** a kick of 3 dps: the push peaks at 21 dps/s^2, over weak_push_dpss and under push_dpss */
const WEAK_KICK_DPS = 3

test("a 4-card drop that came with only a weak jolt (cards sliding off gently) is a collapse once it has held weak_hold_ms", () => {
    assert.ok(COLLAPSE_DEFAULTS.weak_push_dpss > 0 && COLLAPSE_DEFAULTS.weak_push_dpss < COLLAPSE_DEFAULTS.push_dpss)
    const level = (t: number) => (t < 5000 ? CARDS_ON : CARDS_ON - 4)
    const hold = COLLAPSE_DEFAULTS.weak_hold_ms
    const t = collapseWithImu(4990, level, WEAK_KICK_DPS)
    assert.ok(t >= 5000 + hold - 12.5 && t <= 5000 + hold + 50, `called at ${t}`)
    // without the weak strike's path nothing calls it (the placement detector's level change would, a second later)
    const off = collapseWithImu(4990, level, WEAK_KICK_DPS, { ...COLLAPSE_DEFAULTS, weak_push_dpss: 0 })
    assert.ok(Number.isNaN(off), `called at ${off} with weak_push_dpss 0`)
    // a strong jolt is not held back
    const strong = collapseWithImu(4990, level)
    assert.ok(strong < 5000 + hold / 2, `a strong jolt's drop called at ${strong}`)
})

test("a collapse call's evidence names the strike that let it count (push_dpss), weak or strong", () => {
    const level = (t: number) => (t < 5000 ? CARDS_ON : CARDS_ON - 4)
    const weak = collapseCallWithImu(4990, level, WEAK_KICK_DPS)
    const p = weak.ev["push_dpss"] as number
    assert.ok(p >= COLLAPSE_DEFAULTS.weak_push_dpss && p < COLLAPSE_DEFAULTS.push_dpss, `weak strike's push_dpss ${p}`)
    const strong = collapseCallWithImu(4990, level, 20)
    assert.ok((strong.ev["push_dpss"] as number) > 100, `strong strike's push_dpss ${strong.ev["push_dpss"]}`)
    assert.equal(strong.ev["detector"], "load_drop")
    // no IMU heard: the load decided alone, no strike to name
    const noImu = firstCollapse(12.5, 8000, level)
    assert.ok(noImu, "no call without the IMU")
    assert.equal(noImu.ev["push_dpss"], undefined)
})

test("a weakly jolted drop that comes back before weak_hold_ms (a hand lifting the hanger) is no collapse", () => {
    const hold = COLLAPSE_DEFAULTS.weak_hold_ms
    const t = collapseWithImu(4990, t => (t < 5000 || t >= 5000 + hold - 100 ? CARDS_ON : CARDS_ON - 4), WEAK_KICK_DPS)
    assert.ok(Number.isNaN(t), `called at ${t}`)
})

test("a drop held before a weak jolt (a hand holding the hanger up, then letting go) is timed from the jolt", () => {
    const hold = COLLAPSE_DEFAULTS.weak_hold_ms
    const t = collapseWithImu(6000, t => (t < 4000 ? CARDS_ON : CARDS_ON - 4), WEAK_KICK_DPS)
    assert.ok(t >= 6000 + hold - 12.5 && t <= 6000 + hold + 50, `called at ${t}`)
})

/** 80 SPS with the spin rate `spin(t)` (dps): the collapse call's time (NaN: none) */
function collapseWithSpin(spin: (t_ms: number) => number, level: (t_ms: number) => number): number {
    const call = collapseCallWithSpin(spin, level, COLLAPSE_DEFAULTS, 10000)
    return call ? call.t_ms : NaN
}

test("a weakly jolted drop deeper than the structure weighs (a hand lifting the hanger hard) is no collapse, and its release's strike calls nothing while the levels lag (5000-185)", () => {
    // 6 cards on, the load 8 cards down for 1.5 s: 2 below the empty rig, which no cards coming off can do
    const lift = (t: number) => (t >= 5000 && t < 6500 ? CARDS_ON - 8 : CARDS_ON)
    const weak = (t: number) => (t >= 4990 ? WEAK_KICK_DPS : 0)
    assert.ok(Number.isNaN(collapseWithSpin(weak, lift)), "called while the hand held the hanger up")
    // the hand lets go: the rod is struck hard as the levels still lag low
    const released = (t: number) => weak(t) + (t >= 6500 ? 20 : 0)
    const t = collapseWithSpin(released, lift)
    assert.ok(Number.isNaN(t), `called at ${t} on the release`)
    // cards that do come off later (struck, the load back first) are called again
    const later = (t: number) => (t >= 8000 ? CARDS_ON - 4 : lift(t))
    const strikeAgain = (t: number) => released(t) + (t >= 7990 ? 20 : 0)
    const again = collapseWithSpin(strikeAgain, later)
    assert.ok(again >= 8000 && again < 8300, `cards off after the lift called at ${again}`)
    // as deep as the structure weighs, held with a weak jolt: cards off (all of them), called
    const all = collapseWithSpin(weak, t => (t >= 5000 ? 0 : CARDS_ON))
    assert.ok(all >= 5000 + COLLAPSE_DEFAULTS.weak_hold_ms - 12.5 && all <= 5000 + COLLAPSE_DEFAULTS.weak_hold_ms + 50, `all cards off called at ${all}`)
})

test("40 SPS: a collapse called on the mean has its onset where the load was stirred inside the mean's window, not at the window's start", () => {
    // the readings ring +-2.5 cards about 3.5 cards down from 5000 ms: the mean over mean_ms crosses the line
    // later, and its window's start lies before the cards came off (blame is judged on the onset: 5000-21)
    const call = firstCollapse(25, 8000, t => (t < 5000 ? CARDS_ON : CARDS_ON - 3.5 + (Math.round(t / 25) % 2 === 0 ? -2.5 : 2.5)))
    assert.ok(call, "no collapse")
    assert.equal(call.ev!.detector, "load_drop")
    assert.ok(call.onset_ms! >= 5000 && call.onset_ms! <= 5025, `onset ${call.onset_ms}`)
})

/** the level of 1000-351 and 4000-14 (hard: its tuned fast path, 2 cards for 80 ms) */
const HARD = settingsFor("hard").collapse

/** a heavy poke at 5000 ms: the hanger rings 5 Hz about `centre_cards` from the reference, its first trough 9 cards below it, 50 ms in */
function deepPoke(centre_cards: number): (t_ms: number) => number {
    return t => (t < 5000 ? CARDS_ON : CARDS_ON + centre_cards * Math.min(1, (t - 5000) / 50) - (9 + centre_cards) * Math.sin((2 * Math.PI * 5 * (t - 5000)) / 1000) * Math.exp(-(t - 5000) / 600))
}

test("80 SPS, hard: a heavy poke's deep dip is not called on its way back up (its two low readings held 80 ms as it rose: 1000-351); cards off in such a jolt still are", () => {
    // (on a 320 SPS cell the settled level, lagging the readings, still calls such a dip: 4000-14)
    const poke = collapseAt(12.5, 8000, deepPoke(0), HARD)
    assert.ok(Number.isNaN(poke), `called at ${poke}`)
    // cards off ringing about 3 cards down: called by their ring's next trough at the latest (5250 ms)
    const off = collapseAt(12.5, 8000, deepPoke(-3), HARD)
    assert.ok(off > 5000 && off < 5250, `called at ${off}`)
})

/** 20 SPS readings from 5050 ms, `seq` cards from the reference one by one (the last one held) */
function seq20(seq: number[]): (t_ms: number) => number {
    return t => (t <= 5000 ? CARDS_ON : CARDS_ON + seq[Math.min(seq.length - 1, Math.round((t - 5050) / 50))])
}

test("20 SPS: a heavy hand's brief lift that fills two readings, the hanger then ringing about its level, is no collapse (5000-434); cards off are called on the third low reading", () => {
    // two readings 3 and 4.5 cards low span 100 ms of conversions, which a hand's 60-90 ms lift fills; the
    // third is back up past the reference (the ring about the level it left), and the rings after stay short
    const lift = [-3, -4.5, 4, 3, -4, -3, 3, 2, -2.5, -1.5, 1.5, 1, -1, 0]
    assert.ok(Number.isNaN(collapseAt(50, 8000, seq20(lift), EASY)), "the lift was called a collapse")
    // the same first two readings, then the load stays down (ringing about 3.5 cards below): the third low
    // reading calls it, 150 ms of conversions
    const off = [-3, -4.5, -4, -3, -3.5]
    assert.equal(collapseAt(50, 8000, seq20(off), EASY), 5150)
})

/**
 * cards breaking loose at 5000 ms (1000-59): their jolt swings the load `jolt` cards up for 60 ms, then the hanger
 * rings 8.5 Hz about `centre_cards` from the reference, first down by 6 cards more than that, decaying with tau 0.4 s
 */
function joltRing(centre_cards: number, jolt: number): (t_ms: number) => number {
    const w = (2 * Math.PI * 8.5) / 1000
    return t => {
        const d = t - 5000
        if (d < 0) return CARDS_ON
        if (d < 60) return CARDS_ON + jolt * Math.sin((Math.PI * d) / 60)
        const x = w * (d - 60)
        return CARDS_ON + centre_cards + Math.exp(-(d - 60) / 400) * (-centre_cards * Math.cos(x) - 6 * Math.sin(x))
    }
}

test("80 and 320 SPS: cards off whose jolt swung the load up as far as their ring then swings down are called once its turning points centre below the reference (1000-59)", () => {
    for (const sps of [80, 320]) {
        // up 9 cards, then down to 8.4 below about 2.5 down: the extremes' midpoint reads a push's ring about the
        // level; the turning points +9, -8.4 and +2.6 (at 156 ms) centre 1.3 cards down. Without them: called at 275 and 347 ms
        const t = collapseAt(1000 / sps, 8000, joltRing(-2.5, 9), MEDIUM)
        assert.ok(t > 5100 && t < 5240, `${sps} SPS: called at ${t}`)
        // the same jolt, the hanger then ringing about the level it left, is no collapse
        const none = collapseAt(1000 / sps, 8000, joltRing(0, 9), MEDIUM)
        assert.ok(Number.isNaN(none), `${sps} SPS: a ring about the level called at ${none}`)
    }
})
