// VM side of the parity test, the core's cases: prints their transcript, then exits.
import { PARITY_CASES } from "./program"
import { printTranscript } from "./vm-print"

await printTranscript(PARITY_CASES)
