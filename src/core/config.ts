/**
 * Every threshold of the signal chain and the detectors, with units in the
 * names: DEFAULTS (hand-set starting points), overridden per difficulty by the
 * generated TUNED table (src/core/tuned.ts, written by `npm run tune`).
 * Override keys are "group.setting", e.g. "touch.swing_push_dpss".
 */
import { AttitudeSettings, ATTITUDE_DEFAULTS } from "./signal/attitude"
import { CardMassSettings, CARD_MASS_DEFAULTS, LoadSettings, LOAD_DEFAULTS } from "./signal/load"
import { MotionSettings, MOTION_DEFAULTS } from "./signal/motion"
import { PushSettings, PUSH_DEFAULTS } from "./signal/push"
import { RingSettings, RING_DEFAULTS } from "./signal/ring"
import { CollapseSettings, COLLAPSE_DEFAULTS } from "./referee/detectors/collapse"
import { FaultSettings, FAULT_DEFAULTS } from "./referee/detectors/faults"
import { HangerSettings, HANGER_DEFAULTS } from "./referee/detectors/hanger"
import { PlacementSettings, PLACEMENT_DEFAULTS } from "./referee/detectors/placement"
import { RestSettings, REST_DEFAULTS } from "./referee/detectors/rest"
import { TouchSettings, TOUCH_DEFAULTS } from "./referee/detectors/touch"
import { Difficulty, tiltReleased } from "./referee/types"
import { tunedTable } from "./tuned"

export interface RefereeSettings {
    attitude: AttitudeSettings
    motion: MotionSettings
    push: PushSettings
    load: LoadSettings
    ring: RingSettings
    card_mass: CardMassSettings
    placement: PlacementSettings
    collapse: CollapseSettings
    touch: TouchSettings
    hanger: HangerSettings
    fault: FaultSettings
    rest: RestSettings
}

export const DEFAULTS: RefereeSettings = {
    attitude: ATTITUDE_DEFAULTS,
    motion: MOTION_DEFAULTS,
    push: PUSH_DEFAULTS,
    load: LOAD_DEFAULTS,
    ring: RING_DEFAULTS,
    card_mass: CARD_MASS_DEFAULTS,
    placement: PLACEMENT_DEFAULTS,
    collapse: COLLAPSE_DEFAULTS,
    touch: TOUCH_DEFAULTS,
    hanger: HANGER_DEFAULTS,
    fault: FAULT_DEFAULTS,
    rest: REST_DEFAULTS,
}

/** "group.setting" -> value overrides */
export type Overrides = { [key: string]: number }

/** a cue "switched off" (a value no signal reaches) */
export const OFF = 1e6

/**
 * Physics per level, before tuning: fulcrum tilt is normal with the pivot
 * released (hard, lunacy), so a tilt says nothing about a touch there. Spin
 * is normal with the free-turn connector (medium, lunacy), but no touch cue
 * reads the spin rate: the spin push is a torque (a force put in), which a
 * placement on the free-turn connector hardly makes. (A function, not a table by level: the table's objects, built at
 * start-up, cost the VM images 12-96 bytes more of function code: 96 on the board, 20 in npm start's.)
 */
export function levelDefaults(d: Difficulty): Overrides {
    return tiltReleased(d) ? { "touch.tilt_deg": OFF } : {}
}

function copyObject(o: any): any {
    const c: any = {}
    const keys = Object.keys(o)
    for (let i = 0; i < keys.length; i++) c[keys[i]] = o[keys[i]]
    return c
}

/** a deep copy of `base` with `overrides` applied; throws on a key that names no setting */
export function withOverrides(base: RefereeSettings, overrides: Overrides): RefereeSettings {
    const out: any = {}
    const groups = Object.keys(base)
    for (let i = 0; i < groups.length; i++) out[groups[i]] = copyObject((base as any)[groups[i]])
    const keys = Object.keys(overrides)
    for (let i = 0; i < keys.length; i++) {
        const k = keys[i]
        const dot = k.indexOf(".")
        const g = out[k.slice(0, dot)]
        const name = k.slice(dot + 1)
        if (dot < 0 || !g || typeof g[name] !== "number") throw new Error("unknown setting \"" + k + "\"")
        g[name] = overrides[k]
    }
    return out as RefereeSettings
}

/** the settings for a difficulty: DEFAULTS, the level's physics, then the tuned values for every level and for this level */
export function settingsFor(d: Difficulty): RefereeSettings {
    const tuned = tunedTable()
    const all = tuned["all"]
    const level = tuned[d]
    const physics = withOverrides(DEFAULTS, levelDefaults(d))
    return withOverrides(withOverrides(physics, all ? all : {}), level ? level : {})
}
