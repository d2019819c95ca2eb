// Plays every row of the fault table (./table.ts) like a device (no GC
// stress): `node devs/vm-run.cjs test/vm/faults/run-table.ts`. Prints, per row,
// `FAULTROW ok|FAIL <name>` then `FAULTMSG <message>`, `FAULTSTATE <before> -> <after>`
// and `FAULTWHY <problems>`; test/node/props/device-faults.test.ts reads them.
import * as ds from "@devicescript/core"
import { FAULT_ROWS, RESET_POINTS, RowResult, runCalibration, runCorruptStore, runMenuPause, runReset, runRow } from "./table"

function clip(s: string): string {
    return s.length > 120 ? s.slice(0, 120) : s
}

function report(r: RowResult) {
    console.log("FAULTROW " + (r.ok ? "ok" : "FAIL") + " " + clip(r.name))
    console.log("FAULTMSG " + clip(r.message))
    console.log("FAULTSTATE " + clip(r.before + " -> " + r.after))
    console.log("FAULTWHY " + clip(r.why))
}

async function main() {
    for (const row of FAULT_ROWS) report(await runRow(row))
    for (const p of RESET_POINTS) report(await runReset(p))
    report(await runCorruptStore())
    report(await runCalibration())
    report(await runMenuPause())
    console.log("FAULTEND " + (FAULT_ROWS.length + RESET_POINTS.length + 3))
    ds.restart()
}
await main()
