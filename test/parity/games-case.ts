/**
 * Parity case over whole simulated games: four quick seeded games (easy,
 * hard, lunacy; a collapse to a winner, LIBRIUM with removals and the tilt
 * phase) are simulated and refereed in the VM and in Node; every event line
 * must be identical. This is the proof that the host tools (replay, bench)
 * decide exactly what the firmware decides.
 *
 * As in `npm start`, the VM image gets the games' cases as JSON and the
 * director's plans as text (test/parity/games-entry.ts writes its entry): the
 * director's code would leave the referee no room in the image. Node plays
 * the same games with the director itself, so the transcripts also prove that
 * a replayed plan is the director's game. The director's plans are compared
 * VM against Node on their own (plans-case.ts).
 *
 * Five steps per row: the harness yields every 10 steps, and the VM's loop
 * guard allows only a few rows of simulation between yields when a row spans
 * many 1 ms physics steps (a 10 SPS load cell while the IMU is silent).
 */
import { Sample } from "../../src/core/sample"
import { formatEvent } from "../../src/core/trace"
import { Referee } from "../../src/core/referee/referee"
import { Difficulty } from "../../src/core/referee/types"
import { CaseSpec, PlannerFactory, RigSim } from "../../src/sim/rigsim"
import { ParityCase } from "./run"

/** [seed, category, level]: picked for what happens in them, and short (4-9 k rows each) */
export const PARITY_GAMES: [number, string, Difficulty][] = [
    [2, "multi_round", "easy"],
    [2, "collapse", "hard"],
    [6, "game", "lunacy"],
    [2, "librium", "easy"],
]

/** one game to referee: its case, and what plans it (the director in Node, its recorded plan in the VM) */
export interface ParityGame {
    spec: CaseSpec
    planner: PlannerFactory
}

const STEPS_PER_ROW = 5

export function gamesCase(games: ParityGame[]): ParityCase {
    const s = new Sample()
    let g = -1
    let sim: RigSim = null
    let ref: Referee = null
    let rows = 0
    return {
        name: "games",
        // an upper bound: after the last game every step prints nothing
        steps: STEPS_PER_ROW * 26000,
        step: (i: number) => {
            if (i % STEPS_PER_ROW !== 0) return ""
            if (sim === null) {
                if (g + 1 >= games.length) return ""
                g++
                const game = games[g]
                sim = new RigSim(game.spec, game.planner)
                ref = new Referee(game.spec.config)
                rows = 0
            }
            if (!sim.next(s)) {
                sim = null
                return "game " + g + " rows " + rows
            }
            rows++
            const evs = ref.update(s)
            const lines: string[] = []
            for (let k = 0; k < evs.length; k++) lines.push(formatEvent(evs[k]))
            return lines.join("\n")
        },
    }
}
