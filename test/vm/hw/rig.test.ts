// The firmware on emulated chips, with a scripted referee: the sampler surviving a
// sensor that vanishes and comes back, settings, a new game from the menu, turn
// boundaries saved. A reset mid-game resuming from the settings store runs the
// real referee: resume.test.ts, in its own VM group.
import { describe, expect, test } from "@devicescript/test"
import { GameConfig, defaultGameConfig } from "../../../src/core/referee/types"
import { MemoryStore } from "../../../src/hw/store"
import { Firmware } from "../../../src/main"
import { GameSaver, KEY_GAME } from "../../../src/hw/persist"
import { simRig } from "../fakes/simrig"
import { ScriptedReferee } from "../fakes/referee"

const scripted = (cfg: GameConfig) => new ScriptedReferee(cfg)

describe("firmware on the simulated rig", () => {
    test("an IMU that vanishes mid-game: one fault, back-off re-init, recovery, the load keeps sampling, the game goes on", async () => {
        const sim = simRig()
        const fw = await Firmware.boot(sim.rig, scripted)
        const ref = fw.referee as ScriptedReferee
        fw.sampler.input("start") // the round starts with the button
        for (let i = 0; i < 30; i++) await fw.step()
        const before = fw.referee.view()
        expect(before.turn).toBe(1)
        const imuBefore = ref.imuSamples
        sim.imu.present = false
        const loadRowsBefore = sim.telemetry.loadRows
        for (let i = 0; i < 120; i++) await fw.step() // about 1.5 s of virtual time
        expect(fw.sampler.faults().join(",")).toBe("imu")
        expect(sim.telemetry.loadRows - loadRowsBefore > 80).toBe(true)
        sim.imu.present = true
        for (let i = 0; i < 200; i++) await fw.step()
        expect(fw.sampler.faults().length).toBe(0)
        const faults = sim.telemetry.events.filter(e => e.type === "fault")
        // the failed read is the referee's one fault event of the outage (the recovery event is the real referee's,
        // when data comes back: the fault table); the failed re-init's new error and the recovery are notices
        expect(faults.length).toBe(1)
        expect(faults[0]["sensor"]).toBe("imu")
        expect(faults[0]["message"]).toBe("NACK at 0x6A")
        expect(sim.notices.join("|")).toBe(
            "imu: no IMU answered at 0x6A/0x6B/0x68/0x69: check SDA/SCL and 3V3|imu answering again: LSM6DSOX at 0x6A"
        )
        expect(sim.tunes.played.indexOf("fault") >= 0).toBe(true)
        const after = fw.referee.view()
        expect(after.turn).toBe(before.turn)
        expect(after.cards).toBe(before.cards)
        // the same referee object kept counting: nothing was reset, sampling resumed
        expect(imuBefore > 10).toBe(true)
        expect(ref.imuSamples > imuBefore + 50).toBe(true)
    })

    test("a new game during an outage is told of the fault at the sensor's next retry: one fault event a game", async () => {
        const sim = simRig()
        const fw = await Firmware.boot(sim.rig, scripted)
        sim.imu.present = false
        for (let i = 0; i < 60; i++) await fw.step()
        const next = new ScriptedReferee(defaultGameConfig())
        fw.sampler.setReferee(next)
        for (let i = 0; i < 250; i++) await fw.step() // past the next back-off retry (at most 1 s away)
        const faults = sim.telemetry.events.filter(e => e.type === "fault")
        expect(faults.length).toBe(2)
        expect(faults[1]["message"]).toBe("no IMU answered at 0x6A/0x6B/0x68/0x69: check SDA/SCL and 3V3")
        expect(next.faultsTold).toBe(1)
    })

    test("with both sensors down the firmware still steps every frame: the LEDs blink, the buttons are read", async () => {
        const sim = simRig()
        sim.imu.present = false
        sim.load.present = false
        const fw = await Firmware.boot(sim.rig, scripted)
        const t0 = sim.clock.t_ms
        const frames0 = sim.leds.frames
        for (let i = 0; i < 50; i++) await fw.step()
        // each step waits at most a frame (40 ms), not until the next retry (up to 4 s)
        expect(sim.clock.t_ms - t0 <= 50 * 40).toBe(true)
        expect(sim.leds.frames - frames0 >= 20).toBe(true)
        expect(fw.sampler.faults().join(",")).toBe("imu,load")
    })

    test("corrupt settings fall back to defaults with a message; a full store does not stop the game", async () => {
        const store = new MemoryStore()
        store.data["lib_cfg"] = "{\"players\":12"
        store.data["lib_game"] = "garbage"
        store.data["lib_cal"] = "{\"offset_counts\":1,\"counts_per_kg\":0}"
        store.full = true
        const sim = simRig(store)
        const fw = await Firmware.boot(sim.rig, scripted)
        expect((fw.referee as ScriptedReferee).cfg.players).toBe(defaultGameConfig().players)
        expect(sim.notices.length).toBe(3)
        expect(sim.notices[0].indexOf("settings 'lib_cal' unreadable") === 0).toBe(true)
        expect(sim.notices[2].indexOf("saved game unreadable") === 0).toBe(true)
        fw.sampler.input("start")
        for (let i = 0; i < 5; i++) await fw.step()
        expect(sim.notices[3]).toBe("could not save 'lib_game': settings store full")
        expect(fw.referee.view().turn).toBe(1)
    })
})

