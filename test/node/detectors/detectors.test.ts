// Detector units on crafted signals: the synthetic rig (test/parity/synth-rig.ts) with known actions,
// plus hand-fed samples for faults. Each test names the behaviour and checks the exact calls.
import { test } from "node:test"
import assert from "node:assert/strict"
import { SynthAction, SynthRig } from "../../parity/synth-rig.ts"
import { Referee } from "../../../src/core/referee/referee.ts"
import { DEFAULTS, OFF, settingsFor, withOverrides } from "../../../src/core/config.ts"
import { FaultDetector, FAULT_DEFAULTS } from "../../../src/core/referee/detectors/faults.ts"
import { GameConfig, Obs, RefEvent } from "../../../src/core/referee/types.ts"
import { Sample } from "../../../src/core/sample.ts"

const GAME: GameConfig = { players: 3, difficulty: "easy", cards: 30, first_player: 1, touch_penalty: "warn" }

/** runs the synthetic rig through a Referee with the untuned DEFAULTS (crafted signals, not the simulator) */
function run(actions: SynthAction[], until_ms: number, card_g = 6): RefEvent[] {
    const rig = new SynthRig(4, card_g, actions)
    const ref = new Referee(GAME, DEFAULTS)
    const out: RefEvent[] = []
    while (rig.sample.t_ms < until_ms) if (rig.step()) for (const e of ref.update(rig.sample)) out.push({ ...e })
    return out
}
const calls = (evs: RefEvent[]) =>
    evs.filter(e => e.type !== "turn" && e.type !== "phase").map(e => (e.recovered ? "recovered" : e.type) + (e.cards !== undefined ? ":" + e.cards : ""))
const places = (n: number, t0: number, gap: number): SynthAction[] => Array.from({ length: n }, (_, i) => ({ kind: "place" as const, t_ms: t0 + i * gap }))

test("the round starts once the rig is still and steady at power-up; the tare is the empty load", () => {
    const evs = run([], 4000)
    assert.deepEqual(calls(evs), ["round_start"])
    assert.ok(evs[0].t_ms >= 1000 && evs[0].t_ms <= 2500, `round_start at ${evs[0].t_ms}`)
    assert.ok(Math.abs((evs[0].zero_g as number) - 1234) < 0.1)
})

test("five placements are five placed calls with one card each, 1.5 s (+-0.2 s) after the weight is on (the turn passes then)", () => {
    const evs = run(places(5, 3000, 4000), 24000)
    assert.deepEqual(calls(evs), ["round_start", "placed:1", "placed:2", "placed:3", "placed:4", "placed:5"])
    const placed = evs.filter(e => e.type === "placed")
    placed.forEach((e, i) => {
        const on = 3000 + i * 4000 + 600 // the synthetic hand lets go 600 ms after it starts
        assert.ok(Math.abs(e.t_ms - on - 1500) <= 200, `placement ${i + 1} called ${e.t_ms - on} ms after the weight was on`)
        assert.ok(Math.abs((e.delta_g as number) - 6) < 0.5, `delta_g ${e.delta_g}`)
        assert.equal(e.detector, "load_step")
    })
})

test("the slotting pressure of fingers (1.5 cards extra for a moment) is not an extra card", () => {
    const evs = run(places(3, 3000, 2500), 14000)
    assert.equal(evs.filter(e => e.type === "placed").length, 3)
})

test("the last card falling is one card_fell, not a collapse; the same player places again", () => {
    const evs = run([...places(3, 3000, 4000), { kind: "fall", t_ms: 16000 }, { kind: "place", t_ms: 19000 }], 24000)
    assert.deepEqual(calls(evs), ["round_start", "placed:1", "placed:2", "placed:3", "card_fell", "placed:3"])
    const fell = evs.find(e => e.type === "card_fell")
    const replaced = evs.filter(e => e.type === "placed")[3]
    assert.equal(replaced.player, fell.player)
})

