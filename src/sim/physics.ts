/**
 * The rig's mechanics, integrated with a fixed step (symplectic Euler).
 *
 * Bodies and modes (angles small, so sin(a) ~ a in the equations of motion):
 *  - swing: the rod + foot + cards hang from the pivot (top hook) as one
 *    physical pendulum in two axes: I * th'' = -M g (d th + c) - (2 I / T_swing) th' + tau,
 *    where M is the hanging mass, d its centre-of-mass depth below the pivot,
 *    I = m_rod L^2/3 + m_foot L^2 + sum m_i (z_i^2 + r_i^2/2 + k_card^2) the moment of
 *    inertia about the pivot, c the horizontal centre-of-mass offset (so every card
 *    moves the rest attitude: th_rest = -c/d) and T_swing the amplitude decay time.
 *    Small-amplitude period: 2 pi sqrt(I / (M g d)) (about 1 s for a 20-40 cm rod).
 *  - spin about the vertical: on the ring (easy, hard) a stiff damped torsional mode,
 *    psi'' = tau/Iz - w_r^2 psi - 2 z_r w_r psi'; on the free-turn connector (medium,
 *    lunacy) free with slight damping, psi'' = tau/Iz - psi'/T_spin.
 *  - fulcrum tilt (pivot released): the structure (foot + cards, mass Ms, centre of
 *    mass h below the tilt pivot, radius of gyration rho) rocks about the pivot:
 *    Ms (h^2 + rho^2) phi'' = Ms g (cs - h phi) - damping + tau, a slow mode of
 *    w_t^2 = g h / (h^2 + rho^2) whose rest angle is cs / h (cs: the structure's
 *    offset). The tilt shifts the hanging centre of mass by -Ms h phi / M. The clamp
 *    stops it at +-TILT_STOP_RAD (inelastic: the tilt rate goes to zero there).
 *  - vertical: the wire hanger is a spring (k from the empty rig's mode, a few Hz):
 *    M z'' = M (g + a_base) + F_down + M h'' - k z - c z' (h'': the swinging centre of
 *    mass's vertical acceleration, zero on average). A mass change rings in the load.
 *  - load cell force (carries everything): k z + c z' + m_hanger (g + a_base) + F_hanger.
 */
import { cos, sin, TWO_PI } from "./trig"
import { G_MPS2, RigParams } from "./params"

export class Card {
    id: number
    mass_kg: number
    /** horizontal offset from the rod axis in the rod's frame, m */
    ox_m: number
    oy_m: number
    /** depth below the pivot, m */
    depth_m: number
    constructor(id: number, mass_kg: number, ox_m: number, oy_m: number, depth_m: number) {
        this.id = id
        this.mass_kg = mass_kg
        this.ox_m = ox_m
        this.oy_m = oy_m
        this.depth_m = depth_m
    }
}

/**
 * how far the released fulcrum card tilts either way before the tilt clamp stops it, rad (20 degrees: an
 * assumption, no rig measured). Without stops the small-angle tilt ran to 45 degrees and more in 116 of seed
 * 5000's 450 cases, up to 313 (the rest angle cs / h of a structure 1-3 cm below the pivot with a card or two
 * off-centre passes a radian), and through the centre-of-mass shift it swung the rod up to 60 dps.
 */
export const TILT_STOP_RAD = (20 * Math.PI) / 180

/** the tilt `phi` within the stops, rad */
function stop(phi: number): number {
    return phi > TILT_STOP_RAD ? TILT_STOP_RAD : phi < -TILT_STOP_RAD ? -TILT_STOP_RAD : phi
}

/** a card's own moment of inertia per kg (100 x 60 mm plate): (a^2 + b^2) / 12 */
const CARD_GYR2_M2 = (0.1 * 0.1 + 0.06 * 0.06) / 12

export class RigPhysics {
    readonly p: RigParams
    /** the cards on the structure */
    cards: Card[] = []
    tiltFree: boolean

    // state
    thx = 0
    thy = 0
    wx = 0
    wy = 0
    psi = 0
    wpsi = 0
    phi = 0
    wphi = 0
    z = 0
    vz = 0
    // last accelerations (for the IMU)
    ax = 0
    ay = 0
    az = 0

    // external inputs for the next step; actions add to these, step() clears them
    tx = 0
    ty = 0
    tz = 0
    ttilt = 0
    fdown = 0
    fhanger = 0
    abx = 0
    aby = 0
    abz = 0

