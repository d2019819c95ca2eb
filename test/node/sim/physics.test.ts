// The simulator against physics and datasheets: the pendulum's period, a card's
// load step, 1 g at rest, the gyro's noise density, and the trig it runs on.
import { test } from "node:test"
import assert from "node:assert/strict"
import { Sample } from "../../../src/core/sample.ts"
import { makeCase, simulateCase } from "../../../src/sim/cases.ts"
import { G_MPS2 } from "../../../src/sim/params.ts"
import { Card, RigPhysics, TILT_STOP_RAD } from "../../../src/sim/physics.ts"
import { Act, Action, applyAction } from "../../../src/sim/actions.ts"
import { Rng } from "../../../src/core/rand.ts"
import { cos, sin } from "../../../src/sim/trig.ts"

test("sin/cos match Math.sin/cos to 1e-9 from -100 to 100 rad", () => {
    for (let x = -100; x <= 100; x += 0.0137) {
        assert.ok(Math.abs(sin(x) - Math.sin(x)) < 1e-9, `sin(${x})`)
        assert.ok(Math.abs(cos(x) - Math.cos(x)) < 1e-9, `cos(${x})`)
    }
})

test("the empty rig swings with the physical pendulum's period 2 pi sqrt(I / (M g d)) within 1 %", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
        const rig = makeCase(seed, "quiet", { quick: true }).params.rig
        const ph = new RigPhysics(rig)
        // independent of the simulator's bookkeeping: rod (uniform, I = m L^2/3) + a point foot at L
        const L = rig.rod_len_m
        const M = rig.rod_mass_kg + rig.foot_mass_kg
        const d = (rig.rod_mass_kg * L / 2 + rig.foot_mass_kg * L) / M
        const I = rig.rod_mass_kg * L * L / 3 + rig.foot_mass_kg * L * L
        const expected_s = 2 * Math.PI * Math.sqrt(I / (M * G_MPS2 * d))
        ph.thx = 0.02
        const crossings: number[] = []
        let prev = ph.thx
        for (let i = 1; i <= 20000; i++) {
            ph.step(0.001)
            if (prev < 0 && ph.thx >= 0) crossings.push(i - ph.thx / (ph.thx - prev))
            prev = ph.thx
        }
        assert.ok(crossings.length >= 5, "it swings")
        const period_s = (crossings[crossings.length - 1] - crossings[0]) / (crossings.length - 1) / 1000
        assert.ok(Math.abs(period_s / expected_s - 1) < 0.01, `seed ${seed}: period ${period_s} s, expected ${expected_s} s`)
        assert.ok(period_s > 0.8 && period_s < 1.4, `a 20-40 cm rod swings at about 1 Hz (${period_s} s)`)
    }
})

test("a bumped rig still swings after 10 s (light damping) and its amplitude decays at the drawn rate", () => {
    const rig = makeCase(8, "quiet", { quick: true }).params.rig
    const ph = new RigPhysics(rig)
    ph.wy = 0.1
    let early = 0
    let late = 0
    for (let i = 0; i < 20000; i++) {
        ph.step(0.001)
        if (i < 2000) early = Math.max(early, Math.abs(ph.thy))
        if (i >= 18000) late = Math.max(late, Math.abs(ph.thy))
    }
    const ratio = late / early
    const expected = Math.exp(-18 / rig.swing_decay_s)
    assert.ok(late > 0.3 * early * Math.exp(-18 / 15), "still swinging")
    assert.ok(Math.abs(ratio / expected - 1) < 0.1, `decay ${ratio}, expected ${expected}`)
})

