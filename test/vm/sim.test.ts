import * as ds from "@devicescript/core"
import { describe, expect, test } from "@devicescript/test"
import { Sample } from "../../src/core/sample"
import { formatRow } from "../../src/core/trace"
import { makeCase } from "../../src/sim/cases"
import { RigSim, simTruth } from "../../src/sim/rigsim"
import { DIRECTOR } from "../../src/sim/director"

describe("rig simulator (VM)", () => {
    test("a short case runs in the VM: IMU at about 1 g, load rows, truth", async () => {
        const sim = new RigSim(makeCase(11, "place", { quick: true }), DIRECTOR)
        const s = new Sample()
        let imu = 0
        let load = 0
        let n = 0
        let row = ""
        while (sim.next(s) && s.t_ms < 1000) {
            if (s.hasImu) {
                imu++
                const g = Math.sqrt(s.ax_g * s.ax_g + s.ay_g * s.ay_g + s.az_g * s.az_g)
                expect(g > 0.9 && g < 1.1).toBe(true)
            }
            if (s.hasLoad) load++
            row = formatRow(s, 2)
            n++
            // the VM allows only a little work between yields: one row each
            await ds.sleep(0)
        }
        expect(imu > 80).toBe(true)
        expect(load > 5).toBe(true)
        expect(row.length > 0).toBe(true)
        expect(simTruth(sim).events[0].kind).toBe("round_start")
    })
})
