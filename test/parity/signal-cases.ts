/**
 * Parity cases for the signal modules and the whole referee (see program.ts):
 * a scripted synthetic rig (synth-rig.ts) through attitude/motion/load, and
 * through the Referee; one line per step.
 */
import { fmtNum } from "../../src/core/num"
import { Attitude, ATTITUDE_DEFAULTS } from "../../src/core/signal/attitude"
import { Load, LOAD_DEFAULTS } from "../../src/core/signal/load"
import { Motion, MOTION_DEFAULTS } from "../../src/core/signal/motion"
import { Referee } from "../../src/core/referee/referee"
import { formatEvent } from "../../src/core/trace"
import { SynthAction, SynthRig } from "./synth-rig"

/** a short game: placements, a fall and re-placement, a bump, a touch, a collapse */
export function synthGame(t0_ms: number): SynthAction[] {
    const acts: SynthAction[] = []
    let t = t0_ms
    for (let i = 0; i < 4; i++) {
        acts.push({ kind: "place", t_ms: t })
        t += 4000
    }
    acts.push({ kind: "fall", t_ms: t })
    acts.push({ kind: "place", t_ms: t + 3000 })
    acts.push({ kind: "bump", t_ms: t + 7000 })
    acts.push({ kind: "touch", t_ms: t + 10000, size: 30 })
    acts.push({ kind: "collapse", t_ms: t + 14000, size: 4 })
    return acts
}

export function signalsCase() {
    const rig = new SynthRig(5, 6.2, synthGame(2000))
    const att = new Attitude(ATTITUDE_DEFAULTS)
    const mot = new Motion(MOTION_DEFAULTS)
    const load = new Load(LOAD_DEFAULTS)
    return {
        name: "signals",
        steps: 4000,
        step: (i: number) => {
            rig.step()
            const s = rig.sample
            if (i === 300) {
                att.learnRest()
                mot.learnBias()
                mot.setVertical(att.upX, att.upY, att.upZ)
                load.tare(s.t_ms)
            }
            if (s.hasImu) {
                if (i < 300) {
                    att.accumulateRest(s.ax_g, s.ay_g, s.az_g)
                    mot.accumulateBias(s.gx_dps, s.gy_dps, s.gz_dps)
                }
                att.update(s.t_ms, s.ax_g, s.ay_g, s.az_g)
                mot.update(s.t_ms, s.gx_dps, s.gy_dps, s.gz_dps)
            }
            if (s.hasLoad) load.update(s.t_ms, s.load_g)
            if (i % 4 !== 0) return ""
            const parts = [
                fmtNum(s.t_ms, 0),
                fmtNum(att.tiltDeg(), 4),
                fmtNum(mot.swingDps(), 4),
                fmtNum(mot.spinDps(), 4),
                fmtNum(mot.stillFor_ms(s.t_ms), 0),
                fmtNum(load.clean_g(), 3),
                fmtNum(load.fast_g(), 4),
                load.isSteady() ? fmtNum(load.steadyMean_g() - load.zero_g(), 4) : "-",
            ]
            return parts.join(" ")
        },
    }
}

export function refereeCase() {
    const rig = new SynthRig(11, 5.4, synthGame(3000))
    const ref = new Referee({ players: 3, difficulty: "easy", cards: 30, first_player: 2, touch_penalty: "warn" })
    return {
        name: "referee",
        steps: 9000,
        step: (i: number) => {
            rig.step()
            const evs = ref.update(rig.sample)
            const lines: string[] = []
            for (let k = 0; k < evs.length; k++) lines.push(formatEvent(evs[k]))
            return lines.join(" ")
        },
    }
}
