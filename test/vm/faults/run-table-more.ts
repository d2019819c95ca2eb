// Plays the rest of the fault table (./table.ts) like a device (no GC stress):
// resets at each point of a turn, a full store during a placement, a corrupt
// store, the calibration mid-game and the menu opened mid-turn: `node devs/vm-run.cjs test/vm/faults/run-table-more.ts`.
// Prints each row (./report.ts), then `FAULTEND <rows>` (the sensor rows: run-table.ts).
import * as ds from "@devicescript/core"
import { RESET_POINTS, runCalibration, runCorruptStore, runMenuPause, runReset, runStoreFull } from "./table"
import { report } from "./report"

async function main() {
    for (const p of RESET_POINTS) report(await runReset(p))
    report(await runStoreFull())
    report(await runCorruptStore())
    report(await runCalibration())
    report(await runMenuPause())
    console.log("FAULTEND " + (RESET_POINTS.length + 4))
    ds.restart()
}
await main()
