// The host-path properties (./properties.ts) with a fixed seed and a bounded
// number of runs; `npm run fuzz` runs the same ones for longer with new seeds.
import { test } from "node:test"
import fc from "fast-check"
import { HOST_PROPERTIES } from "./properties.ts"
import { TEST_SEED } from "./traces.ts"

const RUNS = 150

for (const p of HOST_PROPERTIES) {
    test(p.name, async () => {
        await fc.assert(p.property, { seed: TEST_SEED, numRuns: RUNS, endOnFailure: true })
    })
}
