// The VM side of the parity test, shared by its entries (main.ts, main-simrows.ts, the generated games entry): runs the cases,
// prints their transcript between markers (the Node side reads the "P " lines), then exits. DeviceScript only.
import * as ds from "@devicescript/core"
import { ParityCase, ParityRun } from "./run"

export async function printTranscript(cases: (() => ParityCase)[]) {
    const run = new ParityRun(cases)
    console.log("PARITY-BEGIN")
    while (run.runChunk(10, (line: string) => console.log("P " + line))) await ds.sleep(0)
    console.log("PARITY-END")
    ds.restart()
}
