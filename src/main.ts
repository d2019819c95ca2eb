// The composition root: board -> bus -> drivers -> sampler -> referee -> outputs.
// (Wired up by the hardware layer; for now it only proves the core compiles into the firmware.)
import * as ds from "@devicescript/core"
import { formatMeta } from "./core/trace"
import { defaultGameConfig } from "./core/referee/types"

console.log(formatMeta(defaultGameConfig(), "rig"))
console.log("librium referee up at " + ds.millis())
