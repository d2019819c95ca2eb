// Firmware entry for the ESP32-DevKitC (boards/librium_devkitc.board.json):
// I2C on GPIO21/22, 16-LED WS2812 strip on GPIO13 (2 per seat), buzzer GPIO25, start GPIO32, mode GPIO33.
import * as ds from "@devicescript/core"
import { pins, board } from "@dsboard/librium_devkitc"
import { startLed } from "@devicescript/drivers"
import { runFirmware } from "../src/main"
import { deviceRig } from "../src/hw/devicerig"

const led = await startLed({ length: 16, hwConfig: { type: ds.LedStripLightType.WS2812B_GRB, pin: pins.LEDSTRIP_P13 } })
await runFirmware(await deviceRig("devkitc", led, board.startBuzzer(), board.startButtonStart(), board.startButtonMode(), { leds: 16, leds_per_seat: 2 }))
