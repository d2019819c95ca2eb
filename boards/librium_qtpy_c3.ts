// Firmware entry for the Adafruit QT Py ESP32-C3 (boards/librium_qtpy_c3.board.json):
// IMU + NAU7802 on STEMMA QT, 8-LED WS2812 strip on A0, buzzer A1, start A2, mode A3.
import * as ds from "@devicescript/core"
import { pins, board } from "@dsboard/librium_qtpy_c3"
import { ledStripSend } from "@devicescript/drivers"
import { runFirmware } from "../src/main"
import { deviceRig } from "../src/hw/devicerig"

// the strip is sent straight from the frame (src/hw/outputs.ts StripLeds); the simulator has no strip to send to
const strip = async (data: ds.Buffer) => {
    if (!ds.isSimulator()) await ledStripSend(pins.LEDSTRIP_A0, data)
}
await runFirmware(await deviceRig("qtpy-c3", strip, board.startBuzzer(), board.startButtonStart(), board.startButtonMode(), { leds: 8, leds_per_seat: 1 }))