test("a swinging rig loads the cell with its weight on average (the centre of mass does not rise for good)", () => {
    // momentum: the support's mean force on a body in periodic motion is its weight.
    // A model with only the centripetal pull M d th'^2 would read M g th0^2 / 2 high
    // on average: ~5 g for a 0.3 rad swing, about one card.
    const rig = makeCase(8, "quiet", { quick: true }).params.rig
    const ph = new RigPhysics(rig)
    ph.addCard(new Card(1, 0.006, 0.05, -0.03, rig.rod_len_m))
    ph.settle()
    const weight_g = (ph.mass_kg + rig.hanger_mass_kg) * 1000
    ph.wx = 0.3 * ph.swingOmega()
    ph.wy = 0.15 * ph.swingOmega()
    let sum_n = 0
    let lo_n = Infinity
    let hi_n = -Infinity
    const steps = 10000
    for (let i = 0; i < steps; i++) {
        ph.step(0.001)
        sum_n += ph.loadForce_n
        lo_n = Math.min(lo_n, ph.loadForce_n)
        hi_n = Math.max(hi_n, ph.loadForce_n)
    }
    const mean_g = (sum_n / steps / G_MPS2) * 1000
    assert.ok((hi_n - lo_n) / G_MPS2 * 1000 > 5, `the swing rings the load (${((hi_n - lo_n) / G_MPS2 * 1000).toFixed(1)} g peak to peak)`)
    assert.ok(Math.abs(mean_g - weight_g) < 0.3, `mean load ${mean_g.toFixed(2)} g, weight ${weight_g.toFixed(2)} g`)
})

test("on a released tilt pivot (hard) the mean load after each card equals the weight within 0.3 g", () => {
    // momentum again: whatever the fulcrum's tilt and the swing do, the support
    // carries the whole weight on average. Cards go on off-centre (each moves the
    // tilt's rest angle cs / h, so the structure rocks) with the rig kicked.
    const rig = makeCase(5, "quiet", { quick: true, difficulty: "hard" }).params.rig
    assert.ok(rig.tilt_free, "hard releases the tilt pivot")
    const ph = new RigPhysics(rig)
    ph.settle()
    let tiltSeen_rad = 0
    for (let i = 0; i < 8; i++) {
        const side = i % 2 === 0 ? 1 : -1
        ph.addCard(new Card(i, 0.0045 + 0.0002 * i, side * 0.02 * (1 + i / 4), 0.01 * side, rig.rod_len_m - 0.01 * i))
        ph.wphi = 0.3 * side
        ph.wx = 0.05
        const weight_g = (ph.mass_kg + rig.hanger_mass_kg) * 1000
        let sum_n = 0
        const steps = 10000
        for (let k = 0; k < steps; k++) {
            ph.step(0.001)
            sum_n += ph.loadForce_n
            tiltSeen_rad = Math.max(tiltSeen_rad, Math.abs(ph.phi))
        }
        const mean_g = (sum_n / steps / G_MPS2) * 1000
        assert.ok(Math.abs(mean_g - weight_g) < 0.3, `card ${i + 1}: mean load ${mean_g.toFixed(2)} g, weight ${weight_g.toFixed(2)} g`)
    }
    assert.ok(tiltSeen_rad > 0.03, `the structure rocks on the fulcrum (${(tiltSeen_rad * 57.3).toFixed(1)} deg)`)
})

test("the released fulcrum leans against the tilt clamp's stop: a card far off-centre or a hard kick tilts it to TILT_STOP_RAD and no further, and the rod hardly swings from it", () => {
    // the small-angle rest angle is cs / h (a structure 1-3 cm below the tilt pivot); without the stop the tilt
    // ran past a radian and its centre-of-mass shift swung the rod (5000-314: the tilt at -129 degrees, the
    // swing growing to 60 dps after a hand's placement on the empty fulcrum)
    const rig = makeCase(5, "quiet", { quick: true, difficulty: "hard" }).params.rig
    assert.ok(rig.tilt_free, "hard releases the tilt pivot")
    const ph = new RigPhysics(rig)
    ph.addCard(new Card(0, 0.007, 0.15, 0, rig.rod_len_m - 0.02))
    ph.settle()
    assert.ok(ph.csx / rig.tilt_depth_m > TILT_STOP_RAD, `rest angle cs / h ${(ph.csx / rig.tilt_depth_m).toFixed(2)} rad`)
    assert.equal(ph.phi, TILT_STOP_RAD)
    ph.removeCard(ph.cards[0])
    ph.settle()
    assert.equal(ph.phi, 0)
    ph.wphi = 8
    let maxTilt = 0
    let maxSwing = 0
    for (let k = 0; k < 20000; k++) {
        ph.step(0.001)
        maxTilt = Math.max(maxTilt, Math.abs(ph.phi))
        maxSwing = Math.max(maxSwing, Math.abs(ph.wx), Math.abs(ph.wy))
    }
    assert.ok(maxTilt <= TILT_STOP_RAD + 1e-12, `tilt ${(maxTilt * 57.3).toFixed(1)} deg`)
    assert.ok(maxSwing * 57.3 < 10, `swing ${(maxSwing * 57.3).toFixed(1)} dps`)
})

