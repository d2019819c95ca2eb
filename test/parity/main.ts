// VM side of the parity test: prints the parity transcript, then exits.
import * as ds from "@devicescript/core"
import { PARITY_CASES } from "./program"
import { ParityRun } from "./run"

const run = new ParityRun(PARITY_CASES)
console.log("PARITY-BEGIN")
while (run.runChunk(10, (line: string) => console.log("P " + line))) await ds.sleep(0)
console.log("PARITY-END")
ds.restart()
