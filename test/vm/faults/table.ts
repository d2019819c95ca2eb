/**
 * The fault table: one row per fault, each played on the simulated rig (chip
 * emulators under the real drivers, sampler, referee and outputs on a
 * virtual clock). Every row starts the same game (tare, one card placed),
 * injects its fault mid-turn, holds it, clears it, then checks the promises:
 * the firmware kept running, a `fault` event with a message (or, for the
 * settings store, a notice) came out, no foul was called on the bad data,
 * the fault cleared, the game state is the one before the fault, and the
 * next card still counts. Reset rows reboot a second firmware on the same
 * flash at a point of the turn and check the state it resumes.
 */
import * as ds from "@devicescript/core"
import { RefereeLike } from "../../../src/hw/sampler"
import { MemoryStore } from "../../../src/hw/store"
import { Sample } from "../../../src/core/sample"
import { RefEvent } from "../../../src/core/referee/types"
import { Firmware, realReferee } from "../../../src/main"
import { RegFault } from "../fakes/chips"
import { SimRig, simRig } from "../fakes/simrig"

/** the empty rig's hanging mass and one card, g */
const RIG_G = 300
const CARD_G = 6.5
/** data registers: LSM6DSOX OUTX_L_G..OUTZ_H_A, NAU7802 ADCO_B2..B0 */
const IMU_DATA = [0x22, 0x2d]
const LOAD_DATA = [0x12, 0x14]
/** events that are calls against a player or the count: none may come from bad data */
const CALLS = ["placed", "removed", "card_fell", "collapse", "touch", "warning", "out", "winner"]

export interface Game {
    sim: SimRig
    fw: Firmware
    cards: number
}

export interface FaultRow {
    name: string
    /** "imu" or "load" */
    sensor: string
    /** how long the fault lasts, ms (one sensor period: the next read fails) */
    hold_ms: number
    inject: (g: Game) => void
    clear: (g: Game) => void
}

export interface RowResult {
    name: string
    ok: boolean
    /** the first fault event's (or notice's) message */
    message: string
    /** what went wrong, "" when ok */
    why: string
    before: string
    after: string
}

function regs(g: Game, imu: boolean, mode: RegFault) {
    const chip = imu ? g.sim.imu : g.sim.load
    const r = imu ? IMU_DATA : LOAD_DATA
    for (let k = r[0]; k <= r[1]; k++) chip.failReg(k, mode)
}

function clearRegs(g: Game) {
    g.sim.imu.clearFaults()
    g.sim.load.clearFaults()
}

/** corrupts one field of every sample after conversion, on its way to the referee */
class NanReferee implements RefereeLike {
    real: RefereeLike
    imu: boolean
    constructor(real: RefereeLike, imu: boolean) {
        this.real = real
        this.imu = imu
    }
    update(s: Sample): RefEvent[] {
        if (this.imu && s.hasImu) s.gx_dps = NaN
        if (!this.imu && s.hasLoad) s.load_g = NaN
        return this.real.update(s)
    }
    snapshot(): string {
        return this.real.snapshot()
    }
    restore(snap: string) {
        this.real.restore(snap)
    }
    sensorFault(t_ms: number, sensor: string, message: string) {
        return this.real.sensorFault(t_ms, sensor, message)
    }
    view() {
        return this.real.view()
    }
}

function regRow(name: string, imu: boolean, mode: RegFault, hold_ms: number): FaultRow {
    return {
        name: name,
        sensor: imu ? "imu" : "load",
        hold_ms: hold_ms,
        inject: (g: Game) => regs(g, imu, mode),
        clear: clearRegs,
    }
}

function nanRow(imu: boolean): FaultRow {
    return {
        name: (imu ? "gyro" : "load") + " NaN after conversion, 2 s",
        sensor: imu ? "imu" : "load",
        hold_ms: 2000,
        inject: (g: Game) => g.fw.sampler.setReferee(new NanReferee(g.fw.referee, imu)),
        clear: (g: Game) => g.fw.sampler.setReferee(g.fw.referee),
    }
}

function unplugRow(imu: boolean): FaultRow {
    return {
        name: (imu ? "IMU" : "load cell") + " unplugged 2 s, replugged",
        sensor: imu ? "imu" : "load",
        hold_ms: 2000,
        inject: (g: Game) => {
            if (imu) g.sim.imu.present = false
            else g.sim.load.present = false
        },
        clear: (g: Game) => {
            g.sim.imu.present = true
            g.sim.load.present = true
        },
    }
}