function meanLoad(rows: { t: number; v: number }[], t0: number, t1: number): number {
    const sel = rows.filter(r => r.t >= t0 && r.t <= t1)
    assert.ok(sel.length > 0, `load rows in [${t0}, ${t1}]`)
    return sel.reduce((a, r) => a + r.v, 0) / sel.length
}

test("each card's load step equals its weight (ideal sensors)", () => {
    let checked = 0
    for (const seed of [21, 22, 23]) {
        const spec = makeCase(seed, "place", { quick: true, difficulty: "easy" })
        const rows: { t: number; v: number }[] = []
        const truth = simulateCase(spec, s => {
            if (s.hasLoad) rows.push({ t: s.t_ms, v: s.load_g })
        }, { ideal: true })
        const places = truth.events.filter(e => e.kind === "place")
        assert.ok(places.length >= 3)
        for (let i = 0; i < places.length - 1; i++) {
            const p = places[i]
            const before = meanLoad(rows, p.t_start_ms - 700, p.t_start_ms - 50)
            const after = meanLoad(rows, places[i].t_ms + 1000, places[i + 1].t_start_ms - 50)
            const step = after - before
            assert.ok(Math.abs(step - p.mass_g) < 0.02 * p.mass_g + 0.05, `seed ${seed} card ${i + 1}: step ${step} g, card ${p.mass_g} g`)
            checked++
        }
    }
    assert.ok(checked >= 6)
})

test("the accelerometer reads 1 g at rest (ideal: exactly; real parts: within their zero-g offsets)", () => {
    for (const ideal of [true, false]) {
        const spec = makeCase(31, "quiet", { quick: true })
        let n = 0
        let sum = 0
        simulateCase(spec, s => {
            if (!s.hasImu) return
            n++
            sum += Math.sqrt(s.ax_g * s.ax_g + s.ay_g * s.ay_g + s.az_g * s.az_g)
        }, { ideal })
        const mean = sum / n
        assert.ok(n > 1000)
        if (ideal) assert.ok(Math.abs(mean - 1) < 1e-6, `|a| = ${mean}`)
        else assert.ok(Math.abs(mean - 1) < 0.1, `|a| = ${mean}`)
    }
})

test("the gyro's noise RMS at rest is the density x sqrt(ODR / 2) within 10 %", () => {
    for (const seed of [41, 42, 43, 44]) {
        const spec = makeCase(seed, "quiet", { quick: true })
        const xs: number[] = []
        simulateCase(spec, (s: Sample) => {
            if (s.hasImu) xs.push(s.gx_dps)
        })
        const mean = xs.reduce((a, b) => a + b, 0) / xs.length
        const rms = Math.sqrt(xs.reduce((a, b) => a + (b - mean) * (b - mean), 0) / xs.length)
        const p = spec.params.imu
        const expected = p.gyro_nd_dps_rthz * Math.sqrt(p.odr_hz / 2)
        const withLsb = Math.sqrt(expected * expected + p.gyro_lsb_dps * p.gyro_lsb_dps / 12)
        assert.ok(Math.abs(rms / withLsb - 1) < 0.1, `seed ${seed}: rms ${rms} dps, expected ${withLsb} (${p.part} at ${p.odr_hz} Hz)`)
        assert.ok(Math.abs(mean - p.gyro_bias_dps[0]) < 0.05 + 3 * expected / Math.sqrt(xs.length), "mean = the zero-rate offset")
    }
})

