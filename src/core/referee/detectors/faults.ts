/**
 * Sensor faults: a sensor that stops answering while the other still does
 * (IMU silent / load silent), a load reading stuck on one value, or a reading
 * out of range; on the firmware also a sensor the sampler could not read (an
 * I2C error, `report`). Sends Obs "fault" once per episode and "fault_clear"
 * when good data returns. While a sensor is in fault the referee ignores it,
 * so missing data never makes a foul.
 */
import { Obs } from "../types"
import { fmtNum } from "../../num"
import { Sample } from "../../sample"

export interface FaultSettings {
    /** no IMU row for this long while load rows arrive: IMU fault, ms */
    imu_silent_ms: number
    /** no load row for this long while IMU rows arrive: load fault, ms */
    load_silent_ms: number
    /** the same load value (to the last digit) for this long: stuck, ms */
    load_stuck_ms: number
    /** a load reading beyond this (either sign) is nonsense, g */
    load_limit_g: number
    /** a z accelerometer reading beyond this is nonsense, g (x and y are not checked: the chips run at +-4 g, so only a corrupt trace reads more) */
    accel_limit_g: number
}
export const FAULT_DEFAULTS: FaultSettings = { imu_silent_ms: 400, load_silent_ms: 600, load_stuck_ms: 2000, load_limit_g: 100000, accel_limit_g: 32 }

/** all six IMU fields are finite numbers (a bad scale or a driver bug gives NaN, and NaN poisons every filter) */
function isFinite6(s: Sample): boolean {
    return fin(s.ax_g) && fin(s.ay_g) && fin(s.az_g) && fin(s.gx_dps) && fin(s.gy_dps) && fin(s.gz_dps)
}

function fin(x: number): boolean {
    return Math.abs(x) < Infinity
}

export class FaultDetector {
    private s: FaultSettings
    private lastImu = NaN
    private lastLoad = NaN
    private stuckValue = NaN
    private stuckSince = NaN
    /** load readings in a row that repeated the one before to the last digit (a stuck cell's, not yet called) */
    loadSameN = 0
    /** a sensor in fault is not used by the detectors */
    imuFault = false
    loadFault = false

    constructor(settings: FaultSettings) {
        this.s = settings
    }

    /** checks one sample's IMU and load fields; a sensor in fault is not used until its data is good again */
    update(smp: Sample, out: Obs[]) {
        const s = this.s
        const t_ms = smp.t_ms
        const hasImu = smp.hasImu
        const hasLoad = smp.hasLoad
        const load_g = smp.load_g
        if (hasImu) {
            this.lastImu = t_ms
            const az_g = smp.az_g
            if (!(Math.abs(az_g) <= s.accel_limit_g)) this.setImu(true, t_ms, "accelerometer reads " + fmtNum(az_g, 1) + " g", out)
            else if (!isFinite6(smp)) this.setImu(true, t_ms, "IMU reads a value that is not a number", out)
            else this.setImu(false, t_ms, "", out)
        } else if (this.lastImu === this.lastImu && this.lastLoad === this.lastLoad && t_ms - this.lastImu > s.imu_silent_ms && t_ms - this.lastLoad < s.imu_silent_ms) {
            this.setImu(true, t_ms, "no IMU data for " + fmtNum(t_ms - this.lastImu, 0) + " ms", out)
        }
        if (hasLoad) {
            this.lastLoad = t_ms
            if (load_g !== this.stuckValue) {
                this.stuckValue = load_g
                this.stuckSince = t_ms
                this.loadSameN = 0
            } else this.loadSameN++
            if (!(Math.abs(load_g) <= s.load_limit_g)) this.setLoad(true, t_ms, "load reads " + fmtNum(load_g, 0) + " g, out of range", out)
            else if (t_ms - this.stuckSince >= s.load_stuck_ms) this.setLoad(true, t_ms, "load stuck at " + fmtNum(load_g, 2) + " g", out)
            else this.setLoad(false, t_ms, "", out)
        } else if (this.lastLoad === this.lastLoad && this.lastImu === this.lastImu && t_ms - this.lastLoad > s.load_silent_ms && t_ms - this.lastImu < s.load_silent_ms) {
            this.setLoad(true, t_ms, "no load data for " + fmtNum(t_ms - this.lastLoad, 0) + " ms", out)
        }
    }

    /** the sampler could not read `sensor` ("imu" or "load"): in fault with its error until good data comes back */
    report(sensor: string, t_ms: number, message: string, out: Obs[]) {
        if (sensor === "imu") this.setImu(true, t_ms, message, out)
        else this.setLoad(true, t_ms, message, out)
    }

    private setImu(fault: boolean, t_ms: number, message: string, out: Obs[]) {
        if (fault === this.imuFault) return
        this.imuFault = fault
        out.push(fault ? { kind: "fault", t_ms: t_ms, sensor: "imu", message: message } : { kind: "fault_clear", t_ms: t_ms, sensor: "imu" })
    }

    private setLoad(fault: boolean, t_ms: number, message: string, out: Obs[]) {
        if (fault === this.loadFault) return
        this.loadFault = fault
        out.push(fault ? { kind: "fault", t_ms: t_ms, sensor: "load", message: message } : { kind: "fault_clear", t_ms: t_ms, sensor: "load" })
    }
}
