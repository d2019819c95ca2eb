// Plays the sensor rows of the fault table (./table.ts) like a device (no GC
// stress): `node devs/vm-run.cjs test/vm/faults/run-table.ts`. Prints each row
// (./report.ts), then `FAULTEND <rows>`; test/node/props/device-faults.test.ts
// reads them. The resets, the store and the menu rows are run-table-more.ts:
// the two together pass the VM's image limit (README, "Why five VM entry files").
import * as ds from "@devicescript/core"
import { faultRows, runRow } from "./table"
import { report } from "./report"

async function main() {
    const rows = faultRows()
    for (const row of rows) report(await runRow(row))
    console.log("FAULTEND " + rows.length)
    ds.restart()
}
await main()
