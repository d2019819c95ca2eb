/**
 * Time for the sampler and the drivers' bounded waits: the device clock
 * (ds.millis / ds.sleep), or a virtual clock for tests and for the simulated
 * rig (`npm start` runs faster than real time).
 */
import * as ds from "@devicescript/core"

export interface Clock {
    now_ms(): number
    sleep(ms: number): Promise<void>
}

export class DeviceClock implements Clock {
    now_ms(): number {
        return ds.millis()
    }
    async sleep(ms: number) {
        await ds.sleep(ms)
    }
}

/**
 * Sleeps advance time at once. Every sleep still yields to the VM: its loop
 * guard counts opcodes between yields, and one sampler tick with the real
 * referee and telemetry already uses a good share of that budget.
 */
export class VirtualClock implements Clock {
    t_ms = 0
    /** run after each sleep moved time on (npm start's simulated rig hands the drivers its readings up to then) */
    advanced: () => Promise<void> = null

    now_ms(): number {
        return this.t_ms
    }

    async sleep(ms: number) {
        if (ms > 0) this.t_ms += ms
        if (this.advanced) await this.advanced()
        await ds.sleep(0)
    }
}
