/**
 * Parity case for the rig simulator: the first 3000 rows of a seeded case
 * (sensor noise, quantisation, a few placements) must print identically in the
 * VM and in Node. Two steps per row: the VM allows only about ten rows of
 * simulation (1 ms physics steps) between yields, and the harness yields every
 * 10 steps; odd steps print nothing.
 */
import { Sample } from "../../src/core/sample"
import { formatRow } from "../../src/core/trace"
import { makeCase } from "../../src/sim/cases"
import { RigSim, SIM_T_DECIMALS } from "../../src/sim/rigsim"
import { DIRECTOR } from "../../src/sim/director"

export function simCase() {
    const sim = new RigSim(makeCase(2024, "card_fell", { quick: true, difficulty: "lunacy" }), DIRECTOR)
    const s = new Sample()
    return {
        name: "sim",
        steps: 6000,
        step: (i: number) => {
            if (i % 2 === 1) return ""
            return sim.next(s) ? formatRow(s, SIM_T_DECIMALS) : "end"
        },
    }
}
