/**
 * What every detector reads: the signal modules, the learned card mass, the
 * reference level of the structure (the settled load with the cards now on)
 * and which sensors are healthy. Owned and stepped by the Referee.
 */
import { Attitude } from "../../signal/attitude"
import { CardMass, Load } from "../../signal/load"
import { Motion } from "../../signal/motion"
import { Push } from "../../signal/push"
import { Evidence } from "../types"
import { fmtNum } from "../../num"

export class Signals {
    attitude: Attitude
    motion: Motion
    /** the external torque on the rod, from the gyro (stepped after motion, on its bias-corrected rates) */
    push: Push
    load: Load
    mass: CardMass
    /** settled load with the cards now on (absolute, g); NaN before the tare */
    ref_g = NaN
    imuOk = true
    loadOk = true
    /** load readings in a row that repeated the one before exactly (FaultDetector): a cell stuck before it is called */
    loadSameN = 0
    /** the last time a touch cue was up (a hand on the structure), ms; a level reached meanwhile is no card */
    touchCue_ms = NaN
    /** since when a hand may be lifting the hanger (the hanger detector's excursion below the level, under way, with no strike since it began), ms; NaN: none */
    lift_ms = NaN
    /** when the hanger detector last told a lift back (a hand let go of the hanger: a touch), ms */
    liftBack_ms = NaN
    /** the game is in its dismantle phase: cards come off by hand (a remover's hand lifts the card off, as a hand lifting the hanger would) */
    dismantle = false
    /** the load readings are taken less the swing's load ring (SwingRing: a gain learned and trusted, the IMU heard) */
    ringComp = false

    constructor(attitude: Attitude, motion: Motion, load: Load, mass: CardMass, push: Push) {
        this.attitude = attitude
        this.motion = motion
        this.push = push
        this.load = load
        this.mass = mass
    }

    /**
     * evidence for a load change of `delta_g` seen by `detector`; with `motion`
     * the swing/spin peaks and the tilt now instead of the change in cards
     * (event lines must stay under 150 characters)
     */
    evidence(detector: string, delta_g: number, motion: boolean): Evidence {
        const ev: Evidence = { detector: detector, delta_g: round(delta_g, 2) }
        if (!motion) ev["delta_cards"] = round(delta_g / this.mass.get_g(), 2)
        else if (this.imuOk) {
            ev["swing_dps"] = round(this.motion.swingDps(), 0)
            ev["spin_dps"] = round(this.motion.spinDps(), 0)
            const tilt = this.attitude.tiltDeg()
            if (tilt === tilt) ev["tilt_deg"] = round(tilt, 1)
        }
        return ev
    }
}

function round(x: number, decimals: number): number {
    return parseFloat(fmtNum(x, decimals))
}