test("a collapse of 4 cards is called within 300 ms of the cards coming off, on the load drop", () => {
    const evs = run([...places(5, 3000, 4000), { kind: "collapse", t_ms: 25000, size: 4 }], 28000)
    const c = evs.find(e => e.type === "collapse")
    assert.ok(c, "no collapse call: " + calls(evs).join(" "))
    assert.ok(c.t_ms - 25000 >= 0 && c.t_ms - 25000 < 300, `latency ${c.t_ms - 25000} ms`)
    assert.equal(c.detector, "load_drop")
    assert.ok((c.delta_cards as number) < -1.5)
})

test("a table bump (short broadband jolt, no lasting load change) calls nothing", () => {
    const evs = run([...places(2, 3000, 4000), { kind: "bump", t_ms: 13000 }], 18000)
    assert.deepEqual(calls(evs), ["round_start", "placed:1", "placed:2"])
})

test("a hand pressing 30 g on the structure is a touch, on the push it gives the rod (the evidence names it)", () => {
    const evs = run([...places(2, 3000, 4000), { kind: "touch", t_ms: 13000, size: 30 }], 16000)
    const w = evs.find(e => e.type === "warning")
    assert.ok(w, "no touch call: " + calls(evs).join(" "))
    assert.equal(w.detector, "swing_push")
    assert.ok((w.push_dpss as number) > DEFAULTS.touch.swing_push_dpss, `push ${w.push_dpss} dps/s`)
    assert.ok(w.t_ms >= 13000 && w.t_ms < 13700)
})

test("a hand pressing 30 g on the structure with the push cues off is a touch on the load excursion", () => {
    const rig = new SynthRig(4, 6, [...places(2, 3000, 4000), { kind: "touch", t_ms: 13000, size: 30 }])
    const settings = withOverrides(DEFAULTS, { "touch.swing_push_dpss": OFF, "touch.spin_push_dpss": OFF, "touch.struck_push_dpss": OFF, "touch.struck_spin_dpss": OFF })
    const ref = new Referee(GAME, settings)
    const evs: RefEvent[] = []
    while (rig.sample.t_ms < 16000) if (rig.step()) for (const e of ref.update(rig.sample)) evs.push({ ...e })
    const w = evs.find(e => e.type === "warning")
    assert.ok(w, "no touch call: " + calls(evs).join(" "))
    assert.equal(w.detector, "load_excursion")
})

test("faults: IMU silent while load arrives, load stuck; each cleared when good data returns", () => {
    const f = new FaultDetector(FAULT_DEFAULTS)
    const obs: Obs[] = []
    let t = 0
    const smp = new Sample()
    const feed = (t_ms: number, imu: boolean, load: number) => {
        smp.clear(t_ms)
        if (imu) smp.setImu(0, 0, 1, 0, 0, 0)
        if (load === load) smp.setLoad(load)
        f.update(smp, obs)
    }
    const step = (imu: boolean, load: number) => {
        feed(t, imu, load)
        t += 10
    }
    for (let i = 0; i < 100; i++) step(true, 100 + (i % 3) * 0.01)
    assert.equal(obs.length, 0)
    for (let i = 0; i < 60; i++) step(false, 100 + (i % 3) * 0.01)
    assert.deepEqual(obs.map(o => o.kind + ":" + o.sensor), ["fault:imu"])
    assert.match(obs[0].message, /no IMU data for 4\d\d ms/)
    step(true, 100)
    assert.deepEqual(obs.map(o => o.kind + ":" + o.sensor), ["fault:imu", "fault_clear:imu"])
    for (let i = 0; i < 250; i++) step(true, 100)
    assert.equal(obs[2].kind + ":" + obs[2].sensor, "fault:load")
    assert.match(obs[2].message, /load stuck at 100 g/)
    step(true, 100.01)
    assert.equal(obs[3].kind + ":" + obs[3].sensor, "fault_clear:load")
    feed(t + 10, true, 5e6)
    assert.match(obs[4].message, /out of range/)
})

