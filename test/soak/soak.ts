/**
 * The soak: one firmware (sampler, referee, outputs, telemetry sink, game
 * saver) on the simulated rig plays round after round on the virtual clock,
 * faster than real time. A round: cards go on one by one until the tower
 * collapses (every card comes off), the players rebuild, the rig rests, the
 * next round starts on its own. After a winner the menu (mode, long mode)
 * starts a new game. Prints one `SOAK` line per game with what must not drift
 * (cards, tare, events per game); the host side (test/node/props/soak.test.ts,
 * devs/soak.ts) adds the VM's resident memory.
 */
import * as ds from "@devicescript/core"
import { RefEvent } from "../../src/core/referee/types"
import { Game, placeCard, startGame } from "../vm/faults/table"

const RIG_G = 300
const CARD_G = 6.5

async function rest(g: Game, ms: number) {
    const end = g.sim.clock.t_ms + ms
    let n = 0
    while (g.sim.clock.t_ms < end) {
        await g.fw.step()
        if (++n % 20 === 0) await ds.sleep(0)
    }
}

/** a button held `held_ms` (long from LONG_PRESS_MS) */
async function press(g: Game, name: string, held_ms: number) {
    g.sim.rig.presses.down(name, g.sim.clock.t_ms)
    await rest(g, held_ms)
    g.sim.rig.presses.up(name, g.sim.clock.t_ms)
    await rest(g, 100)
}

function count(evs: RefEvent[], type: string): number {
    let n = 0
    for (const e of evs) if (e.type === type) n++
    return n
}

/** plays games until `hours` of game time have passed */
export async function soak(hours: number) {
    const g = await startGame(0)
    const end_ms = hours * 3600000
    let game = 0
    let round = 0
    while (g.sim.clock.t_ms < end_ms) {
        game++
        const t0 = g.sim.clock.t_ms
        let rounds = 0
        while (g.fw.referee.view().winner === 0 && g.sim.clock.t_ms < end_ms) {
            round++
            rounds++
            // 3 to 7 cards, then the tower comes down
            const n = 3 + (round % 5)
            for (let i = 0; i < n; i++) await placeCard(g)
            g.cards = 0
            g.sim.load.setMass(RIG_G)
            await rest(g, 8000)
        }
        const evs = g.sim.telemetry.events
        const zero = evs.filter(e => e.type === "round_start")
        const last = zero.length > 0 ? zero[zero.length - 1]["zero_g"] : -1
        const line = ["SOAK game", game, "t_h", Math.round((g.sim.clock.t_ms / 3600000) * 1000) / 1000, "rounds", rounds, "placed", count(evs, "placed"),
            "collapse", count(evs, "collapse"), "out", count(evs, "out"), "winner", count(evs, "winner"), "fault", count(evs, "fault"),
            "events", evs.length, "tare_g", last, "game_s", Math.round((g.sim.clock.t_ms - t0) / 1000)]
        console.log(line.join(" "))
        // the recorders are the test's, not the firmware's: start them afresh each game
        // (kept, they grew by every event and tune: that was the "leak" the first soak found)
        g.sim.telemetry.events = []
        g.sim.tunes.played = []
        // a new game from the buttons: mode opens the menu, a long mode applies it
        await press(g, "mode", 100)
        await press(g, "mode", 1500)
        await rest(g, 6000)
    }
    console.log("SOAKEND " + game)
}
