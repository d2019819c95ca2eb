/**
 * A small, portable synthetic rig for detector tests and parity (runs in the
 * VM and in Node; no trig): load at 40 Hz and IMU at 100 Hz on a 5 ms tick,
 * a damped swing oscillator and a vertical ringing mode integrated
 * numerically, and scripted actions with known sizes. It is not the
 * simulator (src/sim): it makes crafted signals whose answers are known.
 */
import { Rng } from "../../src/core/rand"
import { Sample } from "../../src/core/sample"

export interface SynthAction {
    kind: "place" | "remove" | "fall" | "collapse" | "touch" | "bump" | "imu_silent" | "load_stuck"
    t_ms: number
    /** collapse: cards that come off; touch: force in grams-force; silent/stuck: duration ms */
    size?: number
}

const TICK_MS = 5
const SWING_W = 6.28 // rad/s (1 Hz pendulum)
const VERT_W = 37.7 // rad/s (6 Hz hanger mode)

export class SynthRig {
    readonly sample = new Sample()
    card_g: number
    cards = 0
    private rng: Rng
    private tick = 0
    private actions: SynthAction[]
    private zero_g = 1234
    private noise_g = 0.05
    // swing (rad, rad/s) about x, spin rate (dps), vertical ring (g-equivalent load offset)
    private sw = 0
    private swv = 0
    private vert = 0
    private vertv = 0
    private hand_g = 0
    private jolt_g = 0
    private gyroBias = 0.7

    constructor(seed: number, card_g: number, actions: SynthAction[]) {
        this.rng = new Rng(seed)
        this.card_g = card_g
        this.actions = actions
    }

    /** the load the cell sees now (before noise), g */
    private hanging(): number {
        return this.zero_g + this.cards * this.card_g + this.hand_g + this.vert
    }

    /** advances one 5 ms tick; returns false when the sample carries nothing */
    step(): boolean {
        const t = this.tick * TICK_MS
        this.tick++
        this.hand_g = 0
        this.jolt_g = 0
        let imuSilent = false
        let loadStuck = false
        for (let i = 0; i < this.actions.length; i++) this.apply(this.actions[i], t, t - this.actions[i].t_ms)
        for (let i = 0; i < this.actions.length; i++) {
            const a = this.actions[i]
            const dt = t - a.t_ms
            const dur = a.size ? a.size : 0
            if (a.kind === "imu_silent" && dt >= 0 && dt < dur) imuSilent = true
            if (a.kind === "load_stuck" && dt >= 0 && dt < dur) loadStuck = true
        }
        // integrate the swing and the vertical ring (semi-implicit Euler)
        const h = TICK_MS / 1000
        this.swv += (-SWING_W * SWING_W * this.sw - 0.1 * this.swv) * h
        this.sw += this.swv * h
        this.vertv += (-VERT_W * VERT_W * this.vert - 2 * 0.05 * VERT_W * this.vertv) * h
        this.vert += this.vertv * h
        const s = this.sample
        s.clear(t)
        if (this.tick % 2 === 0 && !imuSilent) {
            const n = this.rng
            const swingDps = this.swv * 57.3
            s.setImu(this.sw + 0.01 * n.gauss() + this.jolt_g, 0.003 * n.gauss(), 1 + 0.003 * n.gauss() + this.jolt_g, swingDps + 0.1 * n.gauss() + this.gyroBias, 0.1 * n.gauss(), 0.1 * n.gauss() + 10 * this.jolt_g)
        }
        if (this.tick % 5 === 0) s.setLoad(loadStuck ? 1500 : Math.round((this.hanging() + this.noise_g * this.rng.gauss()) * 100) / 100)
        return s.hasImu || s.hasLoad
    }

    /** one action's effect at `dt` ms after it starts */
    private apply(a: SynthAction, t: number, dt: number) {
        if (dt < 0) return
        const c = this.card_g
        if (a.kind === "place" || a.kind === "remove") {
            // the hand brings (or takes) the card over 600 ms, pressing up to 1.5 cards extra while slotting
            if (dt < 600) {
                const f = dt / 600
                this.hand_g = a.kind === "place" ? c * (f + 1.5 * f * (1 - f) * 4) : c * (-f + 1.5 * f * (1 - f) * 4)
                if (dt < 10) this.swv += 0.01
            } else if (dt === 600) {
                this.cards += a.kind === "place" ? 1 : -1
            }
            if (dt >= 600) this.hand_g = 0
        } else if (a.kind === "fall" && dt === 0) {
            this.cards--
            this.vertv -= 10 * c
            this.swv += 0.02
        } else if (a.kind === "collapse" && dt < 150) {
            const n = a.size ? a.size : 5
            if (dt % 30 === 0 && this.cards > 0) {
                this.cards -= Math.min(this.cards, Math.ceil(n / 5))
                this.vertv -= 20 * c
                this.swv += 0.15
                this.jolt_g = 0.5
            }
        } else if (a.kind === "touch") {
            const dur = 400
            const f = a.size ? a.size : 30
            if (dt < dur) {
                this.hand_g = f
                if (dt % 50 === 0) this.swv += 0.12
            }
        } else if (a.kind === "bump" && dt < 60) {
            this.jolt_g = (dt % 10 < 5 ? 1 : -1) * 0.8
            if (dt % 20 === 0) this.vertv += dt % 40 === 0 ? 30 : -30
        }
    }
}
