/**
 * Rest at tare: before the first round (power-up) and between rounds, the
 * empty rig is still (gyro) and its load steady for `rest_ms`. Then the tare
 * is taken (load zero, rest attitude, gyro bias, averaged over the still
 * stretch) and Obs "rest_at_tare" starts the round. Between rounds the load
 * must also be back within `band_cards` of the old tare (the cards cleared),
 * and still is the gyro under `still_dps`: a rig steadied by hand after the
 * clean-up still swings a few degrees/s, and a lightly damped pendulum takes
 * tens of seconds to lose them (the simulator's steadying hand leaves 3-4).
 */
import { Obs } from "../types"
import { Sample } from "../../sample"
import { Signals } from "./signals"

export interface RestSettings {
    /** still and steady this long at power-up, ms */
    first_rest_ms: number
    /** still and steady this long between rounds, ms */
    rest_ms: number
    /** between rounds: within this many cards of the previous tare */
    band_cards: number
    /** between rounds: the gyro's rate (bias removed) under this is still, degrees/s (at power-up, Motion's own stillness) */
    still_dps: number
}
export const REST_DEFAULTS: RestSettings = { first_rest_ms: 1000, rest_ms: 3000, band_cards: 0.5, still_dps: 5 }

export class RestDetector {
    private s: RestSettings
    private since = NaN

    constructor(settings: RestSettings) {
        this.s = settings
    }

    configure(settings: RestSettings) {
        this.s = settings
    }

    /**
     * a round began (also on the start button, which needs no rest): the still stretch and the rest attitude and gyro
     * bias summed over it end here, so the next rest between rounds is a whole `rest_ms` of its own
     */
    reset(sig: Signals) {
        this.since = NaN
        sig.attitude.discardRest()
        sig.motion.discardBias()
    }

    /**
     * One step while no round is on (`first` at power-up). Accumulates the
     * rest attitude and gyro bias while still; returns true (and pushes the
     * Obs) when the tare was taken.
     */
    update(smp: Sample, first: boolean, sig: Signals, out: Obs[]): boolean {
        const t_ms = smp.t_ms
        const load = sig.load
        const imu = sig.imuOk && smp.hasImu
        let still = sig.loadOk && load.isSteady()
        // before the gyro bias is learned (power-up, or a game resumed after a reset) the rate still holds it: still
        // is judged against the rate's slow running mean
        const unbiased = first || !sig.motion.hasBias()
        if (still && sig.imuOk && sig.motion.hasData()) still = unbiased ? sig.motion.stillFor_ms(t_ms) > 0 : sig.motion.rateDps() < this.s.still_dps
        if (still && !first && load.hasTare()) still = Math.abs(load.steadyMean_g() - load.zero_g()) <= this.s.band_cards * sig.mass.get_g()
        if (!still) {
            this.since = NaN
            sig.attitude.discardRest()
            sig.motion.discardBias()
            return false
        }
        if (this.since !== this.since) this.since = t_ms
        if (imu) {
            sig.attitude.accumulateRest(smp.ax_g, smp.ay_g, smp.az_g)
            sig.motion.accumulateBias(smp.gx_dps, smp.gy_dps, smp.gz_dps)
        }
        if (t_ms - this.since < (first ? this.s.first_rest_ms : this.s.rest_ms)) return false
        this.since = NaN
        load.tare(t_ms)
        sig.ref_g = load.zero_g()
        if (sig.attitude.learnRest()) {
            sig.motion.setVertical(sig.attitude.upX, sig.attitude.upY, sig.attitude.upZ)
            sig.push.setVertical(sig.attitude.upX, sig.attitude.upY, sig.attitude.upZ)
        }
        sig.motion.learnBias()
        sig.push.reset()
        // the W2 learned before the first tare came from rates with the gyro bias in them
        if (first) sig.push.forgetW2()
        out.push({ kind: "rest_at_tare", t_ms: t_ms, ev: { detector: "rest", zero_g: load.zero_g() } })
        return true
    }
}
