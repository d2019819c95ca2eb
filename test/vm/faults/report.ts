// How a fault-table entry prints a row: `FAULTROW ok|FAIL <name>` then `FAULTMSG <message>`,
// `FAULTSTATE <before> -> <after>` and `FAULTWHY <problems>`; test/node/props/device-faults.test.ts reads them.
import { RowResult } from "./table"

function clip(s: string): string {
    return s.length > 120 ? s.slice(0, 120) : s
}

export function report(r: RowResult) {
    console.log("FAULTROW " + (r.ok ? "ok" : "FAIL") + " " + clip(r.name))
    console.log("FAULTMSG " + clip(r.message))
    console.log("FAULTSTATE " + clip(r.before + " -> " + r.after))
    console.log("FAULTWHY " + clip(r.why))
}
