/**
 * The simulated rig: chip emulators on an emulated I2C bus under the real
 * drivers, sampler and referee, on a virtual clock (faster than real time).
 * Tests use it with recording outputs; `npm start` can pass console outputs
 * and drive the emulators (imu.setAccel/setGyro, load.setMass) from the
 * simulator.
 */
import { Tune } from "../../../src/core/outputs"
import { GameConfig, RefEvent } from "../../../src/core/referee/types"
import { Sample } from "../../../src/core/sample"
import { Rig } from "../../../src/main"
import { i2cSensors } from "../../../src/hw/i2c-sensors"
import { VirtualClock } from "../../../src/hw/clock"
import { PressQueue } from "../../../src/hw/buttons"
import { KvStore, MemoryStore } from "../../../src/hw/store"
import { LedSink, TuneSink } from "../../../src/hw/outputs"
import { SamplerSink } from "../../../src/hw/sampler"
import { EmuBus, Lsm6Emu, Nau7802Emu } from "./chips"

export class RecordingLeds implements LedSink {
    frames = 0
    last: number[] = []
    async show(frame: number[]) {
        this.frames++
        this.last = frame
    }
}

export class RecordingTunes implements TuneSink {
    played: string[] = []
    async play(t: Tune) {
        this.played.push(t.name)
    }
}

export class RecordingSink implements SamplerSink {
    rows = 0
    loadRows = 0
    imuRows = 0
    events: RefEvent[] = []
    onRow(s: Sample) {
        this.rows++
        if (s.hasLoad) this.loadRows++
        if (s.hasImu) this.imuRows++
    }
    onEvent(ev: RefEvent) {
        const copy: RefEvent = { t_ms: ev.t_ms, type: ev.type }
        for (const k of Object.keys(ev)) copy[k] = ev[k]
        this.events.push(copy)
    }
    /** how many new games the menu started, and the last one's configuration (a count, not a list: the soak plays hundreds) */
    newGames = 0
    lastGame: GameConfig = null
    newGame(cfg: GameConfig) {
        this.newGames++
        this.lastGame = cfg
    }
    types(): string {
        return this.events.map(e => e.type + (e["sensor"] ? ":" + e["sensor"] : "") + (e["recovered"] ? "+" : "")).join(",")
    }
}

export interface SimRig {
    rig: Rig
    bus: EmuBus
    imu: Lsm6Emu
    load: Nau7802Emu
    clock: VirtualClock
    store: KvStore
    leds: RecordingLeds
    tunes: RecordingTunes
    telemetry: RecordingSink
    notices: string[]
}

/** an LSM6DSOX at 0x6A and a NAU7802 at 0x2A with the rig at rest, upright */
export function simRig(store?: KvStore): SimRig {
    const bus = new EmuBus()
    const imu = bus.add(new Lsm6Emu(0x6a, 0x6c))
    const load = bus.add(new Nau7802Emu())
    const clock = new VirtualClock()
    const leds = new RecordingLeds()
    const tunes = new RecordingTunes()
    const telemetry = new RecordingSink()
    const notices: string[] = []
    const st = store ? store : new MemoryStore()
    const sensors = i2cSensors(bus, clock)
    const rig: Rig = {
        imu: sensors.imu,
        load: sensors.load,
        clock: clock,
        store: st,
        leds: leds,
        tunes: tunes,
        presses: new PressQueue(),
        telemetry: (cfg: GameConfig) => telemetry,
        notice: (m: string) => {
            notices.push(m)
        },
        layout: { leds: 8, leds_per_seat: 1 },
    }
    return { rig: rig, bus: bus, imu: imu, load: load, clock: clock, store: st, leds: leds, tunes: tunes, telemetry: telemetry, notices: notices }
}
