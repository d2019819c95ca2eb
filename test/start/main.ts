// The simulated rig with default options (devs/start.ts generates an entry like this one with yours).
import * as ds from "@devicescript/core"
import { runSimulatedGame, START_DEFAULTS } from "./run"

await runSimulatedGame(START_DEFAULTS)
ds.restart()
