// A pool worker for pool.test.ts: squares numbers, reports progress first; -1 fails its job, 99 exits the thread.
import { parentPort } from "node:worker_threads"

parentPort.on("message", (n: number) => {
    parentPort.postMessage({ progress: n })
    if (n === 99) process.exit(3)
    if (n < 0) parentPort.postMessage({ ok: false, id: `job ${n}`, error: "negative" })
    else parentPort.postMessage({ ok: true, result: n * n })
})
