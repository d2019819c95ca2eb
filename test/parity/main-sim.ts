// VM side of the parity test, whole simulated games through the referee: prints their transcript, then exits.
// (The simulator's own rows have their image, main-simrows.ts: with them this one passed the VM's code limit.)
import { gamesCase } from "./games-case"
import { printTranscript } from "./vm-print"

await printTranscript([gamesCase])
