import { describe, expect, test } from "@devicescript/test"
import { fmtNum } from "../../src/core/num"
import { formatEvent, formatRow, MAX_LINE_CHARS } from "../../src/core/trace"
import { Sample } from "../../src/core/sample"

describe("trace formatting (VM)", () => {
    test("fmtNum keeps digits the VM would drop", () => {
        expect(fmtNum(1234567.891, 2)).toBe("1234567.89")
        expect(fmtNum(-0.0004, 3)).toBe("0")
        expect(fmtNum(12.5, 1)).toBe("12.5")
        expect(fmtNum(-3.25, 2)).toBe("-3.25")
    })
    test("an event line keeps key order and fits the log link", () => {
        const line = formatEvent({ t_ms: 1234.5, type: "placed", player: 2, cards: 7 })
        expect(line).toBe("{\"t_ms\":1234.5,\"type\":\"placed\",\"player\":2,\"cards\":7}")
        expect(line.length < MAX_LINE_CHARS).toBe(true)
    })
    test("a full row with extreme values fits the log link", () => {
        const s = new Sample()
        s.clear(86400000)
        s.setImu(-15.9999, -15.9999, -15.9999, -1999.999, -1999.999, -1999.999)
        s.setLoad(-99999.99)
        s.input = "start"
        const r = formatRow(s, 0)
        expect(r.length < MAX_LINE_CHARS).toBe(true)
    })
})
