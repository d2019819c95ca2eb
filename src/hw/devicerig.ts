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
import { i2cSensors } from "./i2c-sensors"
import { KvStore } from "./store"
import { BuzzerTunes, FlashStore, StripLeds, StripSend, attachButton } from "./device-io"
import { PressQueue } from "./buttons"
import { Telemetry, TELEMETRY_DEFAULTS, TelemetrySettings } from "./telemetry"
import { parseRowRate } from "../core/telemetry-format"
import { FIRMWARE_VERSION } from "./version"

/** the settings key of the telemetry row rate: "events", "decimated", "decimated:N" or "full" (e.g. lib_tel=full in .env.local before deploying) */
export const KEY_TEL = "lib_tel"

/** the telemetry settings with the row rate the user chose in the settings store (defaults when unset or unreadable) */
export async function telemetrySettings(store: KvStore): Promise<TelemetrySettings> {
    const text = await store.get(KEY_TEL)
    const rate = text ? parseRowRate(text) : null
    if (text && !rate) console.log("# settings '" + KEY_TEL + "' = '" + text + "' is not events, decimated[:N] or full: using decimated")
    if (!rate) return TELEMETRY_DEFAULTS
    return { mode: rate.mode, decimate: rate.decimate, queue_lines: TELEMETRY_DEFAULTS.queue_lines, hello_every_ms: TELEMETRY_DEFAULTS.hello_every_ms, print_every_ms: TELEMETRY_DEFAULTS.print_every_ms }
}

export async function deviceRig(board: string, strip: StripSend, buzzer: ds.Buzzer, start: ds.Button, mode: ds.Button, layout: LedLayout): Promise<Rig> {
    const store = new FlashStore()
    const tel = await telemetrySettings(store)
    const clock = new DeviceClock()
    const presses = new PressQueue()
    attachButton(start, "start", presses, clock)
    attachButton(mode, "mode", presses, clock)
    const sensors = i2cSensors(i2c, clock)
    return {
        imu: sensors.imu,
        load: sensors.load,
        clock: clock,
        store: store,
        leds: new StripLeds(strip),
        tunes: new BuzzerTunes(buzzer),
        presses: presses,
        telemetry: (cfg: GameConfig) => {
            const t = new Telemetry(cfg, { firmware: FIRMWARE_VERSION, board: board }, tel)
            t.start()
            return t
        },
        notice: (msg: string) => console.log("# " + msg),
        layout: layout,
    }
}
