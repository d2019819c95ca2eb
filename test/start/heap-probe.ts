/**
 * The heap probe (devs/lib/heap.ts, `npm run heap`): called midway through `npm start`'s game, it holds
 * `ballast` bytes (in pieces), then allocates HEAP_PIECE-byte buffers and keeps them until the VM's heap runs out,
 * printing `HEAP-FILL N` (the bytes of pieces held so far) after every fourth. The VM collects its
 * garbage before it gives up, so the last total is the heap the game's live objects left free, to
 * within a piece (and what fragmentation hides). The VM stops there (OutOfMemory): the probe never
 * returns. Its own module, so `npm start`'s image leaves it out.
 */
import * as ds from "@devicescript/core"

/** the size of each buffer the probe takes, bytes (devs/lib/heap.ts HEAP_PIECE) */
const PIECE = 256

export async function fillHeap(ballast: number) {
    const held: Buffer[] = []
    // the ballast in pieces too: a fragmented heap can hold 9 KB of pieces and no single 4 KB buffer
    for (let b = 0; b < ballast; b += PIECE) held.push(Buffer.alloc(PIECE))
    let n = 0
    console.log("HEAP-FILL 0")
    while (true) {
        held.push(Buffer.alloc(PIECE))
        n++
        if (n % 4 === 0) {
            console.log("HEAP-FILL " + n * PIECE)
            // the VM's loop guard counts work between awaits
            await ds.sleep(0)
        }
    }
}
