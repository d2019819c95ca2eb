/**
 * A `Rig` on real hardware from a board's started services: the built-in
 * I2C bus, the device clock, flash settings, the LED strip and buzzer
 * adapters, the buttons and the USB telemetry.
 */
import * as ds from "@devicescript/core"
import { i2c } from "@devicescript/i2c"
import { GameConfig } from "../core/referee/types"
import { LedLayout } from "../core/outputs"
import { Rig } from "../main"
import { DeviceClock } from "./clock"
import { FlashStore } from "./store"
import { BuzzerTunes, StripLeds } from "./outputs"
import { PressQueue, attachButton } from "./buttons"
import { Telemetry } from "./telemetry"

export const FIRMWARE_VERSION = "0.1.0"

export function deviceRig(board: string, led: ds.Led, buzzer: ds.Buzzer, start: ds.Button, mode: ds.Button, layout: LedLayout): Rig {
    const clock = new DeviceClock()
    const presses = new PressQueue()
    attachButton(start, "start", presses, clock)
    attachButton(mode, "mode", presses, clock)
    return {
        i2c: i2c,
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
