import { describe, expect, test } from "@devicescript/test"
import { Rules } from "../../src/core/referee/rules"
import { brief, feed, game, obs, placements } from "../parity/rules-script"

describe("rules (VM)", () => {
    test("a collapse 2 s after a placement puts the placer out", () => {
        const r = new Rules(game(3, "easy", 30, "out"))
        feed(r, [obs("rest_at_tare", 0)])
        feed(r, placements(1000, 2))
        const ev = feed(r, [obs("collapse", 8000, { delta_g: 12.5 })])
        expect(ev.map(brief).join("|")).toBe("collapse p=2 delta_g=12.5|out p=2 reason=collapse delta_g=12.5")
    })
    test("a touch on warn gives a warning and the turn does not pass", () => {
        const r = new Rules(game(3, "easy", 30, "warn"))
        feed(r, [obs("rest_at_tare", 0)])
        feed(r, placements(1000, 1))
        expect(feed(r, [obs("touch", 4000)]).map(brief).join("|")).toBe("warning p=2 count=1")
        expect(r.context().seat).toBe(2)
    })
    test("snapshot/restore resumes the same game", () => {
        const cfg = game(4, "medium", 30, "warn")
        const r = new Rules(cfg)
        feed(r, [obs("rest_at_tare", 0), obs("touch", 10), obs("collapse", 900)])
        feed(r, [obs("rest_at_tare", 2000)])
        feed(r, placements(3000, 3))
        const snap = r.snapshot()
        const back = Rules.restore(cfg, snap)
        expect(back.snapshot()).toBe(snap)
        const tail = [obs("card_off", 20000), obs("card_on", 21000), obs("collapse", 22000)]
        expect(feed(back, tail).map(brief).join("|")).toBe(feed(r, tail).map(brief).join("|"))
    })
    test("a corrupt snapshot is refused", () => {
        let msg = ""
        try {
            Rules.restore(game(3, "easy", 30, "out"), "{\"v\":1,\"ph\":\"build\"")
        } catch (e) {
            msg = (e as Error).message
        }
        expect(msg.indexOf("corrupt rules snapshot") === 0).toBe(true)
    })
})
