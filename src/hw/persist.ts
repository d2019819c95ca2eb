/**
 * What survives a reset: load-cell calibration, game configuration, and the
 * referee's snapshot taken at each turn boundary, knock-out and warning (so a brown-out mid-game
 * resumes the same game: same seat, same card count). Anything unreadable
 * gives a clear message and falls back to defaults; nothing here throws on
 * bad stored data.
 */
import { GameConfig, RefEvent, checkGameConfig, defaultGameConfig, isWhole } from "../core/referee/types"
import { KvStore } from "./store"
import { LOAD_CAL_DEFAULTS, LoadCal } from "./loadcal"
import { RefereeLike, SamplerSink } from "./sampler"
import { Sample } from "../core/sample"

export const KEY_CAL = "lib_cal"
export const KEY_CFG = "lib_cfg"
export const KEY_GAME = "lib_game"

export interface Stored {
    cal: LoadCal
    cfg: GameConfig
    /** the referee snapshot to resume, "" for a fresh game */
    game: string
    /** what could not be read and was replaced by defaults */
    warnings: string[]
}

export function decodeCal(text: string): LoadCal {
    const j = JSON.parse(text)
    if (!j || !isWhole(j.offset_counts, -16777216, 16777216) || !isWhole(j.counts_per_kg, -1e9, 1e9) || j.counts_per_kg === 0)
        throw new Error("offset_counts and counts_per_kg must be whole numbers, counts_per_kg not 0")
    return { offset_counts: j.offset_counts, counts_per_kg: j.counts_per_kg }
}

export function decodeCfg(text: string): GameConfig {
    return checkGameConfig(JSON.parse(text))
}

async function readOr<T>(store: KvStore, key: string, decode: (t: string) => T, fallback: T, warnings: string[]): Promise<T> {
    let text: string
    try {
        text = await store.get(key)
        if (text === undefined) return fallback
        return decode(text)
    } catch (e) {
        warnings.push("settings '" + key + "' unreadable (" + (e as Error).message + "): using defaults")
        return fallback
    }
}

export async function loadStored(store: KvStore): Promise<Stored> {
    const warnings: string[] = []
    const cal = await readOr(store, KEY_CAL, decodeCal, LOAD_CAL_DEFAULTS, warnings)
    const cfg = await readOr(store, KEY_CFG, decodeCfg, defaultGameConfig(), warnings)
    const game = await readOr(store, KEY_GAME, (t: string) => t, "", warnings)
    return { cal: cal, cfg: cfg, game: game, warnings: warnings }
}

/** saves, returning "" or what went wrong (a full store must not stop the game) */
export async function trySave(store: KvStore, key: string, value: string): Promise<string> {
    try {
        await store.set(key, value)
        return ""
    } catch (e) {
        return "could not save '" + key + "': " + (e as Error).message
    }
}

/**
 * Restores the stored game into `ref`; a snapshot the referee rejects is
 * dropped with a warning (a fresh game starts).
 */
export function resumeGame(ref: RefereeLike, snap: string, warnings: string[]): boolean {
    if (snap === "") return false
    try {
        ref.restore(snap)
        return true
    } catch (e) {
        warnings.push("saved game unreadable (" + (e as Error).message + "): starting a new game")
        return false
    }
}

/** a sampler sink that marks the game for saving at each turn boundary, knock-out and warning, and forgets it at the end */
export class GameSaver implements SamplerSink {
    private store: KvStore
    private ref: RefereeLike
    private save = false
    private forget = false

    constructor(store: KvStore, ref: RefereeLike) {
        this.store = store
        this.ref = ref
    }

    setReferee(ref: RefereeLike) {
        this.ref = ref
        this.save = false
    }

    onRow(s: Sample) {}

    onEvent(ev: RefEvent) {
        // a turn boundary, a knock-out (no turn follows it) and a warning (the turn does not pass) change the game
        if (ev.type === "turn" || ev.type === "out" || ev.type === "warning") this.save = true
        if (ev.type === "winner") this.forget = true
    }

    /** writes what the last events asked for; returns "" or an error message */
    async flush(): Promise<string> {
        if (this.forget) {
            this.forget = false
            this.save = false
            await this.store.delete(KEY_GAME)
            return ""
        }
        if (!this.save) return ""
        this.save = false
        return await trySave(this.store, KEY_GAME, this.ref.snapshot())
    }
}
