/** the parity cases that run the simulator (test/parity/main-sim.ts): its traces, and whole games through the referee */
import { ParityCase } from "./run"
import { simCase } from "./sim-case"
import { gamesCase } from "./games-case"

export const SIM_PARITY_CASES: (() => ParityCase)[] = [simCase, gamesCase]
