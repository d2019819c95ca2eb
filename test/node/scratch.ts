// Scratch folders for the Node tests. Each is made under the system's temp folder and removed when the test
// process exits (`node --test` runs every test file in a process of its own), so `npm test` leaves nothing
// behind, whether its tests pass or fail. LIBRIUM_KEEP_SCRATCH=1 keeps them, to look at what a test wrote.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const made: string[] = []

function removeScratch(): void {
    if (process.env.LIBRIUM_KEEP_SCRATCH === "1") return
    while (made.length) rmSync(made.pop(), { recursive: true, force: true })
}
process.on("exit", removeScratch)

/** A new empty folder named `prefix` plus six random characters, gone when this process exits. */
export function scratchDir(prefix: string): string {
    const dir = mkdtempSync(join(tmpdir(), prefix))
    made.push(dir)
    return dir
}
