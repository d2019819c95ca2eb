/**
 * The button menu as a pure state machine (no screen: the LEDs show it).
 * Buttons: start/next and mode, each short or long.
 *  - playing: start -> the referee's input ("start" between rounds, "next"
 *    during one); mode -> open the menu. (A long start does nothing: a
 *    tare of the scale under a game would read as its load falling away; the
 *    referee tares itself, and the calibration below sets the scale's zero.)
 *  - menu: mode -> next item (players, level, penalty, cards, calibrate;
 *    after the last it closes and applies); start -> next value of the item;
 *    long mode -> close and apply; long start -> close and start a new game.
 *    Closed with nothing changed, it applies nothing (the game in progress
 *    goes on), except once the game has a winner (a new game).
 *  - calibrate: start -> "empty rig read" (step 1), start again with the
 *    known mass on -> "mass read" (done). The firmware holds the referee
 *    while the menu is open (a hand or the mass on the rig is no play) and
 *    starts a new game after a calibration (the scale changed under the game).
 */
import { DIFFICULTIES, GameConfig } from "./referee/types"

export type Press = "start" | "start_long" | "mode" | "mode_long"

export const MENU_ITEMS = ["players", "level", "penalty", "cards", "calibrate"]
/** menu item colours on the LEDs, in MENU_ITEMS order */
export const MENU_COLOURS = [0x0040ff, 0x00d040, 0xff40a0, 0xe0e000, 0xffffff]
export const CARD_CHOICES = [30, 40, 50]

export type MenuAction =
    | { kind: "none" }
    | { kind: "input"; word: string }
    | { kind: "config"; cfg: GameConfig }
    | { kind: "cal_empty" }
    | { kind: "cal_mass" }

export class Menu {
    /** -1 while playing, else the MENU_ITEMS index */
    item = -1
    /** 0, or 1 while waiting for the known mass */
    cal_step = 0
    cfg: GameConfig
    /** the configuration when the menu opened: closing with nothing changed is no new game */
    private opened: GameConfig

    constructor(cfg: GameConfig) {
        this.cfg = copyCfg(cfg)
        this.opened = copyCfg(cfg)
    }

    /** one press; `round_on` while a round is played, `over` once the game has a winner */
    press(p: Press, round_on: boolean, over = false): MenuAction {
        if (this.item < 0) {
            if (p === "start") return { kind: "input", word: round_on ? "next" : "start" }
            if (p === "start_long") return { kind: "none" }
            this.item = 0
            this.opened = copyCfg(this.cfg)
            return { kind: "none" }
        }
        if (p === "mode_long") return this.close(over)
        if (p === "start_long") return this.close(true)
        if (p === "mode") {
            this.cal_step = 0
            this.item++
            return this.item >= MENU_ITEMS.length ? this.close(over) : { kind: "none" }
        }
        return this.change()
    }

    /** what the LEDs show: item colour, value as a count of LEDs; null while playing */
    prompt(): { colour: number; count: number; blink: boolean } {
        if (this.item < 0) return null
        const c = this.cfg
        const counts = [c.players, DIFFICULTIES.indexOf(c.difficulty) + 1, c.touch_penalty === "out" ? 1 : 2, c.cards / 10, this.cal_step + 1]
        return { colour: MENU_COLOURS[this.item], count: counts[this.item], blink: this.item === 4 }
    }

    private change(): MenuAction {
        const c = this.cfg
        const name = MENU_ITEMS[this.item]
        if (name === "players") c.players = c.players >= 8 ? 2 : c.players + 1
        if (name === "level") c.difficulty = DIFFICULTIES[(DIFFICULTIES.indexOf(c.difficulty) + 1) % DIFFICULTIES.length]
        if (name === "penalty") c.touch_penalty = c.touch_penalty === "out" ? "warn" : "out"
        if (name === "cards") c.cards = CARD_CHOICES[(CARD_CHOICES.indexOf(c.cards) + 1) % CARD_CHOICES.length]
        if (name === "calibrate") {
            this.cal_step = 1 - this.cal_step
            return this.cal_step === 1 ? { kind: "cal_empty" } : { kind: "cal_mass" }
        }
        if (c.first_player > c.players) c.first_player = 1
        return { kind: "none" }
    }

    /** applies the configuration (a new game), unless nothing changed and no new game is asked for (`fresh`): a stray press must not end the game in progress */
    private close(fresh: boolean): MenuAction {
        this.item = -1
        this.cal_step = 0
        const c = this.cfg
        const o = this.opened
        if (!fresh && c.players === o.players && c.difficulty === o.difficulty && c.cards === o.cards && c.touch_penalty === o.touch_penalty && c.first_player === o.first_player)
            return { kind: "none" }
        return { kind: "config", cfg: copyCfg(c) }
    }
}

function copyCfg(c: GameConfig): GameConfig {
    return { players: c.players, difficulty: c.difficulty, cards: c.cards, first_player: c.first_player, touch_penalty: c.touch_penalty }
}