describe("a new game from the menu", () => {
    test("lets the old game's referee go before it builds the new one (two at once need room for both)", async () => {
        const sim = simRig()
        let fw: Firmware = null
        const held: string[] = []
        // at each new referee after boot: does the firmware, its sampler or its saver still hold the old one?
        const factory = (cfg: GameConfig) => {
            if (fw) held.push([fw.referee !== null, (fw.sampler as any).referee !== null, (fw as any).saver.ref !== null].join(","))
            return new ScriptedReferee(cfg)
        }
        fw = await Firmware.boot(sim.rig, factory)
        const first = fw.referee
        sim.rig.presses.down("mode", 0)
        sim.rig.presses.up("mode", 100)
        await fw.step()
        // players 3 -> 4 (closed with nothing changed, the menu starts no new game)
        sim.rig.presses.down("start", 150)
        sim.rig.presses.up("start", 180)
        await fw.step()
        sim.rig.presses.down("mode", 200)
        sim.rig.presses.up("mode", 2000)
        await fw.step()
        expect(held.join("|")).toBe("false,false,false")
        expect(fw.referee !== first && fw.referee !== null).toBe(true)
        // the log starts a new trace with the new configuration
        expect(sim.telemetry.newGames).toBe(1)
        expect(sim.telemetry.lastGame.players).toBe(4)
        await fw.step()
        expect(fw.referee.view().turn >= 0).toBe(true)
    })
})

describe("turn boundaries are saved", () => {
    test("each turn writes the snapshot once; a reset resumes that turn", async () => {
        const sim = simRig()
        const fw = await Firmware.boot(sim.rig, scripted)
        fw.sampler.input("start")
        await fw.step()
        sim.rig.presses.down("start", 0)
        sim.rig.presses.up("start", 100) // a short press during a round: "next"
        await fw.step()
        await fw.step()
        expect((await sim.store.get("lib_game")) !== undefined).toBe(true)
        expect((sim.store as MemoryStore).writes).toBe(2)
        const fw2 = await Firmware.boot(simRig(sim.store).rig, scripted)
        expect(fw2.referee.view().turn).toBe(2)
    })
    test("a knock-out and a warning are saved too (no turn follows them); the winner forgets the game", async () => {
        const store = new MemoryStore()
        let n = 0
        const ref = new ScriptedReferee(defaultGameConfig())
        ref.snapshot = () => "{\"n\":" + ++n + "}"
        const saver = new GameSaver(store, ref)
        const kinds = ["collapse", "out", "placed", "warning", "turn"]
        const saved: string[] = []
        for (let i = 0; i < kinds.length; i++) {
            saver.onEvent({ t_ms: i, type: kinds[i], player: 1 })
            await saver.flush()
            saved.push("" + (await store.get(KEY_GAME)))
        }
        expect(saved.join(" ")).toBe("undefined {\"n\":1} {\"n\":1} {\"n\":2} {\"n\":3}")
        saver.onEvent({ t_ms: 9, type: "out", player: 2 })
        saver.onEvent({ t_ms: 9, type: "winner", player: 1 })
        await saver.flush()
        expect(await store.get(KEY_GAME)).toBe(undefined)
    })
})
