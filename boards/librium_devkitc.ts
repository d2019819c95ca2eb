// Firmware entry for the ESP32-DevKitC (boards/librium_devkitc.board.json):
// I2C on GPIO21/22, 16-LED WS2812 strip on GPIO13 (2 per seat), buzzer GPIO25, start GPIO32, mode GPIO33.
import { pins, board } from "@dsboard/librium_devkitc"
import { runFirmware } from "../src/main"
import { deviceRig } from "../src/hw/devicerig"
import { stripOn } from "../src/hw/strip"

await runFirmware(await deviceRig("devkitc", stripOn(pins.LEDSTRIP_P13), board.startBuzzer(), board.startButtonStart(), board.startButtonMode(), { leds: 16, leds_per_seat: 2 }))