    // derived from the cards
    mass_kg = 0
    com_depth_m = 0
    inertia = 0
    inertiaZ = 0
    cx = 0
    cy = 0
    ms_kg = 0
    csx = 0
    private k: number
    private cvert: number

    constructor(p: RigParams) {
        this.p = p
        this.tiltFree = p.tilt_free
        this.recompute()
        const w = TWO_PI * p.vert_hz
        this.k = this.mass_kg * w * w
        this.cvert = 2 * p.vert_zeta * Math.sqrt(this.k * this.mass_kg)
        this.settle()
    }

    /** put the rig at its static rest (no motion) for the present cards */
    settle() {
        this.phi = this.tiltFree ? stop(this.csx / this.p.tilt_depth_m) : 0
        const cxe = this.cx - (this.ms_kg * this.p.tilt_depth_m * this.phi) / this.mass_kg
        const cp = cos(this.psi)
        const sp = sin(this.psi)
        this.thy = (cp * cxe - sp * this.cy) / this.com_depth_m
        this.thx = -(sp * cxe + cp * this.cy) / this.com_depth_m
        this.z = (this.mass_kg * G_MPS2) / this.k
        this.loadForce_n = this.k * this.z + this.p.hanger_mass_kg * G_MPS2
        this.wx = 0
        this.wy = 0
        this.wpsi = 0
        this.wphi = 0
        this.vz = 0
    }

    /** the swing's small-amplitude natural frequency about x, rad/s: sqrt(M g d / I) */
    swingOmega(): number {
        return Math.sqrt((this.mass_kg * G_MPS2 * this.com_depth_m) / this.inertia)
    }

    addCard(c: Card) {
        this.cards.push(c)
        this.recompute()
    }

    removeCard(c: Card) {
        const i = this.cards.indexOf(c)
        if (i < 0) return
        // keep order: move the tail down (no splice in DeviceScript)
        for (let j = i; j < this.cards.length - 1; j++) this.cards[j] = this.cards[j + 1]
        this.cards.pop()
        this.recompute()
    }

    setTiltFree(free: boolean) {
        this.tiltFree = free
        if (!free) {
            this.phi = 0
            this.wphi = 0
        }
    }

    /**
     * a force (N, world axes, z up) on the structure at a point `px, py` from the rod
     * axis and `depth` below the pivot: torques about the pivot (r x F), vertical
     * load, and the fulcrum's tilt torque
     */
    push(fx: number, fy: number, fz: number, px: number, py: number, depth: number) {
        // r = (px, py, -depth): tau = r x F
        this.tx += py * fz + depth * fy
        this.ty += -depth * fx - px * fz
        this.tz += px * fy - py * fx
        this.fdown -= fz
        this.ttilt += -fz * px - fx * 2 * this.p.tilt_depth_m
    }

    /**
     * the weight `fz` (N, world z up: negative) of a card the structure carries but does not hold yet (a hand
     * transferring it), at the card's place `ox, oy, depth` in the structure's frame: the torques its own
     * gravity gives once it is part of the body (turned with the spin, tilted with the swing), so the
     * structure feels no jump when the card joins or leaves it
     */
    weigh(fz: number, ox: number, oy: number, depth: number) {
        const cp = cos(this.psi)
        const sp = sin(this.psi)
        const oxw = cp * ox - sp * oy
        const oyw = sp * ox + cp * oy
        this.tx += (oyw + depth * this.thx) * fz
        this.ty += -(oxw - depth * this.thy) * fz
        this.fdown -= fz
        // the fulcrum sees the offset in the structure's own frame (as the body's csx)
        this.ttilt += -fz * ox
    }

    private recompute() {
        const p = this.p
        const L = p.rod_len_m
        let m = p.rod_mass_kg + p.foot_mass_kg
        let md = (p.rod_mass_kg * L) / 2 + p.foot_mass_kg * L
        let inertia = (p.rod_mass_kg * L * L) / 3 + p.foot_mass_kg * L * L
        let iz = p.foot_mass_kg * 0.03 * 0.03
        let mx = 0
        let my = 0
        const cards = this.cards
        for (let i = 0; i < cards.length; i++) {
            const c = cards[i]
            const r2 = c.ox_m * c.ox_m + c.oy_m * c.oy_m
            m += c.mass_kg
            md += c.mass_kg * c.depth_m
            inertia += c.mass_kg * (c.depth_m * c.depth_m + r2 / 2 + CARD_GYR2_M2)
            iz += c.mass_kg * (r2 + CARD_GYR2_M2)
            mx += c.mass_kg * c.ox_m
            my += c.mass_kg * c.oy_m
        }
        this.mass_kg = m
        this.com_depth_m = md / m
        this.inertia = inertia
        this.inertiaZ = iz
        this.cx = mx / m
        this.cy = my / m
        // the structure on the fulcrum: half the foot (the fulcrum card) plus the cards
        this.ms_kg = p.foot_mass_kg / 2 + (m - p.rod_mass_kg - p.foot_mass_kg)
        this.csx = mx / this.ms_kg
    }

