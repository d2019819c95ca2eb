/** a benchmark worker thread: takes CaseJobs, answers CaseResults (or an error naming the case) */
import { parentPort } from "node:worker_threads"
import { CaseJob, runCase } from "./bench-cases.ts"

parentPort.on("message", async (job: CaseJob) => {
    try {
        parentPort.postMessage({ ok: true, result: await runCase(job) })
    } catch (e) {
        parentPort.postMessage({ ok: false, id: `case ${job.id}`, error: (e as Error).message })
    }
})
