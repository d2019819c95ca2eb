/**
 * A `Rig` on real hardware from a board's started services: the built-in
 * I2C bus, the device clock, flash settings, the LED strip and buzzer
 * adapters, the buttons and the USB telemetry.
 */
import * as ds from "@devicescript/core"
import { i2c } from "@devicescript/i2c"
import { GameConfig } from "../core/referee/types"
import { LedLayout } from "../core/outputs"
import { LoadSensor, Rig } from "../main"
import { I2C } from "./bus"
import { Clock, DeviceClock } from "./clock"
import { ImuDriver } from "./imu"
import { NAU_DEFAULTS, Nau7802Driver } from "./nau7802"
import { SensorDriver } from "./sensor"
import { FlashStore } from "./store"
import { BuzzerTunes, StripLeds } from "./outputs"
import { PressQueue, attachButton } from "./buttons"
import { Telemetry } from "./telemetry"

export const FIRMWARE_VERSION = "0.1.0"

/** the sensors on an I2C bus: the IMU found by probing, the NAU7802 at 0x2A (calibration set at boot) */
export function i2cSensors(bus: I2C, clock: Clock): { imu: SensorDriver; load: LoadSensor } {
    const delay = async (ms: number) => {
        await clock.sleep(ms)
    }
    return { imu: new ImuDriver(bus, delay), load: new Nau7802Driver(bus, delay, { offset_counts: 0, counts_per_kg: 1 }, NAU_DEFAULTS) }
}

export function deviceRig(board: string, led: ds.Led, buzzer: ds.Buzzer, start: ds.Button, mode: ds.Button, layout: LedLayout): Rig {
    const clock = new DeviceClock()
    const presses = new PressQueue()
    attachButton(start, "start", presses, clock)
    attachButton(mode, "mode", presses, clock)
    const sensors = i2cSensors(i2c, clock)
    return {
        imu: sensors.imu,
        load: sensors.load,
        clock: clock,
        store: new FlashStore(),
        leds: new StripLeds(led),
        tunes: new BuzzerTunes(buzzer),
        presses: presses,
        telemetry: (cfg: GameConfig) => {
            const t = new Telemetry(cfg, { firmware: FIRMWARE_VERSION, board: board })
            t.start()
            return t
        },
        notice: (msg: string) => console.log("# " + msg),
        layout: layout,
    }
}
