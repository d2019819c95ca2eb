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

/** sleeps advance time at once; yields to the VM every few sleeps (its loop guard) */
export class VirtualClock implements Clock {
    t_ms = 0
    private sleeps = 0

    now_ms(): number {
        return this.t_ms
    }

    async sleep(ms: number) {
        if (ms > 0) this.t_ms += ms
        this.sleeps++
        if (this.sleeps % 16 === 0) await ds.sleep(0)
    }
}
