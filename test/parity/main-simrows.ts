// VM side of the parity test, the simulator's rows and the director's plans: prints their transcript, then exits.
import { simCase } from "./sim-case"
import { plansCase } from "./plans-case"
import { printTranscript } from "./vm-print"

await printTranscript([simCase, plansCase])
