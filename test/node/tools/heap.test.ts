// The heap probe (devs/lib/heap.ts, `npm run heap`): it finds missing what it holds first, and npm start's game
// (the firmware and the simulated rig in the VM, whose heap is the ESP32-C3's 64 KB) leaves the heap its budget.
// Two VM runs of about 15 s, at 30 s of the game: the least free of the moments `npm run heap` probes (10, 30,
// 60 and 80 s: 16, 13, 14 and 15 KB at stop 70).
import { test } from "node:test"
import assert from "node:assert/strict"
import { HEAP_PIECE, probeHeap } from "../../../devs/lib/heap.ts"

/** the budget: an eighth of the VM's 64 KB heap stays free (the README's Development section says why) */
const HEAP_BUDGET = 8 * 1024
const AT_MS = 30000
const BALLAST = 4096

const plain = probeHeap(AT_MS)

test("the heap probe finds missing what it holds first: 4 KB of ballast, 4 KB less free (within a piece either way)", async () => {
    const [a, b] = [await plain, await probeHeap(AT_MS, BALLAST)]
    assert.equal(a.at_ms, AT_MS)
    const lost = a.free_bytes - b.free_bytes
    assert.ok(Math.abs(lost - BALLAST) <= HEAP_PIECE, `${a.free_bytes} free without ballast, ${b.free_bytes} with ${BALLAST} bytes of it`)
})

test("npm start's game leaves at least an eighth of the VM's heap free at 30 s", async () => {
    const r = await plain
    assert.ok(r.free_bytes >= HEAP_BUDGET, `${r.free_bytes} bytes free, under the budget of ${HEAP_BUDGET}`)
})

test("the probe says so when the game ends before its moment", async () => {
    await assert.rejects(probeHeap(600000), /the game ended before 600 s: the probe never ran/)
})
