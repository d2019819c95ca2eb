// The firmware on emulated chips with the real referee: a reset mid-game resumes
// the game from the settings store. Its own VM group (main-resume.ts): the real
// referee with the firmware is most of the VM's 64 KB of function code.
import { describe, expect, test } from "@devicescript/test"
import { Rules } from "../../../src/core/referee/rules"
import { defaultGameConfig } from "../../../src/core/referee/types"
import { MemoryStore } from "../../../src/hw/store"
import { Firmware, realReferee } from "../../../src/main"
import { simRig } from "../fakes/simrig"

describe("firmware on the simulated rig, real referee", () => {
    test("a reset mid-game resumes the same seat and card count from the settings store", async () => {
        const cfg = defaultGameConfig()
        const rules = new Rules(cfg)
        const evs: any[] = []
        rules.handle({ kind: "input", t_ms: 0, which: "start" }, evs)
        for (let i = 1; i <= 4; i++) rules.handle({ kind: "card_on", t_ms: 2000 * i }, evs)
        const want = rules.view()
        expect(want.cards).toBe(4)
        const store = new MemoryStore()
        await store.set("lib_game", rules.snapshot())
        const fw1 = await Firmware.boot(simRig(store).rig, realReferee)
        expect(fw1.referee.view().cards).toBe(4)
        // power cut: a new firmware on the same flash
        const sim2 = simRig(store)
        const fw2 = await Firmware.boot(sim2.rig, realReferee)
        const got = fw2.referee.view()
        expect(got.turn).toBe(want.turn)
        expect(got.cards).toBe(4)
        expect(sim2.notices.join("|")).toBe("resumed the saved game")
    })
})
