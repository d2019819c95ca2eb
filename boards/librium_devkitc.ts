// Firmware entry for the ESP32-DevKitC (boards/librium_devkitc.board.json):
// I2C on GPIO21/22, 16-LED WS2812 strip on GPIO13 (2 per seat), buzzer GPIO25, start GPIO32, mode GPIO33.
import * as ds from "@devicescript/core"
import { pins, board } from "@dsboard/librium_devkitc"
import { ledStripSend } from "@devicescript/drivers"
import { runFirmware } from "../src/main"
import { deviceRig } from "../src/hw/devicerig"

// the strip is sent straight from the frame (src/hw/outputs.ts StripLeds); the simulator has no strip to send to
const strip = async (data: ds.Buffer) => {
    if (!ds.isSimulator()) await ledStripSend(pins.LEDSTRIP_P13, data)
}
await runFirmware(await deviceRig("devkitc", strip, board.startBuzzer(), board.startButtonStart(), board.startButtonMode(), { leds: 16, leds_per_seat: 2 }))
