import { describe, expect, test } from "@devicescript/test"
import { Sample } from "../../src/core/sample"
import { MAX_LINE_CHARS } from "../../src/core/trace"
import { Telemetry, TELEMETRY_DEFAULTS } from "../../src/hw/telemetry"
import { ERROR_CHARS } from "../../src/hw/sampler"

/** a telemetry sink sending every row, printing into `lines` */
function fullTelemetry(cfg: any, queue_lines: number, lines: string[]): Telemetry {
    const settings = { mode: "full", decimate: 1, queue_lines: queue_lines, hello_every_ms: 100000, print_every_ms: 20 }
    return new Telemetry(cfg, { firmware: "0.1.0", board: "vm" }, settings as any, (l: string) => {
        lines.push(l)
    })
}

describe("telemetry sink (VM)", () => {
    test("hello, header, numbered rows and events come out in order", () => {
        const lines: string[] = []
        const tel = fullTelemetry({ players: 3, difficulty: "medium", cards: 30, first_player: 1, touch_penalty: "out" }, 16, lines)
        const s = new Sample()
        s.clear(12)
        s.setLoad(101.5)
        tel.onRow(s)
        tel.onEvent({ t_ms: 12, type: "turn", player: 1 })
        expect(tel.drain(100)).toBe(4)
        expect(lines[0]).toBe("# {\"format\":\"librium-trace\",\"version\":1,\"players\":3,\"difficulty\":\"medium\",\"cards\":30,\"source\":\"rig\",\"firmware\":\"0.1.0\",\"board\":\"vm\"}")
        expect(lines[1]).toBe("t_ms,ax_g,ay_g,az_g,gx_dps,gy_dps,gz_dps,load_g,input,seq")
        expect(lines[2]).toBe("12,,,,,,,101.5,,1")
        expect(lines[3]).toBe("{\"t_ms\":12,\"type\":\"turn\",\"player\":1}")
        for (let i = 0; i < lines.length; i++) expect(lines[i].length < MAX_LINE_CHARS).toBe(true)
    })
    test("an event before the first row (a sensor fault at boot) comes after the metadata line and header; its message kept whole", () => {
        const lines: string[] = []
        const tel = fullTelemetry({ players: 3, difficulty: "medium", cards: 30, first_player: 1, touch_penalty: "out" }, 16, lines)
        let msg = ""
        while (msg.length < ERROR_CHARS) msg += "imu: WHO_AM_I 0x71 is no MPU-6050/6500 (check the board) "
        msg = msg.slice(0, ERROR_CHARS)
        tel.onEvent({ t_ms: 3.25, type: "fault", sensor: "load", message: msg })
        const s = new Sample()
        s.clear(12)
        tel.onRow(s)
        tel.drain(100)
        expect(lines[0].indexOf("# {\"format\":\"librium-trace\"") === 0).toBe(true)
        expect(lines[1].indexOf("t_ms,") === 0).toBe(true)
        expect(lines[2].indexOf(msg) > 0).toBe(true)
        expect(lines[2].length < MAX_LINE_CHARS).toBe(true)
        expect(lines.length).toBe(4)
    })
    test("a new game from the menu: the new metadata line and header at once, rows numbered from 1 again", () => {
        const lines: string[] = []
        const tel = fullTelemetry({ players: 3, difficulty: "medium", cards: 30, first_player: 1, touch_penalty: "out" }, 16, lines)
        const s = new Sample()
        for (let t = 0; t < 3; t++) {
            s.clear(t)
            tel.onRow(s)
        }
        tel.newGame({ players: 5, difficulty: "lunacy", cards: 40, first_player: 1, touch_penalty: "warn" } as any)
        s.clear(3)
        tel.onRow(s)
        tel.drain(100)
        // three rows of the old game, then the new metadata (its line may be split in two), the header, row 1
        const n = lines.length
        expect(lines[4]).toBe("2,,,,,,,,,3")
        expect(lines[5].indexOf("\"players\":5,\"difficulty\":\"lunacy\",\"cards\":40") > 0).toBe(true)
        expect(lines[n - 2].indexOf("t_ms,") === 0).toBe(true)
        expect(lines[n - 1]).toBe("3,,,,,,,,,1")
    })
    test("a full queue drops rows but keeps their seq, and keeps room for events", () => {
        const lines: string[] = []
        const tel = fullTelemetry({ players: 2, difficulty: "easy", cards: 30, first_player: 1, touch_penalty: "out" }, 8, lines)
        const s = new Sample()
        for (let i = 0; i < 10; i++) {
            s.clear(i)
            tel.onRow(s)
        }
        tel.onEvent({ t_ms: 9, type: "collapse", player: 2 })
        // hello + header + 4 rows fill the row limit (6 of 8); 6 rows dropped
        expect(tel.queue.droppedRows).toBe(6)
        tel.drain(100)
        expect(lines.length).toBe(7)
        expect(lines[5]).toBe("3,,,,,,,,,4")
        expect(lines[6]).toBe("{\"t_ms\":9,\"type\":\"collapse\",\"player\":2}")
        expect(tel.seq).toBe(10)
        expect(TELEMETRY_DEFAULTS.queue_lines >= 8).toBe(true)
    })
})
