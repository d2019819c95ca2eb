// What a real board prints over USB, with the faults a real link has, built
// from the firmware's own formatting (src/core/telemetry-format.ts) so the
// test follows the format. Returns the lines in two parts (before and after a
// cable pull) and what a correct logger must make of them.
import { Rng } from "../../../src/core/rand.ts"
import { Sample } from "../../../src/core/sample.ts"
import { helloLines, telemetryEvent, telemetryHeader, telemetryRow } from "../../../src/core/telemetry-format.ts"
import { GameConfig } from "../../../src/core/referee/types.ts"

export interface FakeOutput {
    before: string[]
    after: string[]
    /** rows that must end up in the trace, in order */
    rows: string[]
    /** event lines that must end up in the events file, in order */
    events: string[]
    hello: string[]
    header: string
    lost: number
    cut: number
    garbage: number
}

export const FAKE_CONFIG: GameConfig = { players: 3, difficulty: "medium", cards: 30, first_player: 1, touch_penalty: "out" }

const GARBAGE = ["ESP-ROM:esp32c3-api1-20210207", "rst:0x15 (USB_UART_CHIP_RESET),boot:0x8 (SPI_FAST_FLASH_BOOT)", "\u0000\u00ff\u00fe\u0001", "12,ab,,,,,,,,7"]

export function fakeDevice(seed: number, rowsBefore: number, rowsAfter: number): FakeOutput {
    const rng = new Rng(seed)
    const s = new Sample()
    const hello = helloLines(FAKE_CONFIG, "0.1.0", "fake")
    const header = telemetryHeader()
    const o: FakeOutput = { before: [...hello, header], after: [], rows: [], events: [], hello, header, lost: 0, cut: 0, garbage: 0 }
    let seq = 0
    let t_ms = 0
    let out = o.before
    const row = () => {
        t_ms += 10 + Math.floor(rng.range(0, 3))
        s.clear(t_ms)
        s.setImu(rng.gauss() * 0.003, rng.gauss() * 0.003, 1 + rng.gauss() * 0.003, rng.gauss() * 0.1, rng.gauss() * 0.1, rng.gauss() * 0.1) // a rig at rest
        if (seq % 3 === 0) s.setLoad(250 + rng.gauss() * 0.5)
        return telemetryRow(s, ++seq)
    }
    const emit = (n: number, lateHello: boolean) => {
        for (let i = 0; i < n; i++) {
            const r = row()
            // the first and last rows arrive whole: a gap is only seen between two rows
            const roll = seq > 1 && i < n - 1 ? rng.next() : 1
            if (roll < 0.02) {
                o.lost++ // never printed: the link was busy
            } else if (roll < 0.04) {
                out.push(r.slice(0, Math.floor(r.length / 2))) // cut at the tail
                o.cut++
            } else if (roll < 0.05) {
                out.push(GARBAGE[o.garbage % GARBAGE.length])
                o.garbage++
                out.push(r)
                o.rows.push(r)
            } else {
                out.push(r)
                o.rows.push(r)
            }
            if (i % 40 === 39) {
                const ev = telemetryEvent({ t_ms, type: "placed", player: 1 + (i % 3), cards: 1 + i / 40, delta_g: rng.gauss() * 5 })
                if (rng.next() < 0.2) {
                    out.push(ev.slice(0, 20)) // an event cut at the tail
                    o.cut++
                } else {
                    out.push(ev)
                    o.events.push(ev)
                }
            }
            // the firmware repeats hello and header now and then: not a new file
            if (lateHello && i === Math.floor(n / 2)) out.push(...hello, header)
        }
    }
    emit(rowsBefore, true)
    // the cable is pulled: the device keeps sampling, these rows are never seen
    const unplugged = 25
    for (let i = 0; i < unplugged; i++) row()
    o.lost += unplugged
    out = o.after
    emit(rowsAfter, false)
    return o
}
