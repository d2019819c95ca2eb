/**
 * Thin adapters that execute the pure effects of src/core/outputs.ts: a
 * WS2812 strip through DeviceScript's LED server, a buzzer through its buzzer
 * server, and a console rendering for the simulated rig.
 */
import * as ds from "@devicescript/core"
import "@devicescript/runtime"
import { LedExtras, LedLayout, Tune, ledFrame, tuneFor } from "../core/outputs"
import { GameView, RefEvent } from "../core/referee/types"
import { Sample } from "../core/sample"
import { SamplerSink } from "./sampler"

export interface LedSink {
    show(frame: number[]): Promise<void>
}

export interface TuneSink {
    play(tune: Tune): Promise<void>
}

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

/** the strip as a line of coloured blocks (24-bit ANSI), printed when it changes */
export class ConsoleLeds implements LedSink {
    private last = ""
    async show(frame: number[]) {
        const parts: string[] = []
        for (const c of frame) parts.push("\u001b[38;2;" + ((c >> 16) & 255) + ";" + ((c >> 8) & 255) + ";" + (c & 255) + "m\u2588")
        const line = parts.join("") + "\u001b[0m"
        if (line !== this.last) console.log("leds " + line)
        this.last = line
    }
}

export class ConsoleTunes implements TuneSink {
    async play(tune: Tune) {
        console.log("tune " + tune.name)
    }
}

/**
 * The sampler sink that drives the lights and the buzzer: collects the tunes
 * events ask for (played from the main loop, never inside the sampler) and
 * renders a frame every `frame_ms`.
 */
export class Outputs implements SamplerSink {
    librium_ms = -1
    private tunes: Tune[] = []
    private leds: LedSink
    private buzzer: TuneSink
    private layout: LedLayout
    private next_frame_ms = 0
    private frame_ms: number

    constructor(leds: LedSink, buzzer: TuneSink, layout: LedLayout, frame_ms: number) {
        this.leds = leds
        this.buzzer = buzzer
        this.layout = layout
        this.frame_ms = frame_ms
    }

    onRow(s: Sample) {}

    onEvent(ev: RefEvent) {
        if (ev.type === "librium") this.librium_ms = ev.t_ms
        const t = tuneFor(ev)
        if (t && this.tunes.length < 4) this.tunes.push(t)
    }

    /** plays queued tunes and shows a frame when one is due */
    async render(view: GameView, t_ms: number, extras: LedExtras) {
        while (this.tunes.length) await this.buzzer.play(this.tunes.shift())
        if (t_ms < this.next_frame_ms) return
        this.next_frame_ms = t_ms + this.frame_ms
        extras.librium_ms = this.librium_ms
        await this.leds.show(ledFrame(view, t_ms, this.layout, extras))
    }
}
