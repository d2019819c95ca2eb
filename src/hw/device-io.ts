/**
 * The device's own adapters: the WS2812B strip, the buzzer, the buttons and
 * the settings in flash. Only the device's rig (devicerig.ts) uses them; they
 * live apart from outputs.ts, buttons.ts and store.ts so that the simulated
 * rig's image (`npm start`), which has console adapters and a store in
 * memory, does not carry what they import: the buzzer's
 * `@devicescript/runtime` brings that package's and `@devicescript/spi`'s
 * module set-up (416 bytes of function code), and `@devicescript/settings`
 * a settings role and with it the Jacdac role machinery.
 */
import * as ds from "@devicescript/core"
import "@devicescript/runtime"
import { deleteSetting, readSetting, writeSetting } from "@devicescript/settings"
import { Tune } from "../core/outputs"
import { LedSink, TuneSink } from "./outputs"
import { PressQueue } from "./buttons"
import { Clock } from "./clock"
import { KvStore, checkEntry } from "./store"

/** sends one strip's bytes (a WS2812B's: 3 per LED, green, red, blue) */
export type StripSend = (data: Buffer) => Promise<void>

/**
 * A WS2812B strip driven straight from the frame: each 0xRRGGBB colour goes out as its green, red and blue
 * bytes. (DeviceScript's LED server, with its client, pixel buffer and Jacdac plumbing, would cost about
 * 4 KB of the firmware's 64 KB of function code to do the same.)
 */
export class StripLeds implements LedSink {
    private send: StripSend
    constructor(send: StripSend) {
        this.send = send
    }
    async show(frame: number[]) {
        const buf = Buffer.alloc(3 * frame.length)
        for (let i = 0; i < frame.length; i++) {
            buf[3 * i] = (frame[i] >> 8) & 255
            buf[3 * i + 1] = (frame[i] >> 16) & 255
            buf[3 * i + 2] = frame[i] & 255
        }
        await this.send(buf)
    }
}

/** plays on its own fiber so a tune never holds up sampling; a tune asked for while one plays is dropped */
export class BuzzerTunes implements TuneSink {
    private buzzer: ds.Buzzer
    private busy = false
    constructor(buzzer: ds.Buzzer) {
        this.buzzer = buzzer
    }
    async play(tune: Tune) {
        if (this.busy) return
        this.busy = true
        const self = this
        setTimeout(async () => {
            for (let i = 0; i + 1 < tune.notes.length; i += 2) {
                // playNote sends the buzzer a command and returns at once (the next command would cut the note
                // short): the fiber waits each note out, as it waits a rest
                if (tune.notes[i] > 0) await self.buzzer.playNote(tune.notes[i], 0.5, tune.notes[i + 1])
                await ds.sleep(tune.notes[i + 1])
            }
            self.busy = false
        }, 0)
    }
}

/** feeds a DeviceScript button client into `q` under `name` */
export function attachButton(btn: ds.Button, name: string, q: PressQueue, clock: Clock) {
    btn.down.subscribe(() => q.down(name, clock.now_ms()))
    btn.up.subscribe(() => q.up(name, clock.now_ms()))
}

/** the settings in flash (DeviceScript's settings service): keys and values as KvStore checks them */
export class FlashStore implements KvStore {
    async get(key: string): Promise<string> {
        const v = await readSetting<string>(key, undefined)
        return typeof v === "string" ? v : undefined
    }
    async set(key: string, value: string) {
        checkEntry(key, value)
        await writeSetting(key, value)
    }
    async delete(key: string) {
        await deleteSetting(key)
    }
}
