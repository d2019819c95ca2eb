// The short soak of npm test: ~20 minutes of game time (test/node/props/soak.test.ts).
import * as ds from "@devicescript/core"
import { soak } from "./soak"
await soak(0.34)
ds.restart()
