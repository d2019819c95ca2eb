/**
 * One sample instant of the rig. Sensors run at their own rates, so a sample
 * may carry the IMU fields, the load, a button input, or any mix; absent
 * values are flagged by `hasImu` / `hasLoad` (and the numbers are NaN).
 *
 * One instance is reused by the readers (trace parser, sampler), so the core
 * must copy what it wants to keep: it never holds on to a Sample.
 */
export class Sample {
    /** trace time, ms since the start of the trace (never decreases) */
    t_ms = 0
    hasImu = false
    ax_g = NaN
    ay_g = NaN
    az_g = NaN
    gx_dps = NaN
    gy_dps = NaN
    gz_dps = NaN
    hasLoad = false
    load_g = NaN
    /** button event at this instant: "start", "next", "mode" or "" */
    input = ""

    clear(t_ms: number) {
        this.t_ms = t_ms
        this.hasImu = false
        this.ax_g = NaN
        this.ay_g = NaN
        this.az_g = NaN
        this.gx_dps = NaN
        this.gy_dps = NaN
        this.gz_dps = NaN
        this.hasLoad = false
        this.load_g = NaN
        this.input = ""
    }

    setImu(ax_g: number, ay_g: number, az_g: number, gx_dps: number, gy_dps: number, gz_dps: number) {
        this.hasImu = true
        this.ax_g = ax_g
        this.ay_g = ay_g
        this.az_g = az_g
        this.gx_dps = gx_dps
        this.gy_dps = gy_dps
        this.gz_dps = gz_dps
    }

    setLoad(load_g: number) {
        this.hasLoad = true
        this.load_g = load_g
    }
}
