// VM side of the parity test, the simulator's rows: prints their transcript, then exits.
import { simCase } from "./sim-case"
import { printTranscript } from "./vm-print"

await printTranscript([simCase])