test("a silent IMU makes a fault event and no foul; placements still count on the load; its data back ends the episode", () => {
    const evs = run([...places(3, 3000, 4000), { kind: "imu_silent", t_ms: 8000, size: 6000 }], 18000)
    assert.deepEqual(calls(evs), ["round_start", "placed:1", "fault", "placed:2", "placed:3", "recovered"])
    assert.deepEqual(evs.filter(e => e.type === "fault").map(e => e.sensor), ["imu", "imu"])
    const back = evs.find(e => e.recovered)
    assert.ok(back.t_ms >= 14000 && back.t_ms < 14100, "recovered at the first IMU row after the gap: " + back.t_ms)
})

test("a load cell frozen on a far value (a bit error repeated) makes a fault event and no foul; placements count again once it answers", () => {
    // the synthetic cell freezes at 1500 g, ~250 g over the level: past the spike gate, so without the repeat check
    // the gate would follow it after four readings (a 250 g rise: a touch) before the fault detector calls it stuck
    const evs = run([...places(3, 3000, 5000), { kind: "load_stuck", t_ms: 8500, size: 3000 }], 20000)
    assert.deepEqual(calls(evs), ["round_start", "placed:1", "fault", "recovered", "placed:2", "placed:3"])
    assert.equal(evs.find(e => e.type === "fault").sensor, "load")
})

test("every event line stays under 150 characters (t_ms up to 3.4 hours)", async () => {
    const { formatEvent } = await import("../../../src/core/trace.ts")
    const evs = run([...places(5, 3000, 4000), { kind: "touch", t_ms: 23500, size: 300 }, { kind: "collapse", t_ms: 30000, size: 4 }], 33000)
    for (const e of evs) assert.ok(formatEvent({ ...e, t_ms: 12345678.123 }).length < 150, formatEvent(e))
})

test("a Referee's overrides apply on every level's settings: its own, and a level it switches to (the tilt phase)", () => {
    const ref: any = new Referee(GAME, undefined, { "collapse.fast_hold_ms": 123 })
    assert.equal(ref.settings.collapse.fast_hold_ms, 123)
    assert.equal(ref.levelSettings("hard").collapse.fast_hold_ms, 123)
    assert.equal(ref.levelSettings("hard").collapse.drop_cards, settingsFor("hard").collapse.drop_cards, "the rest is the level's")
    const plain: any = new Referee(GAME)
    assert.equal(plain.levelSettings("hard").collapse.fast_hold_ms, settingsFor("hard").collapse.fast_hold_ms)
    assert.notEqual(settingsFor("hard").collapse.fast_hold_ms, 123)
})

test("after a load fault the load's steadiness window starts afresh: the readings before the call (a stuck cell's, 1500 g) are no steady level once the data is back; the first one is the live level (20000-178: the hanger took the stale one as its base)", () => {
    const rig = new SynthRig(4, 6, [...places(2, 3000, 4000), { kind: "load_stuck", t_ms: 12000, size: 3000 }])
    const ref = new Referee(GAME, DEFAULTS)
    let back = NaN
    let steadyAtBack = true
    let firstMean = NaN
    while (rig.sample.t_ms < 20000) {
        if (!rig.step()) continue
        for (const e of ref.update(rig.sample)) {
            if (e.recovered && e.sensor === "load") {
                back = e.t_ms
                steadyAtBack = ref.sig.load.isSteady()
            }
        }
        if (back === back && firstMean !== firstMean && ref.sig.load.isSteady()) firstMean = ref.sig.load.steadyMean_g()
    }
    assert.ok(back >= 15000 && back < 15100, `recovered at ${back}`)
    assert.equal(steadyAtBack, false, "steady on the stuck readings as the data came back")
    // the live level: the tare (1234 g) and two cards of 6 g
    assert.ok(Math.abs(firstMean - 1246) < 0.5, `first steady mean back ${firstMean}`)
})
