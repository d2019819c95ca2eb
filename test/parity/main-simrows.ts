// VM side of the parity test, the simulator's rows: prints their transcript, then exits.
import * as ds from "@devicescript/core"
import { ParityRun } from "./run"
import { simCase } from "./sim-case"

const run = new ParityRun([simCase])
console.log("PARITY-BEGIN")
while (run.runChunk(10, (line: string) => console.log("P " + line))) await ds.sleep(0)
console.log("PARITY-END")
ds.restart()
