// VM side of the parity test, the simulator's cases: prints their transcript, then exits.
import * as ds from "@devicescript/core"
import { ParityRun } from "./run"
import { SIM_PARITY_CASES } from "./sim-cases"

const run = new ParityRun(SIM_PARITY_CASES)
console.log("PARITY-BEGIN")
while (run.runChunk(10, (line: string) => console.log("P " + line))) await ds.sleep(0)
console.log("PARITY-END")
ds.restart()