    /** advance by dt seconds with the inputs accumulated since the last step, then clear them */
    step(dt: number) {
        const p = this.p
        const M = this.mass_kg
        const d = this.com_depth_m
        const g = G_MPS2
        // centre-of-mass offset in world axes (tilt shifts it, spin turns it)
        const cxe = this.cx - (this.ms_kg * p.tilt_depth_m * this.phi) / M
        const cp = cos(this.psi)
        const sp = sin(this.psi)
        const cxw = cp * cxe - sp * this.cy
        const cyw = sp * cxe + cp * this.cy
        const damp = 2 / p.swing_decay_s
        // swing: gravity about the offset centre of mass, base acceleration as a pseudo-force
        const taux = this.tx - M * g * (d * this.thx + cyw) - M * d * this.aby
        const tauy = this.ty - M * g * (d * this.thy - cxw) + M * d * this.abx
        this.ax = taux / this.inertia - damp * this.wx
        this.ay = (tauy * p.swing_aniso * p.swing_aniso) / this.inertia - damp * this.wy
        // spin
        let apsi = this.tz / this.inertiaZ
        if (p.spin_free) apsi -= this.wpsi / p.spin_decay_s
        else {
            const wr = TWO_PI * p.spin_ring_hz
            apsi -= wr * wr * this.psi + 2 * p.spin_ring_zeta * wr * this.wpsi
        }
        // fulcrum tilt
        let aphi = 0
        if (this.tiltFree) {
            const h = p.tilt_depth_m
            const it = this.ms_kg * (h * h + p.tilt_gyr_m * p.tilt_gyr_m)
            const wt = Math.sqrt((g * h) / (h * h + p.tilt_gyr_m * p.tilt_gyr_m))
            aphi = (this.ttilt + this.ms_kg * g * (this.csx - h * this.phi) - this.ms_kg * this.abx * h) / it - 2 * p.tilt_zeta * wt * this.wphi
        }
        // vertical spring (z down), loaded by the swinging centre of mass's vertical
        // acceleration: its height below the pivot is -(d cos th) + c sin th, so
        // h'' ~ d th'^2 + th'' (d th + c) (centripetal pull plus the tangential part).
        // Over a swing period the two cancel (the support carries the weight on
        // average: the centre of mass does not rise for good), so a swinging rig
        // rings the load at twice the swing rate without moving its mean.
        const cent = M * (d * (this.wx * this.wx + this.wy * this.wy) + this.ax * (d * this.thx + cyw) + this.ay * (d * this.thy - cxw))
        this.az = g + this.abz + (this.fdown + cent - this.k * this.z - this.cvert * this.vz) / M

        this.wx += this.ax * dt
        this.wy += this.ay * dt
        this.wpsi += apsi * dt
        this.wphi += aphi * dt
        this.vz += this.az * dt
        this.thx += this.wx * dt
        this.thy += this.wy * dt
        this.psi += this.wpsi * dt
        this.phi += this.wphi * dt
        // the tilt clamp's stops: the fulcrum card leans against one, its tilt rate gone (an inelastic stop)
        const held = stop(this.phi)
        if (held !== this.phi) {
            this.phi = held
            if (held * this.wphi > 0) this.wphi = 0
        }
        this.z += this.vz * dt
        this.loadForce_n = this.k * this.z + this.cvert * this.vz + p.hanger_mass_kg * (g + this.abz) + this.fhanger

        this.tx = 0
        this.ty = 0
        this.tz = 0
        this.ttilt = 0
        this.fdown = 0
        this.fhanger = 0
        this.lastAbx = this.abx
        this.lastAby = this.aby
        this.lastAbz = this.abz
        this.abx = 0
        this.aby = 0
        this.abz = 0
    }

    /** the base (clamp) acceleration of the last step, m/s^2 (the IMU feels it) */
    lastAbx = 0
    lastAby = 0
    lastAbz = 0

    /** the force on the load cell after the last step, N */
    loadForce_n = 0
}
