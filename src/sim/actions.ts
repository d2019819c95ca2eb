/**
 * What happens to the rig over time: hands, cards going on and off, the table
 * shaking, air, sensor faults. The game director schedules Actions; the
 * simulator applies the active ones to the physics every step.
 */
import { Rng } from "../core/rand"
import { G_MPS2 } from "./params"
import { Card, RigPhysics } from "./physics"
import { cos, sin, TWO_PI } from "./trig"

export enum Act {
    /** a force on the structure (or on the hanger) with smooth ramps and a hand tremor */
    Hand,
    /** a card's weight passing between hand and structure (dir +1 on, -1 off) */
    Weight,
    /** one-shots: a card joins / leaves the structure; the tilt pivot is released */
    Join,
    Leave,
    TiltFree,
    TiltLock,
    /** the clamp and table ring: a decaying sinusoid of base acceleration */
    Base,
    /** a slow random draught on the structure */
    Air,
    /** a hand steadying the rod (damps swing and spin) */
    Steady,
    /** sensor faults: the IMU stops answering / the load reading freezes */
    ImuSilent,
    LoadStuck,
}

export class Action {
    kind: Act
    t0_ms: number
    t1_ms: number
    /** Hand/Air: ramp time, ms */
    ramp_ms = 100
    /** Hand: peak force, N (world axes, z up); Base: acceleration amplitude direction * m/s^2 */
    fx = 0
    fy = 0
    fz = 0
    /** Hand: torque about the vertical, N m */
    tz = 0
    /** point of application: offset from the rod axis and depth below the pivot, m */
    px = 0
    py = 0
    depth = 0
    /** Hand: the hand grips the card it slots, and through it the structure: spin damping rate, 1/s */
    hold_per_s = 0
    /** Hand: on the hanger wire instead of the structure */
    hanger = false
    /** Hand: tremor amplitude (fraction of the force) and frequency; Base: ringing frequency */
    tremor = 0
    freq_hz = 10
    /** Base: decay time, s; Air: correlation time, s */
    decay_s = 0.1
    card: Card = null
    dir = 1
    /** Air: the draught's present force (an Ornstein-Uhlenbeck process) */
    ox = 0
    oy = 0
    done = false

    constructor(kind: Act, t0_ms: number, t1_ms: number) {
        this.kind = kind
        this.t0_ms = t0_ms
        this.t1_ms = t1_ms
    }
}

/** 0..1 ramp with zero slope at both ends: 3x^2 - 2x^3 */
function smooth(x: number): number {
    if (x <= 0) return 0
    if (x >= 1) return 1
    return x * x * (3 - 2 * x)
}

/** trapezoid envelope with smooth ramps */
function envelope(a: Action, t: number): number {
    const r = a.ramp_ms
    return smooth((t - a.t0_ms) / r) * smooth((a.t1_ms - t) / r)
}

/** apply one active action at time t_ms (dt_s: the step, for the random processes) */
export function applyAction(a: Action, t: number, dt_s: number, ph: RigPhysics, rng: Rng) {
    switch (a.kind) {
        case Act.Hand: {
            let e = envelope(a, t)
            if (a.tremor > 0) e *= 1 + a.tremor * sin(TWO_PI * a.freq_hz * (t - a.t0_ms) * 0.001)
            if (a.hanger) {
                // near the pivot: little torque, but the whole vertical force goes to the load cell
                ph.push(e * a.fx, e * a.fy, 0, 0, 0, 0.02)
                ph.fhanger -= e * a.fz
            } else {
                ph.push(e * a.fx, e * a.fy, e * a.fz, a.px, a.py, a.depth)
                ph.tz += e * a.tz - envelope(a, t) * a.hold_per_s * ph.inertiaZ * ph.wpsi
            }
            break
        }
        case Act.Weight: {
            // ramp_ms: how long the transfer takes (a cut-short transfer ends before it completes)
            let w = smooth((t - a.t0_ms) / a.ramp_ms)
            if (a.dir < 0) w = 1 - w
            const c = a.card
            ph.weigh(-w * c.mass_kg * G_MPS2, c.ox_m, c.oy_m, c.depth_m)
            break
        }
        case Act.Join:
            ph.addCard(a.card)
            a.done = true
            break
        case Act.Leave:
            ph.removeCard(a.card)
            a.done = true
            break
        case Act.TiltFree:
            ph.setTiltFree(true)
            a.done = true
            break
        case Act.TiltLock:
            ph.setTiltFree(false)
            a.done = true
            break
        case Act.Base: {
            // the clamp's velocity rings as a decaying sinusoid from rest, u(s) = e^(-s/T) sin(w s) / w,
            // so the acceleration a = u' starts at the peak (the impact) and integrates to zero: the
            // table starts and ends at rest (an e^(-s/T) sin(w s) acceleration left it moving at
            // A/w, ~8 cm/s after a hard bump, and kicked the hanging rig like a push)
            // (at the step's midpoint: the step's mean acceleration, so the ringing integrates to zero)
            const s = (t - a.t0_ms) * 0.001 + dt_s / 2
            const w = TWO_PI * a.freq_hz
            const v = Math.exp(-s / a.decay_s) * (cos(w * s) - sin(w * s) / (w * a.decay_s))
            ph.abx += v * a.fx
            ph.aby += v * a.fy
            ph.abz += v * a.fz
            break
        }
        case Act.Air: {
            // OU process: x += -x dt/tau + sigma sqrt(2 dt / tau) N(0,1); fx holds sigma
            const k = dt_s / a.decay_s
            const q = Math.sqrt(2 * k)
            a.ox += -a.ox * k + a.fx * q * rng.gauss()
            a.oy += -a.oy * k + a.fx * q * rng.gauss()
            // the draught's centre of pressure sits px off the rod axis: a torque about the vertical px * Fy
            const e = envelope(a, t)
            ph.push(e * a.ox, e * a.oy, 0, a.px, 0, a.depth)
            break
        }
        case Act.Steady: {
            // a hand holding the rod: viscous torque on swing and spin. On the swing the grip is
            // critical, 2 w (w = sqrt(M g d / I), ~6 rad/s): a fixed 20/s overdamped the pendulum,
            // whose deflection then crept back at only w^2 / 20 ~ 1.6/s, so a rig "steadied" for
            // 1.5-3 s after the clean-up still swung at 5-30 dps when the hand let go (the rules'
            // rest before a round is "still"); critically damped it settles at w, ~4x faster.
            const e = envelope(a, t)
            const grip = ph.inertia > 0 ? 2 * ph.swingOmega() : 20
            ph.tx -= e * grip * ph.inertia * ph.wx
            ph.ty -= e * grip * ph.inertia * ph.wy
            ph.tz -= e * 20 * ph.inertiaZ * ph.wpsi
            ph.ttilt -= e * 20 * ph.ms_kg * 0.005 * ph.wphi
            break
        }
        default:
            break
    }
}
