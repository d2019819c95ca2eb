/**
 * `npm start`'s simulated rig: the firmware's own path (src/main.ts Firmware:
 * sampler -> Referee -> outputs -> telemetry, settings, menu) in the
 * DeviceScript VM, fed by the rig simulator (src/sim) instead of I2C chips,
 * on a virtual clock. The game director runs on the host (its plan comes in
 * as data, src/sim/plan.ts): its code would not fit beside the firmware.
 *
 * Why not the chip emulators under the real drivers, as the VM tests do: the
 * VM refuses a program whose function code reaches 64 KB, and firmware +
 * simulator + drivers + emulators passed that. The drivers are tested on
 * their own (test/vm/hw, test/vm/faults); here two small sensor drivers hand
 * the simulator's readings to the sampler, the load through the same integer
 * calibration a NAU7802 reading goes through.
 *
 * Prints what the device would: telemetry lines (hello, header, rows, events),
 * `leds ...` and `tune ...` from the console output adapters, `# ...` notices;
 * at the end START-END, then exits (the host has the truth from the plan).
 */
import * as ds from "@devicescript/core"
import { Firmware, LoadSensor, Rig, realReferee } from "../../src/main"
import { Difficulty } from "../../src/core/referee/types"
import { Sample } from "../../src/core/sample"
import { VirtualClock } from "../../src/hw/clock"
import { PressQueue } from "../../src/hw/buttons"
import { MemoryStore } from "../../src/hw/store"
import { ConsoleLeds, ConsoleTunes } from "../../src/hw/outputs"
import { KEY_CAL, KEY_CFG } from "../../src/hw/persist"
import { FIRMWARE_VERSION } from "../../src/hw/version"
import { Telemetry, TelemetrySettings } from "../../src/hw/telemetry"
import { CaseSpec, RigSim } from "../../src/sim/rigsim"
import { replayPlan } from "../../src/sim/plan"
import { SensorDriver } from "../../src/hw/sensor"
import { LoadCal, gramsFromCounts } from "../../src/hw/loadcal"

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

/** the simulator's IMU, read by the sampler: each read hands over the latest simulated reading once */
class SimImu implements SensorDriver {
    readonly sensor = "imu"
    private v = [0, 0, 1, 0, 0, 0]
    private fresh = false
    describe(): string {
        return "simulated IMU"
    }
    async init() {}
    set(s: Sample) {
        this.v = [s.ax_g, s.ay_g, s.az_g, s.gx_dps, s.gy_dps, s.gz_dps]
        this.fresh = true
    }
    async read(s: Sample): Promise<boolean> {
        if (!this.fresh) return false
        const v = this.v
        s.setImu(v[0], v[1], v[2], v[3], v[4], v[5])
        this.fresh = false
        return true
    }
}

/** the simulator's load cell as ADC counts (its drawn scale), turned into grams by the firmware's calibration */
class SimLoad implements LoadSensor {
    readonly sensor = "load"
    lastCounts = 0
    cal: LoadCal = { offset_counts: 0, counts_per_kg: 1 }
    private fresh = false
    private counts_per_g: number
    constructor(counts_per_g: number) {
        this.counts_per_g = counts_per_g
    }
    describe(): string {
        return "simulated load cell"
    }
    async init() {}
    set(load_g: number) {
        this.lastCounts = Math.round(load_g * this.counts_per_g)
        this.fresh = true
    }
    async read(s: Sample): Promise<boolean> {
        if (!this.fresh) return false
        s.setLoad(gramsFromCounts(this.lastCounts, this.cal))
        this.fresh = false
        return true
    }
}

/**
 * Plays the case `spec` as the recorded `plan` has it (both made on the host, see devs/start.ts, its sensors set to
 * the firmware's chips and rates there: devs/lib/vm-entries.ts sampledByFirmware;
 * drawing cases and running the game director in the VM would cost function code
 * the firmware needs). `probe`, if given, runs once the game time reaches `probe_ms` (the heap
 * probe, test/start/heap-probe.ts: it never returns).
 */
export async function runSimulatedGame(o: StartOptions, spec: CaseSpec, plan: string, probe?: () => Promise<void>, probe_ms?: number) {
    const sim = new RigSim(spec, replayPlan(plan))
    const imu = new SimImu()
    const load = new SimLoad(Math.round(spec.params.load.counts_per_g))
    const clock = new VirtualClock()
    const store = new MemoryStore()
    // the game the simulated players play, and a load cell calibrated to the emulator's scale
    await store.set(KEY_CFG, JSON.stringify(spec.config))
    await store.set(KEY_CAL, JSON.stringify({ offset_counts: 0, counts_per_kg: Math.round(spec.params.load.counts_per_g) * 1000 }))
    let tel: Telemetry = null
    const settings: TelemetrySettings = { mode: o.rows, decimate: 4, queue_lines: 256, hello_every_ms: 60000, print_every_ms: 0 }
    const presses = new PressQueue()
    const rig: Rig = {
        imu: imu,
        load: load,
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
    const fw = await Firmware.boot(rig, realReferee)
    const s = new Sample()
    let more = sim.next(s)
    let rows = 0
    const real0_ms = ds.millis()
    const virt0_ms = clock.now_ms()
    // each time the clock moves on, hand the drivers every simulated row up to then (sample and hold): a read finds
    // what the chip had made by the moment the sampler woke for it (handed over only up to the time before the sleep,
    // a read due 2.5 ms after the one before found nothing new)
    clock.advanced = async () => {
        const t_ms = fw.sampler.t_ms()
        while (more && s.t_ms <= t_ms) {
            if (s.hasImu) imu.set(s)
            if (s.hasLoad) load.set(s.load_g)
            if (s.input === "start") {
                presses.down("start", t_ms)
                presses.up("start", t_ms)
            }
            more = sim.next(s)
            // the VM's loop guard allows little work between awaits
            if (++rows % 4 === 0) await ds.sleep(0)
        }
    }
    while (more) {
        await fw.step()
        if (probe && fw.sampler.t_ms() >= probe_ms) await probe()
        // the printer drains after every step: the virtual clock outruns a printer fiber
        tel.drain(settings.queue_lines)
        // pace to `speed`; else yield anyway (the VM's loop guard counts jumps between awaits)
        const ahead_ms = o.speed > 0 ? (clock.now_ms() - virt0_ms) / o.speed - (ds.millis() - real0_ms) : 0
        await ds.sleep(ahead_ms > 5 ? ahead_ms : 0)
    }
    console.log("# dropped rows " + tel.queue.droppedRows + ", game time " + Math.round(fw.sampler.t_ms() / 1000) + " s")
    console.log("START-END")
}