/**
 * the sensor rows, built when asked: as a module-level constant their builders (regRow, nanRow, unplugRow) and the
 * rows' closures went into run-table-more.ts's image too, which plays none of them
 */
export function faultRows(): FaultRow[] {
    return [
        regRow("IMU read fails once", true, "nack", 10),
        regRow("IMU read fails for 3 s", true, "nack", 3000),
        regRow("IMU reads all ones, 1 s", true, "ones", 1000),
        regRow("IMU reads all zeros, 1 s", true, "zeros", 1000),
        regRow("IMU stuck on one value, 2 s", true, "stuck", 2000),
        {
            name: "IMU saturated on every axis, 2 s",
            sensor: "imu",
            hold_ms: 2000,
            inject: (g: Game) => {
                g.sim.imu.setAccel(40, -40, 40)
                g.sim.imu.setGyro(3000, -3000, 3000)
            },
            clear: (g: Game) => {
                g.sim.imu.setAccel(0, 0, 1)
                g.sim.imu.setGyro(0, 0, 0)
            },
        },
        unplugRow(true),
        nanRow(true),
        regRow("load read fails once", false, "nack", 13),
        regRow("load read fails for 3 s", false, "nack", 3000),
        regRow("load reads all ones, 1 s", false, "ones", 1000),
        regRow("load reads all zeros, 1 s", false, "zeros", 1000),
        regRow("load stuck on one value, 3 s", false, "stuck", 3000),
        {
            name: "load cell saturated (ADC full scale), 3 s",
            sensor: "load",
            hold_ms: 3000,
            inject: (g: Game) => g.sim.load.setMass(1e6),
            clear: (g: Game) => g.sim.load.setMass(RIG_G + g.cards * CARD_G),
        },
        unplugRow(false),
        nanRow(false),
    ]
}

/** steps the firmware for `ms` of virtual time; throws if a step stops advancing the clock */
async function runFor(g: Game, ms: number) {
    const end = g.sim.clock.t_ms + ms
    let still = 0
    let n = 0
    while (g.sim.clock.t_ms < end) {
        const t = g.sim.clock.t_ms
        await g.fw.step()
        still = g.sim.clock.t_ms === t ? still + 1 : 0
        if (++n % 20 === 0) await ds.sleep(0) // the VM's loop guard
        if (still > 1000) throw new Error("the firmware stopped advancing time at t=" + t + " ms")
    }
}

/** a card goes on: the hand presses for 0.3 s, lets go, the rig settles for 3.2 s */
export async function placeCard(g: Game) {
    const t0 = g.sim.clock.t_ms
    const from = RIG_G + g.cards * CARD_G
    while (g.sim.clock.t_ms < t0 + 300) {
        g.sim.load.setMass(from + (3 * (g.sim.clock.t_ms - t0)) / 300)
        await g.fw.step()
    }
    g.cards++
    g.sim.load.setMass(RIG_G + g.cards * CARD_G)
    await runFor(g, 3200)
}

/** boots the firmware on a rig at rest, waits for the round to start, places `cards` cards */
export async function startGame(cards: number, store?: MemoryStore): Promise<Game> {
    const sim = simRig(store)
    sim.load.setMass(RIG_G)
    const g: Game = { sim: sim, fw: await Firmware.boot(sim.rig, realReferee), cards: 0 }
    await runFor(g, 5000)
    for (let i = 0; i < cards; i++) await placeCard(g)
    return g
}

export function state(g: Game): string {
    const v = g.fw.referee.view()
    return "turn " + v.turn + ", " + v.cards + " cards, " + v.phase + (v.out.indexOf(true) >= 0 ? ", out " + v.out.join("/") : "")
}

function calls(evs: RefEvent[]): string[] {
    const out: string[] = []
    for (const e of evs) if (CALLS.indexOf(e.type) >= 0) out.push(e.type)
    return out
}

function result(name: string, message: string, problems: string[], before: string, after: string): RowResult {
    return { name: name, ok: problems.length === 0, message: message, why: problems.join("; "), before: before, after: after }
}

/** the game goes on: a card placed now is called `placed` (and nothing else) and counted; "" or what went wrong */
async function nextCardCounts(g: Game): Promise<string> {
    const ev = g.sim.telemetry.events
    const n = ev.length
    const cards = g.fw.referee.view().cards
    await placeCard(g)
    const c = calls(ev.slice(n)).join(",")
    const now = g.fw.referee.view().cards
    return c === "placed" && now === cards + 1 ? "" : "gave " + (c ? c : "no call") + ", " + cards + " -> " + now + " cards"
}

