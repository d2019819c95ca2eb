/**
 * A small worker-thread pool: each worker takes one job at a time; results
 * arrive in completion order through `onResult`. Workers run TypeScript
 * entries through worker-boot.mjs.
 */
import { Worker } from "node:worker_threads"

export interface PoolReply<R> {
    ok: boolean
    result?: R
    id?: string
    error?: string
}

export async function runPool<J, R>(entry: URL, jobs: J[], threads: number, onResult: (r: R) => void): Promise<void> {
    const boot = new URL("./worker-boot.mjs", import.meta.url)
    let next = 0
    let failure: Error = null
    const workers: Worker[] = []
    const one = () =>
        new Promise<void>((resolve, reject) => {
            const w = new Worker(boot, { workerData: { entry: entry.href } })
            workers.push(w)
            const feed = () => {
                if (next >= jobs.length || failure) {
                    resolve()
                    return
                }
                w.postMessage(jobs[next++])
            }
            w.on("message", (m: PoolReply<R>) => {
                if (m.ok) onResult(m.result)
                else failure = new Error(`case ${m.id}: ${m.error}`)
                feed()
            })
            w.on("error", reject)
            w.once("online", feed)
        })
    try {
        await Promise.all(Array.from({ length: Math.max(1, Math.min(threads, jobs.length)) }, one))
    } finally {
        await Promise.all(workers.map(w => w.terminate()))
    }
    if (failure) throw failure
}
