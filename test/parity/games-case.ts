/**
 * Parity case over whole simulated games: four quick seeded games (easy,
 * hard, lunacy; a collapse to a winner, LIBRIUM with removals and the tilt
 * phase) are simulated and refereed in the VM and in Node; every event line
 * must be identical. This is the proof that the host tools (replay, bench)
 * decide exactly what the firmware decides.
 * Five steps per row: the harness yields every 10 steps, and the VM's loop
 * guard allows only a few rows of simulation between yields when a row spans
 * many 1 ms physics steps (a 10 SPS load cell while the IMU is silent).
 */
import { Sample } from "../../src/core/sample"
import { formatEvent } from "../../src/core/trace"
import { Referee } from "../../src/core/referee/referee"
import { Difficulty } from "../../src/core/referee/types"
import { makeCase } from "../../src/sim/cases"
import { RigSim } from "../../src/sim/rigsim"
import { DIRECTOR } from "../../src/sim/director"

/** [seed, category, level]: picked for what happens in them, and short (4-9 k rows each) */
export const PARITY_GAMES: [number, string, Difficulty][] = [
    [2, "multi_round", "easy"],
    [2, "collapse", "hard"],
    [6, "game", "lunacy"],
    [2, "librium", "easy"],
]

const STEPS_PER_ROW = 5

export function gamesCase() {
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
                if (g + 1 >= PARITY_GAMES.length) return ""
                g++
                const p = PARITY_GAMES[g]
                const spec = makeCase(p[0], p[1], { quick: true, difficulty: p[2] })
                sim = new RigSim(spec, DIRECTOR)
                ref = new Referee(spec.config)
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
