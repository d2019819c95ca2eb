// Firmware entry for the Adafruit QT Py ESP32-C3 (boards/librium_qtpy_c3.board.json):
// IMU + NAU7802 on STEMMA QT, 8-LED WS2812 strip on A0, buzzer A1, start A2, mode A3.
import { pins, board } from "@dsboard/librium_qtpy_c3"
import { runFirmware } from "../src/main"
import { deviceRig } from "../src/hw/devicerig"
import { stripOn } from "../src/hw/strip"

await runFirmware(await deviceRig("qtpy-c3", stripOn(pins.LEDSTRIP_A0), board.startBuzzer(), board.startButtonStart(), board.startButtonMode(), { leds: 8, leds_per_seat: 1 }))
