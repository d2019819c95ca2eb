/**
 * A trace's samples held compactly (9 numbers a row in one growing
 * Float64Array), so the benchmark can time the referee alone: generate or
 * parse first, then replay the buffer through a fresh Referee.
 */
import { performance } from "node:perf_hooks"
import { Sample } from "../../src/core/sample.ts"
import { GameConfig, RefEvent } from "../../src/core/referee/types.ts"
import { Referee } from "../../src/core/referee/referee.ts"
import { Overrides, RefereeSettings } from "../../src/core/config.ts"

const WIDTH = 9
const INPUTS = ["", "start", "next", "mode"]
const HAS_IMU = 1
const HAS_LOAD = 2

export interface ReplayResult {
    events: RefEvent[]
    /** wall time spent in the replay loop (one thread, the referee and the sample copy) */
    referee_ms: number
}

export class SampleBuffer {
    private data = new Float64Array(WIDTH * 4096)
    rows = 0

    push(s: Sample) {
        if ((this.rows + 1) * WIDTH > this.data.length) {
            const bigger = new Float64Array(this.data.length * 2)
            bigger.set(this.data)
            this.data = bigger
        }
        const d = this.data
        const o = this.rows * WIDTH
        const inputCode = INPUTS.indexOf(s.input)
        d[o] = s.t_ms
        d[o + 1] = s.ax_g
        d[o + 2] = s.ay_g
        d[o + 3] = s.az_g
        d[o + 4] = s.gx_dps
        d[o + 5] = s.gy_dps
        d[o + 6] = s.gz_dps
        d[o + 7] = s.load_g
        d[o + 8] = (s.hasImu ? HAS_IMU : 0) | (s.hasLoad ? HAS_LOAD : 0) | ((inputCode < 0 ? 0 : inputCode) << 2)
        this.rows++
    }

    /** t_ms of the last row, 0 when empty */
    lastT_ms(): number {
        return this.rows > 0 ? this.data[(this.rows - 1) * WIDTH] : 0
    }

    /**
     * every row through a fresh Referee (with `settings`, else the level's own, with `overrides` on every level); events are copied;
     * `onStep` sees the referee after each sample (npm run hands reads its signals)
     */
    replay(cfg: GameConfig, settings?: RefereeSettings, overrides?: Overrides, onStep?: (t_ms: number, ref: Referee) => void): ReplayResult {
        const ref = new Referee(cfg, settings, overrides)
        const s = new Sample()
        const d = this.data
        const events: RefEvent[] = []
        const t0 = performance.now()
        for (let r = 0; r < this.rows; r++) {
            const o = r * WIDTH
            const flags = d[o + 8]
            s.clear(d[o])
            if (flags & HAS_IMU) s.setImu(d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], d[o + 6])
            if (flags & HAS_LOAD) s.setLoad(d[o + 7])
            s.input = INPUTS[flags >> 2]
            const evs = ref.update(s)
            for (let i = 0; i < evs.length; i++) events.push({ ...evs[i] })
            if (onStep) onStep(s.t_ms, ref)
        }
        return { events, referee_ms: performance.now() - t0 }
    }
}
