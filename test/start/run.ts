/**
 * `npm start`'s simulated rig: the firmware's own path (src/main.ts Firmware:
 * drivers -> sampler -> Referee -> outputs -> telemetry) in the DeviceScript
 * VM, with the I2C chips replaced by emulators (test/vm/fakes/chips.ts) that
 * the rig simulator (src/sim) drives, on a virtual clock.
 *
 * Prints what the device would: telemetry lines (hello, header, rows, events),
 * `leds ...` and `tune ...` from the console output adapters, `# ...` notices;
 * at the end the simulator's truth as `truth {...}` lines, then exits.
 */
import * as ds from "@devicescript/core"
import { Firmware, Rig } from "../../src/main"
import { Difficulty } from "../../src/core/referee/types"
import { Sample } from "../../src/core/sample"
import { VirtualClock } from "../../src/hw/clock"
import { PressQueue } from "../../src/hw/buttons"
import { MemoryStore } from "../../src/hw/store"
import { ConsoleLeds, ConsoleTunes } from "../../src/hw/outputs"
import { KEY_CAL, KEY_CFG } from "../../src/hw/persist"
import { FIRMWARE_VERSION } from "../../src/hw/devicerig"
import { Telemetry, TelemetrySettings } from "../../src/hw/telemetry"
import { makeCase } from "../../src/sim/cases"
import { CaseSpec, RigSim } from "../../src/sim/rigsim"
import { NAU_DEFAULTS } from "../../src/hw/nau7802"
import { EmuBus, Lsm6Emu, Nau7802Emu } from "../vm/fakes/chips"

export interface StartOptions {
    players: number
    level: Difficulty
    seed: number
    /** multiples of real time; 0 runs as fast as the VM goes */
    speed: number
    /** rows in the trace: every sample ("full") or fewer ("decimated") */
    rows: "full" | "decimated"
}

export const START_DEFAULTS: StartOptions = { players: 3, level: "easy", seed: 1, speed: 0, rows: "full" }

/** the truth fields the start command and its test read (a whole event can pass the VM's 150-character line limit) */
const TRUTH_KEYS = ["t_ms", "kind", "player", "reason", "cards", "t_start_ms", "t_end_ms", "force_class", "sensor", "phase"]

function printTruth(kind: string, o: any) {
    let v: any = o
    if (o !== null && typeof o === "object") {
        v = {}
        for (const k of TRUTH_KEYS) if (o[k] !== undefined) v[k] = o[k]
    }
    console.log("truth " + JSON.stringify({ kind: kind, v: v }))
}

/** the LSM6 output data rate nearest the firmware's 100 Hz IMU reads */
const LSM6_ODR_HZ = 104

/**
 * The simulated sensors become the chips the firmware drives: an LSM6DSOX at
 * its ODR and a NAU7802 at the driver's rate (the drawn noise densities stay;
 * per-sample noise follows the rate), so the emulators' sample-and-hold passes
 * each simulated reading about once, as the real chips would.
 */
function asFirmwareChips(spec: CaseSpec) {
    const imu = spec.params.imu
    imu.part = "LSM6DSOX"
    imu.odr_hz = LSM6_ODR_HZ
    const load = spec.params.load
    load.noise_g = load.noise_g * Math.sqrt(NAU_DEFAULTS.rate_sps / load.rate_sps)
    load.part = "NAU7802"
    load.rate_sps = NAU_DEFAULTS.rate_sps
    load.spike_prob = 0
}

export async function runSimulatedGame(o: StartOptions) {
    const spec = makeCase(o.seed, "multi_round", { quick: true, players: o.players, difficulty: o.level })
    asFirmwareChips(spec)
    const sim = new RigSim(spec)
    const bus = new EmuBus()
    const imu = bus.add(new Lsm6Emu(0x6a, 0x6c))
    const load = bus.add(new Nau7802Emu())
    // the emulated ADC's scale is the simulated cell's (its 24 bits then span the drawn zero and the cards)
    load.counts_per_g = Math.round(spec.params.load.counts_per_g)
    const clock = new VirtualClock()
    const store = new MemoryStore()
    // the game the simulated players play, and a load cell calibrated to the emulator's scale
    await store.set(KEY_CFG, JSON.stringify(spec.config))
    await store.set(KEY_CAL, JSON.stringify({ offset_counts: load.zero_counts, counts_per_kg: load.counts_per_g * 1000 }))
    let tel: Telemetry = null
    const settings: TelemetrySettings = { mode: o.rows, decimate: 4, queue_lines: 256, hello_every_ms: 60000, print_every_ms: 0 }
    const presses = new PressQueue()
    const rig: Rig = {
        i2c: bus,
        clock: clock,
        store: store,
        leds: new ConsoleLeds(),
        tunes: new ConsoleTunes(),
        presses: presses,
        telemetry: cfg => {
            tel = new Telemetry(cfg, { firmware: FIRMWARE_VERSION, board: "simulated-rig" }, settings)
            return tel
        },
        notice: (m: string) => console.log("# " + m),
        layout: { leds: 8, leds_per_seat: 1 },
    }
    const fw = await Firmware.boot(rig)
    const s = new Sample()
    let more = sim.next(s)
    let rows = 0
    const real0_ms = ds.millis()
    const virt0_ms = clock.now_ms()
    while (more) {
        const t_ms = fw.sampler.t_ms()
        // hand the emulators every simulated row up to now (sample and hold)
        while (more && s.t_ms <= t_ms) {
            if (s.hasImu) {
                imu.setAccel(s.ax_g, s.ay_g, s.az_g)
                imu.setGyro(s.gx_dps, s.gy_dps, s.gz_dps)
            }
            if (s.hasLoad) load.setMass(s.load_g)
            if (s.input === "start") {
                presses.down("start", t_ms)
                presses.up("start", t_ms)
            }
            more = sim.next(s)
            // the VM's loop guard allows little work between awaits
            if (++rows % 4 === 0) await ds.sleep(0)
        }
        await fw.step()
        // the printer drains after every step: the virtual clock outruns a printer fiber
        tel.drain(settings.queue_lines)
        // pace to `speed`; else yield anyway (the VM's loop guard counts jumps between awaits)
        const ahead_ms = o.speed > 0 ? (clock.now_ms() - virt0_ms) / o.speed - (ds.millis() - real0_ms) : 0
        await ds.sleep(ahead_ms > 5 ? ahead_ms : 0)
    }
    const truth = sim.truth()
    for (const e of truth.events) printTruth("event", e)
    for (const out of truth.outcome.outs) printTruth("out", out)
    printTruth("winner", truth.outcome.winner)
    console.log("# dropped rows " + tel.queue.droppedRows + ", game time " + Math.round(fw.sampler.t_ms() / 1000) + " s")
    console.log("START-END")
}