test("a hand steadying the swinging rod for 1.5 s leaves it still (< 3 dps for the next 3 s): the grip damps the swing critically", () => {
    // critical damping 2 w settles at the rate w (~6 rad/s): in 1.2 s at full grip a 290 dps swing is down
    // by (1 + w t) e^(-w t) ~ 1e-2; a fixed 20/s grip overdamps and lets the deflection creep back at w^2 / 20
    for (const seed of [1, 2, 3, 4, 5]) {
        const rig = makeCase(seed, "quiet", { quick: true }).params.rig
        const ph = new RigPhysics(rig)
        const rng = new Rng(seed)
        const hand = new Action(Act.Steady, 1000, 2500)
        hand.ramp_ms = 300
        ph.wy = 5
        let after_dps = 0
        for (let t = 1; t <= 5500; t++) {
            if (t >= hand.t0_ms && t <= hand.t1_ms) applyAction(hand, t, 0.001, ph, rng)
            ph.step(0.001)
            if (t > hand.t1_ms) after_dps = Math.max(after_dps, Math.hypot(ph.wx, ph.wy) * 180 / Math.PI)
        }
        assert.ok(after_dps < 3, `seed ${seed}: swings at ${after_dps.toFixed(1)} dps after the hand let go`)
    }
})

test("a table bump leaves the clamp at rest (its acceleration integrates to zero) and barely swings the hanging rig", () => {
    // A knock rings the table's structural mode and dies away: the clamp starts and ends at rest,
    // moved by at most A / w^2 (under a millimetre). A pendulum whose pivot moves that little, that
    // fast, is left swinging at about w_p * A / (w^2 d): a degree per second or two, not the tens of
    // degrees per second of a push.
    const rig = makeCase(8, "quiet", { quick: true }).params.rig
    const ph = new RigPhysics(rig)
    const rng = new Rng(1)
    const a = new Action(Act.Base, 0, 3000)
    a.decay_s = 0.15
    a.freq_hz = 15
    a.fx = 8
    a.fz = 4
    let vx = 0
    let vz = 0
    let peak = 0
    for (let i = 0; i < 3000; i++) {
        applyAction(a, i, 0.001, ph, rng)
        vx += ph.abx * 0.001
        vz += ph.abz * 0.001
        peak = Math.max(peak, Math.abs(ph.abx))
        ph.step(0.001)
    }
    assert.ok(peak > 7.9 && peak <= 8.0001, `peak acceleration ${peak} m/s^2`)
    assert.ok(Math.abs(vx) < 0.001 && Math.abs(vz) < 0.001, `clamp left moving at ${vx.toFixed(4)}, ${vz.toFixed(4)} m/s (the bump's peak velocity is ${(8 / (2 * Math.PI * 15)).toFixed(3)} m/s)`)
    const swing_dps = (Math.hypot(ph.wx, ph.wy) + ph.swingOmega() * Math.hypot(ph.thx, ph.thy)) * 57.3
    assert.ok(swing_dps < 3, `the rig swings at ${swing_dps.toFixed(2)} dps after the bump`)
})

test("a card's weight carried by a hand, then the card joining the structure: the swing and spin feel no jump (turned 1 rad on the connector, swung 3°)", () => {
    for (const seed of [31, 32, 33]) {
        const rig = makeCase(seed, "place", { quick: true, difficulty: "medium" }).params.rig
        const card = new Card(1, 0.007, 0.03, -0.02, rig.rod_len_m - 0.05)
        const accel = (joined: boolean) => {
            const ph = new RigPhysics(rig)
            ph.psi = 1
            ph.thx = 0.05
            ph.thy = -0.04
            if (joined) ph.addCard(card)
            else ph.weigh(-card.mass_kg * G_MPS2, card.ox_m, card.oy_m, card.depth_m)
            const inertia = (ph as any).inertia
            ph.step(1e-4)
            // the torque about each axis: angular acceleration x the inertia the body had
            return [ph.ax * inertia, ph.ay * inertia]
        }
        const carried = accel(false)
        const joined = accel(true)
        // the hand-carried weight leaves the card's own inertia out: the torques must agree, not the accelerations
        for (let k = 0; k < 2; k++) assert.ok(Math.abs(carried[k] - joined[k]) < 0.02 * Math.abs(joined[k]) + 2e-5, `seed ${seed} axis ${k}: carried ${carried[k]} N m, joined ${joined[k]} N m`)
    }
})
