/**
 * Button presses for the menu: each press is classified short or long when
 * the button comes up (long: held LONG_PRESS_MS). Times come from the
 * sampler's clock, so tests feed presses without hardware.
 */
import { Press } from "../core/menu"

export const LONG_PRESS_MS = 1500
/**
 * a shorter press is contact bounce, not a finger (a tap lasts 80 ms or more): the button server samples its
 * pin every few ms with no debounce, so a bouncing contact can give a down and up a sample apart
 */
export const MIN_PRESS_MS = 30

export class PressQueue {
    private queue: Press[] = []
    private down_ms: { [name: string]: number } = {}

    down(name: string, t_ms: number) {
        this.down_ms[name] = t_ms
    }

    /** `name` is "start" or "mode" */
    up(name: string, t_ms: number) {
        const t0 = this.down_ms[name]
        if (t0 === undefined) return
        delete this.down_ms[name]
        if (t_ms - t0 < MIN_PRESS_MS) return
        const long = t_ms - t0 >= LONG_PRESS_MS
        this.queue.push((name + (long ? "_long" : "")) as Press)
    }

    /** the oldest press not yet handled, or null */
    take(): Press {
        return this.queue.length ? this.queue.shift() : null
    }
}
