/**
 * The firmware's only scheduler. Reads each sensor at its own period, stamps
 * the sample with the injected clock, feeds the referee and hands rows and
 * events to the sinks. No I2C error escapes: a failing sensor is reported to
 * the referee (`sensorFault`: its one `fault` event of the episode carries the
 * I2C error; the `recovered` one follows when the data comes back) and is
 * re-initialised with exponential back-off until it answers again; a changed
 * error and the recovery are notices for a person. The game state is never
 * touched by a fault, so nothing is lost.
 */
import { Sample } from "../core/sample"
import { RefEvent } from "../core/referee/types"
import { GameView } from "../core/referee/types"
import { Clock } from "./clock"
import { SensorDriver } from "./sensor"

/** the Referee API the sampler drives (src/core/referee/referee.ts) */
export interface RefereeLike {
    update(s: Sample): RefEvent[]
    snapshot(): string
    restore(snap: string): void
    view(): GameView
    sensorFault(t_ms: number, sensor: string, message: string): RefEvent[]
}

/** where rows and events go: telemetry, outputs, persistence */
export interface SamplerSink {
    onRow(s: Sample): void
    onEvent(ev: RefEvent): void
}

export const SAMPLER_DEFAULTS = {
    /** first re-init attempt after a fault; doubles up to retry_max_ms */
    retry_first_ms: 250,
    retry_max_ms: 4000,
    /** a tick waits at most this long, so the buttons and LEDs are served while every sensor is down, ms */
    max_wait_ms: 40,
}

class Slot {
    driver: SensorDriver
    period_ms: number
    due_ms = 0
    ok = false
    retry_ms = 0
    lastError = ""
    /** the referee (by Sampler.games) told of this episode, -1: none */
    toldGame = -1

    constructor(driver: SensorDriver, period_ms: number) {
        this.driver = driver
        this.period_ms = period_ms
    }
}

export class Sampler {
    /** rows still go to the sinks, but the referee is not fed (the menu is open: nobody plays) */
    hold = false
    readonly sample = new Sample()
    private slots: Slot[] = []
    private sinks: SamplerSink[] = []
    private clock: Clock
    private referee: RefereeLike
    private opts = SAMPLER_DEFAULTS
    private t0_ms = 0
    private pendingInput = ""
    /** referees set so far: a new game's is told of a sensor still failing */
    private games = 0
    private notice: (msg: string) => void

    /** `notice`: a line for a person (the firmware prints it as a `#` comment) */
    constructor(clock: Clock, referee: RefereeLike, notice: (msg: string) => void, opts = SAMPLER_DEFAULTS) {
        this.clock = clock
        this.referee = referee
        this.notice = notice
        this.opts = opts
    }

    addSensor(driver: SensorDriver, period_ms: number) {
        this.slots.push(new Slot(driver, period_ms))
    }

    /** a new game (new configuration): the sensors keep running */
    setReferee(referee: RefereeLike) {
        this.referee = referee
        this.games++
    }

    addSink(sink: SamplerSink) {
        this.sinks.push(sink)
    }

    /** a button word ("start", "next", "mode") for the next sample */
    input(word: string) {
        this.pendingInput = word
    }

    /** sensors currently failing ("imu", "load") */
    faults(): string[] {
        const out: string[] = []
        for (const s of this.slots) if (!s.ok) out.push(s.driver.sensor)
        return out
    }

    /** trace time now */
    t_ms(): number {
        return Math.floor(this.clock.now_ms() - this.t0_ms)
    }

    /** sets up every sensor (a failure is a fault event, not an exception); trace time starts here */
    async start() {
        this.t0_ms = this.clock.now_ms()
        for (const s of this.slots) {
            s.due_ms = this.clock.now_ms()
            await this.tryInit(s)
        }
    }

    /** sleeps until the next sensor is due, reads what is due, runs the referee on it */
    async tick() {
        let next = Infinity
        for (const s of this.slots) next = Math.min(next, s.due_ms)
        const wait = next - this.clock.now_ms()
        if (wait > this.opts.max_wait_ms) {
            await this.clock.sleep(this.opts.max_wait_ms)
            return
        }
        if (wait > 0) await this.clock.sleep(wait)
        const now = this.clock.now_ms()
        const smp = this.sample
        smp.clear(this.t_ms())
        smp.input = this.pendingInput
        this.pendingInput = ""
        for (const s of this.slots) if (s.due_ms <= now) await this.service(s, now)
        if (smp.hasImu || smp.hasLoad || smp.input !== "") this.feed(smp)
    }

    private async service(s: Slot, now: number) {
        if (!s.ok) {
            await this.tryInit(s)
            return
        }
        // whole periods a late tick missed are skipped, not caught up
        s.due_ms += (Math.floor((now - s.due_ms) / s.period_ms) + 1) * s.period_ms
        try {
            await s.driver.read(this.sample)
        } catch (e) {
            s.ok = false
            this.failed(s, errorText(e))
            return
        }
        // a good read ends the episode (a chip that sets up but reads nonsense has not come back)
        if (s.lastError !== "") this.notice(s.driver.sensor + " answering again: " + s.driver.describe())
        s.lastError = ""
        s.toldGame = -1
        s.retry_ms = 0
    }

    private async tryInit(s: Slot) {
        try {
            await s.driver.init()
            s.ok = true
            s.due_ms = this.clock.now_ms()
        } catch (e) {
            s.ok = false
            this.failed(s, errorText(e))
        }
    }

    /**
     * the next retry, the back-off doubling until a good read; the episode's first error goes to the referee (its
     * fault event; a new game's referee is told at the next retry); a changed error is a notice (retries repeat theirs)
     */
    private failed(s: Slot, msg: string) {
        s.retry_ms = s.retry_ms ? Math.min(2 * s.retry_ms, this.opts.retry_max_ms) : this.opts.retry_first_ms
        s.due_ms = this.clock.now_ms() + s.retry_ms
        const ref = this.referee
        if (ref && s.toldGame !== this.games) {
            s.toldGame = this.games
            for (const ev of ref.sensorFault(this.t_ms(), s.driver.sensor, msg)) this.emit(ev)
        } else if (msg !== s.lastError) this.notice(s.driver.sensor + ": " + msg)
        s.lastError = msg
    }

    private feed(smp: Sample) {
        for (const k of this.sinks) k.onRow(smp)
        if (this.hold) return
        const evs = this.referee.update(smp)
        for (const ev of evs) this.emit(ev)
    }

    private emit(ev: RefEvent) {
        for (const k of this.sinks) k.onEvent(ev)
    }
}

/** the error's text, cut to ERROR_CHARS: the fault line's other fields take about 60 of its 150 characters */
export const ERROR_CHARS = 80

function errorText(e: any): string {
    const m = e && e.message ? "" + e.message : "" + e
    return m.length > ERROR_CHARS ? m.slice(0, ERROR_CHARS) : m
}