/** plays one row of the table */
export async function runRow(row: FaultRow): Promise<RowResult> {
    const g = await startGame(1)
    const before = state(g)
    const ev = g.sim.telemetry.events
    const from = ev.length
    const notesFrom = g.sim.notices.length
    const problems: string[] = []
    row.inject(g)
    await runFor(g, row.hold_ms)
    row.clear(g)
    await runFor(g, 6000)
    const during = ev.slice(from)
    let message = ""
    const faults = during.filter(e => e.type === "fault" && e["sensor"] === row.sensor && !e["recovered"])
    const back = during.filter(e => e.type === "fault" && e["recovered"])
    if (faults.length === 0) problems.push("no fault event for " + row.sensor)
    else message = "" + faults[0]["message"]
    // one outage, one episode: a fault event and its recovery (the sampler's I2C error and the silence it causes are one)
    if (faults.length > 1) problems.push(faults.length + " fault events for one outage " + faults.map(e => e.t_ms + ":" + e["message"]).join("/") + " " + back.map(e => e.t_ms + "").join("/"))
    if (back.length !== 1 || back[0]["sensor"] !== row.sensor) problems.push(back.length + " recovery events")
    // a chip that sets up again but still reads nonsense has not come back: one "answering again" at most
    const again = g.sim.notices.slice(notesFrom).filter(n => n.indexOf("answering again") >= 0)
    if (again.length > 1) problems.push(again.length + " 'answering again' notices")
    if (faults.length > 0 && message.length < 8) problems.push("fault message too short: " + message)
    const c = calls(during)
    if (c.length > 0) problems.push("called on bad data: " + c.join(","))
    return await finish(g, row.name, message, problems, before, true)
}

/**
 * a row's end: no fault left once the data is back, the game state as before (`same`), and the next card counts;
 * its result
 */
async function finish(g: Game, name: string, message: string, problems: string[], before: string, same: boolean): Promise<RowResult> {
    const sf = g.fw.sampler.faults()
    const vf = g.fw.referee.view().faults
    if (sf.length > 0 || vf.length > 0) problems.push("still in fault after the data came back: " + sf.join(",") + " " + vf.join(","))
    const after = state(g)
    if (same && after !== before) problems.push("state changed")
    // the game goes on: the next card counts
    const next = await nextCardCounts(g)
    if (next) problems.push("the next card after recovery " + next)
    return result(name, message, problems, before, after)
}

/**
 * the settings store full during a placement (a notice, not a fault event): the card is still placed, and the
 * next one counts (a row of run-table-more.ts: the sensor rows' image has no room for it)
 */
export async function runStoreFull(): Promise<RowResult> {
    const g = await startGame(1)
    const before = state(g)
    const ev = g.sim.telemetry.events
    const from = ev.length
    const notesFrom = g.sim.notices.length
    const problems: string[] = []
    const store = g.sim.store as MemoryStore
    store.full = true
    await placeCard(g)
    store.full = false
    await runFor(g, 6000)
    const notes = g.sim.notices.slice(notesFrom)
    const message = notes.length > 0 ? notes[0] : ""
    if (message.indexOf("could not save") !== 0) problems.push("no notice that the save failed")
    const placed = calls(ev.slice(from))
    if (placed.join(",") !== "placed") problems.push("the placement during the full store gave: " + placed.join(","))
    return await finish(g, "settings store full during a placement", message, problems, before, false)
}

/** a reset (power cut) at `point` of a turn: a second firmware on the same flash resumes from the last turn boundary */
export async function runReset(point: string): Promise<RowResult> {
    const store = new MemoryStore()
    let g: Game | undefined = await startGame(1, store)
    const before = state(g)
    const problems: string[] = []
    let want = before
    if (point === "while a card goes on") {
        g.sim.load.setMass(RIG_G + g.cards * CARD_G + 2)
        await runFor(g, 150)
    } else if (point === "after the placement settles") {
        await placeCard(g)
        want = state(g)
    } else if (point !== "before a placement") problems.push("unknown reset point " + point)
    const cards0 = g.cards
    const mass = RIG_G + cards0 * CARD_G
    // power cut: the first firmware is gone (the VM's heap holds one firmware at a time, as a device's does);
    // a new one on the same flash, the rig as it hangs now
    g = undefined
    const sim2 = simRig(store)
    sim2.load.setMass(mass)
    const g2: Game = { sim: sim2, fw: await Firmware.boot(sim2.rig, realReferee), cards: cards0 }
    const after = state(g2)
    if (after !== want) problems.push("resumed '" + after + "', want '" + want + "'")
    if (sim2.notices.join("|") !== "resumed the saved game") problems.push("notices: " + sim2.notices.join("|"))
    await runFor(g2, 5000)
    const c = calls(sim2.telemetry.events)
    if (c.length > 0) problems.push("called while resuming: " + c.join(","))
    const next = await nextCardCounts(g2)
    if (next) problems.push("the next card after the reset " + next)
    return result("reset " + point, sim2.notices.join("|"), problems, want, after)
}

