// The long soak: 8 hours of game time (`npm run soak`).
import * as ds from "@devicescript/core"
import { soak } from "./soak"
await soak(8)
ds.restart()
