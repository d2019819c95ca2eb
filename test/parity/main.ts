// VM side of the parity test: prints the parity transcript, then exits.
import * as ds from "@devicescript/core"
import { ParityRun } from "./program"

const run = new ParityRun()
console.log("PARITY-BEGIN")
while (run.runChunk(10, (line: string) => console.log("P " + line))) await ds.sleep(0)
console.log("PARITY-END")
ds.restart()
