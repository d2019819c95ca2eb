/**
 * The composition root: board -> bus -> drivers -> sampler -> referee -> outputs.
 * A board entry (boards/*.ts) builds a `Rig` from its pins (`deviceRig`: the
 * I2C bus and the drivers on it, src/hw/devicerig.ts) and calls `runFirmware`;
 * tests build one from chip emulators on a fake bus (`i2cSensors`), and
 * `npm start` from the rig simulator, and step a `Firmware` themselves.
 */
import { Referee } from "./core/referee/referee"
import { GameConfig } from "./core/referee/types"
import { Menu, MenuAction } from "./core/menu"
import { LedLayout } from "./core/outputs"
import { Clock } from "./hw/clock"
import { SensorDriver } from "./hw/sensor"
import { LoadCal, calibrate } from "./hw/loadcal"
import { RefereeLike, Sampler } from "./hw/sampler"
import { KvStore } from "./hw/store"
import { GameSaver, KEY_CAL, KEY_CFG, KEY_GAME, loadStored, resumeGame, trySave } from "./hw/persist"
import { LedSink, Outputs, TuneSink } from "./hw/outputs"
import { PressQueue } from "./hw/buttons"
import { TelemetrySink } from "./hw/telemetry"
import { IMU_PERIOD_MS, LOAD_PERIOD_MS } from "./hw/read-periods"

/** the load cell's driver: a sensor whose raw counts and calibration the menu can use */
export interface LoadSensor extends SensorDriver {
    /** the last raw reading, ADC counts */
    lastCounts: number
    cal: LoadCal
}

/** everything board-specific, already started */
export interface Rig {
    /** the IMU's driver (on a board: found by probing the I2C bus) */
    imu: SensorDriver
    /** the load cell's driver; its calibration is set from the settings at boot */
    load: LoadSensor
    clock: Clock
    store: KvStore
    leds: LedSink
    tunes: TuneSink
    presses: PressQueue
    /** telemetry for a game configuration: rows and events (src/hw/telemetry.ts prints them) */
    telemetry: (cfg: GameConfig) => TelemetrySink
    /** notes for a person: settings fallbacks, calibration results */
    notice: (msg: string) => void
    layout: LedLayout
}

export const FIRMWARE_DEFAULTS = {
    imu_period_ms: IMU_PERIOD_MS,
    load_period_ms: LOAD_PERIOD_MS,
    frame_ms: 40,
    /** the known mass of the calibration routine */
    cal_mass_g: 100,
}

/** the referee a configuration plays with (tests may pass a scripted one) */
export type RefereeFactory = (cfg: GameConfig) => RefereeLike

export class Firmware {
    referee: RefereeLike
    readonly sampler: Sampler
    readonly load: LoadSensor
    private rig: Rig
    private menu: Menu
    private saver: GameSaver
    private telemetry: TelemetrySink
    private outputs: Outputs
    private cal_empty_counts = 0
    private makeReferee: RefereeFactory

    /** the firmware, the sampler and the saver all hold the game's referee (null: none, between two games) */
    private useReferee(r: RefereeLike) {
        this.referee = r
        this.sampler.setReferee(r)
        this.saver.setReferee(r)
    }

    private constructor(rig: Rig, cfg: GameConfig, cal: LoadCal, makeReferee: RefereeFactory, opts = FIRMWARE_DEFAULTS) {
        this.rig = rig
        this.makeReferee = makeReferee
        this.referee = makeReferee(cfg)
        this.menu = new Menu(cfg)
        this.sampler = new Sampler(rig.clock, this.referee, rig.notice)
        this.load = rig.load
        this.load.cal = cal
        this.sampler.addSensor(rig.imu, opts.imu_period_ms)
        this.sampler.addSensor(this.load, opts.load_period_ms)
        this.saver = new GameSaver(rig.store, this.referee)
        this.outputs = new Outputs(rig.leds, rig.tunes, rig.layout, opts.frame_ms)
        this.telemetry = rig.telemetry(cfg)
        this.sampler.addSink(this.telemetry)
        this.sampler.addSink(this.outputs)
        this.sampler.addSink(this.saver)
    }

    /** reads the settings, resumes a saved game, sets up the sensors */
    static async boot(rig: Rig, makeReferee: RefereeFactory): Promise<Firmware> {
        const st = await loadStored(rig.store)
        const fw = new Firmware(rig, st.cfg, st.cal, makeReferee)
        if (resumeGame(fw.referee, st.game, st.warnings)) rig.notice("resumed the saved game")
        for (const w of st.warnings) rig.notice(w)
        await fw.sampler.start()
        return fw
    }

    /** one sampler tick, then buttons, saving and outputs */
    async step() {
        await this.sampler.tick()
        const p = this.rig.presses.take()
        if (p) {
            const v = this.referee.view()
            await this.handle(this.menu.press(p, v.turn > 0, v.winner > 0))
            // while the menu is open nobody plays: a hand or the calibration mass on the rig is not judged
            this.sampler.hold = this.menu.item >= 0
        }
        const err = await this.saver.flush()
        if (err) this.rig.notice(err)
        const view = this.referee.view()
        const faults = this.sampler.faults()
        await this.outputs.render(view, this.sampler.t_ms(), { fault: faults.length > 0 || view.faults.length > 0, librium_ms: -1, prompt: this.menu.prompt() })
    }

    private async handle(a: MenuAction) {
        if (a.kind === "input") this.sampler.input(a.word)
        if (a.kind === "cal_empty") this.cal_empty_counts = this.loadCounts()
        if (a.kind === "cal_mass") {
            try {
                await this.saveCal(calibrate(this.cal_empty_counts, this.loadCounts(), FIRMWARE_DEFAULTS.cal_mass_g))
                // the scale changed under the game (its tare and card mass are in the old grams): a new game
                await this.newGame(this.menu.cfg)
            } catch (e) {
                this.rig.notice("calibration failed: " + (e as Error).message)
            }
        }
        if (a.kind === "config") await this.newGame(a.cfg)
    }

    /** the load cell's last raw reading, NaN while it is in fault (a stale one would calibrate nonsense) */
    private loadCounts(): number {
        return this.sampler.faults().indexOf("load") >= 0 ? NaN : this.load.lastCounts
    }

    private async newGame(cfg: GameConfig) {
        // the old game's referee is let go before the new one is built: holding both needs room for two on a
        // heap that game after game has broken into pieces (the long soak ran out of memory allocating the next
        // game's referee)
        this.useReferee(null)
        this.useReferee(this.makeReferee(cfg))
        this.telemetry.newGame(cfg)
        const err = await trySave(this.rig.store, KEY_CFG, JSON.stringify(cfg))
        if (err) this.rig.notice(err)
        await this.rig.store.delete(KEY_GAME)
    }

    private async saveCal(cal: LoadCal) {
        this.load.cal = cal
        const err = await trySave(this.rig.store, KEY_CAL, JSON.stringify(cal))
        this.rig.notice(err ? err : "load cell calibrated: " + cal.offset_counts + " counts + " + cal.counts_per_kg + " counts/kg")
    }
}

/**
 * the referee the firmware runs (boot's factory): a function, so a program that boots the firmware with a fake
 * referee (the VM suites) leaves the referee's code out of its image (the VM's 64 KB of function code)
 */
export function realReferee(cfg: GameConfig): RefereeLike {
    return new Referee(cfg)
}

export async function runFirmware(rig: Rig) {
    const fw = await Firmware.boot(rig, realReferee)
    while (true) await fw.step()
}
