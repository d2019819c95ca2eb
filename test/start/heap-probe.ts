/**
 * The heap probe (devs/lib/heap.ts, `npm run heap`): called midway through `npm start`'s game, it holds
 * `ballast` bytes (in pieces), then allocates HEAP_PIECE-byte buffers and keeps them until the VM's heap runs out,
 * printing `HEAP-FILL N` (the bytes of pieces held so far, less the ballast) at every kilobyte. The VM collects its
 * garbage before it gives up, so the last total is the heap the game's live objects left free, to
 * within a piece (and what fragmentation hides). The VM stops there (OutOfMemory): the probe never
 * returns. Its own module, so `npm start`'s image leaves it out.
 */
import * as ds from "@devicescript/core"

/** the size of each buffer the probe takes, bytes (devs/lib/heap.ts HEAP_PIECE) */
const PIECE = 256

export async function fillHeap(ballast: number) {
    const held: Buffer[] = []
    // n: the bytes of pieces held; the first `ballast` of them are not counted
    for (let n = 0; ; n += PIECE) {
        if (n % 1024 === 0) {
            console.log("HEAP-FILL " + (n - ballast))
            // the VM's loop guard counts work between awaits
            await ds.sleep(0)
        }
        held.push(Buffer.alloc(PIECE))
    }
}