export const RESET_POINTS = ["before a placement", "while a card goes on", "after the placement settles"]

/** corrupt flash at boot: a clear notice per setting and a new game with defaults that plays */
export async function runCorruptStore(): Promise<RowResult> {
    const store = new MemoryStore()
    store.data["lib_cfg"] = "{\"players\":3,\"difficulty\":\"ea\u0000"
    store.data["lib_game"] = "{\"v\":1,\"ph\":\"build\",\"r\":1,\"s\":9"
    const g = await startGame(1, store)
    const problems: string[] = []
    const notes = g.sim.notices.join("|")
    if (notes.indexOf("settings 'lib_cfg' unreadable") < 0 || notes.indexOf("saved game unreadable") < 0) problems.push("notices: " + notes)
    const after = state(g)
    if (after !== "turn 2, 1 cards, build") problems.push("a new game with defaults should play: " + after)
    return result("settings corrupted (config, saved game)", g.sim.notices.length > 0 ? g.sim.notices[0] : "", problems, "corrupt flash", after)
}

/** one short (or long) press of a button, then a step to take it */
async function press(g: Game, name: string, long: boolean) {
    const t = g.sim.clock.t_ms
    g.sim.rig.presses.down(name, t)
    g.sim.rig.presses.up(name, t + (long ? 1500 : 100))
    await g.fw.step()
}

/**
 * The README's calibration mid-game: the menu opened, the empty rig read, the 100 g mass put on and read, the
 * menu closed, the mass taken off. Nothing is judged while the menu is open (the mass on the rig is no play),
 * the calibration is saved, and a new game starts on the new scale: its round starts once the rig is back
 * empty and still, and its first card counts
 */
export async function runCalibration(): Promise<RowResult> {
    const g = await startGame(1)
    const before = state(g)
    const ev = g.sim.telemetry.events
    const from = ev.length
    const problems: string[] = []
    await press(g, "mode", false) // the menu: players
    for (let i = 0; i < 4; i++) await press(g, "mode", false) // level, penalty, cards, calibrate
    await press(g, "start", false) // the empty rig read
    g.sim.load.setMass(RIG_G + g.cards * CARD_G + 100)
    await runFor(g, 3000)
    await press(g, "start", false) // the mass read
    const cal = g.sim.notices.filter(n => n.indexOf("load cell calibrated") === 0)
    if (cal.length !== 1) problems.push("no calibration notice: " + g.sim.notices.join("|"))
    if (g.sim.telemetry.newGames !== 1) problems.push(g.sim.telemetry.newGames + " new games, want 1")
    await press(g, "mode", true) // close
    g.sim.load.setMass(RIG_G + g.cards * CARD_G)
    await runFor(g, 6000)
    const c = calls(ev.slice(from))
    if (c.length > 0) problems.push("called during the calibration: " + c.join(","))
    const after = state(g)
    if (after.indexOf("turn 1, 0 cards, build") !== 0) problems.push("the new game's round did not start: " + after)
    const next = await nextCardCounts(g)
    if (next) problems.push("the first card of the new game " + next)
    return result("calibration with the menu open, mid-game", cal.length > 0 ? cal[0] : "", problems, before, after)
}

/** the menu opened mid-turn and closed with nothing changed: the held referee picks the game up where it was */
export async function runMenuPause(): Promise<RowResult> {
    const g = await startGame(1)
    const before = state(g)
    const ev = g.sim.telemetry.events
    const from = ev.length
    const problems: string[] = []
    await press(g, "mode", false) // the menu opens: the referee is held
    await runFor(g, 5000)
    await press(g, "mode", true) // closed, nothing changed
    await runFor(g, 1000)
    const c = calls(ev.slice(from))
    if (c.length > 0) problems.push("called across the pause: " + c.join(","))
    if (g.sim.telemetry.newGames !== 0) problems.push("a new game")
    const after = state(g)
    if (after !== before) problems.push("state changed")
    const next = await nextCardCounts(g)
    if (next) problems.push("the next card " + next)
    return result("menu opened and closed mid-turn", "", problems, before, after)
}
