// VM side of the parity test, whole simulated games through the referee: prints their transcript, then exits.
// (The simulator's own rows have their image, main-simrows.ts: with them this one passed the VM's code limit.)
import * as ds from "@devicescript/core"
import { ParityRun } from "./run"
import { gamesCase } from "./games-case"

const run = new ParityRun([gamesCase])
console.log("PARITY-BEGIN")
while (run.runChunk(10, (line: string) => console.log("P " + line))) await ds.sleep(0)
console.log("PARITY-END")
ds.restart()
