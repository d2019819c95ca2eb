/** a tuner worker thread (pool.ts): takes a TuneJob (one level), posts progress, then the TuneResult (or an error) */
import { parentPort } from "node:worker_threads"
import { TuneJob, tuneLevel } from "./tune-level.ts"

parentPort.on("message", (job: TuneJob) => {
    try {
        const result = tuneLevel(job, (done, best) => parentPort.postMessage({ progress: { level: job.level, done, best } }))
        parentPort.postMessage({ ok: true, result })
    } catch (e) {
        parentPort.postMessage({ ok: false, id: `tuning ${job.level}`, error: (e as Error).stack ?? String(e) })
    }
})
