/**
 * Thin adapters that execute the pure effects of src/core/outputs.ts: the
 * sinks' interfaces, a console rendering for the simulated rig, and the
 * sampler sink that drives them. The device's strip and buzzer are in
 * device-io.ts (the simulated rig's image does not carry them).
 */
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
