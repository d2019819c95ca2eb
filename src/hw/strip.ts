/**
 * A WS2812B strip's data pin as the firmware's StripSend (src/hw/device-io.ts). Its own module, imported by the
 * board entries only: @devicescript/drivers brings module set-up (timers, pins) that the simulated-rig images
 * (npm start, the VM tests), which import src/hw/devicerig.ts, have no room for.
 */
import * as ds from "@devicescript/core"
import { ledStripSend } from "@devicescript/drivers"
import { StripSend } from "./device-io"

/** DeviceScript's ledStripSend on `pin` (the simulator has no strip to send to) */
export function stripOn(pin: ds.OutputPin): StripSend {
    return async (data: ds.Buffer) => {
        if (!ds.isSimulator()) await ledStripSend(pin, data)
    }
}
