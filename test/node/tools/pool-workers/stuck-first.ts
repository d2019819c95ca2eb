// A pool worker for pool.test.ts: the first one started (no marker file yet) never finishes loading; later ones square.
import { existsSync, writeFileSync } from "node:fs"
import { parentPort } from "node:worker_threads"

const mark = process.env.POOL_TEST_MARK as string
if (!existsSync(mark)) {
    writeFileSync(mark, "stuck\n")
    // a timer keeps the thread alive, as a stuck module loader does
    setInterval(() => {}, 1000)
    await new Promise(() => {})
}
parentPort.on("message", (n: number) => parentPort.postMessage({ ok: true, result: n * n }))
