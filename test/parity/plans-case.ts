/**
 * Parity case for the game director: the plans of the parity games
 * (games-case.ts) recorded in the VM and in Node must print identically,
 * record for record (numbers to 6 decimals: the VM prints numbers to about 7
 * digits). The games' image replays plans made in Node; this case proves the
 * director plans the same games in the VM. A step prints one record, or plans
 * one step when none is waiting (the VM's loop guard: the harness yields every
 * 10 steps).
 */
import { fmtNum } from "../../src/core/num"
import { makeCase } from "../../src/sim/cases"
import { DIRECTOR } from "../../src/sim/director"
import { planRecorder, planStep } from "../../src/sim/plan"
import { Planner } from "../../src/sim/rigsim"
import { PARITY_GAMES } from "./games-case"
import { ParityCase } from "./run"

export function plansCase(): ParityCase {
    let g = -1
    let planner: Planner = null
    let waiting: string[] = []
    let values: number[][] = []
    let next = 0
    const record = (kind: string, v: number[], word: string) => {
        waiting.push(kind + "|" + word)
        values.push(v)
    }
    return {
        name: "plans",
        // an upper bound: after the last game every step prints nothing
        steps: 1000,
        step: (i: number) => {
            if (next < waiting.length) {
                const kw = waiting[next].split("|")
                const v = values[next]
                next++
                const f: string[] = [kw[0]]
                for (let k = 0; k < v.length; k++) f.push(fmtNum(v[k], 6))
                if (kw[1].length > 0) f.push(kw[1])
                return f.join(",")
            }
            waiting = []
            values = []
            next = 0
            if (planner !== null && !planner.done) {
                planStep(planner, record)
                return ""
            }
            if (g + 1 >= PARITY_GAMES.length) return ""
            g++
            const p = PARITY_GAMES[g]
            planner = planRecorder(makeCase(p[0], p[1], { quick: true, difficulty: p[2] }), DIRECTOR, record)
            return "game " + g
        },
    }
}
