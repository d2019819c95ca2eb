/** a tuner worker thread: takes a TuneJob (one level), posts progress, then the TuneResult (or an error) */
import { parentPort } from "node:worker_threads"
import { TuneJob, tuneLevel } from "./tune-level.ts"

parentPort.on("message", (job: TuneJob) => {
    try {
        const result = tuneLevel(job, (done, best) => parentPort.postMessage({ kind: "progress", level: job.level, done, best }))
        parentPort.postMessage({ kind: "result", result })
    } catch (e) {
        parentPort.postMessage({ kind: "error", level: job.level, error: (e as Error).stack ?? String(e) })
    }
})
