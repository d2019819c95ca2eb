/**
 * A small worker-thread pool: each worker takes one job at a time; results
 * arrive in completion order through `onResult`, and whatever a worker
 * reports on the way through `onProgress`. A worker runs its TypeScript entry
 * bundled into one plain module (worker-bundle.ts), with no tsx in the thread,
 * and the module says when the entry is loaded: a worker is fed only then.
 * One that has not loaded in READY_MS is stuck and replaced (a worker that
 * loaded its entry through tsx once stayed idle at start-up for good, most
 * likely in the module-loader hooks tsx registers in each worker on Node 20,
 * and the benchmark waited with it);
 * a worker that exits or fails, or a job that fails, ends the pool with an
 * error at once, never a wait.
 */
import { Worker } from "node:worker_threads"
import { workerModule } from "./worker-bundle.ts"

/** what a worker posts: ready (its entry is loaded), progress, or a job's result or error */
export interface PoolReply<R, P = unknown> {
    ready?: boolean
    progress?: P
    ok?: boolean
    result?: R
    /** the job an error belongs to, in words ("case 7-3-touch", "level easy") */
    id?: string
    error?: string
}

/** how long a worker may take to load its entry before it counts as stuck, ms (it loads in about a second) */
export const READY_MS = 60000
/** how many workers a slot starts before a stuck start-up is an error */
export const STARTS = 3

export async function runPool<J, R, P = unknown>(entry: URL, jobs: J[], threads: number, onResult: (r: R) => void, onProgress?: (p: P) => void, readyMs = READY_MS): Promise<void> {
    const main = await workerModule(entry)
    let next = 0
    let failure: Error = null
    const workers: Worker[] = []
    const slot = () =>
        new Promise<void>((resolve, reject) => {
            let settled = false
            const settle = (e: Error) => {
                if (settled) return
                settled = true
                if (e) reject(e)
                else resolve()
            }
            const start = (tries: number) => {
                // its own execArgv: not the tsx loader the main thread runs under (the bundle needs none)
                const w = new Worker(main.url, { execArgv: ["--enable-source-maps"] })
                workers.push(w)
                const stuck = setTimeout(() => {
                    // it never said it was ready: drop it (its exit is expected now) and start another
                    w.removeAllListeners()
                    w.on("error", () => {})
                    w.terminate()
                    process.stderr.write(`\npool: a worker thread did not load ${entry.pathname} within ${readyMs / 1000} s; ${tries < STARTS ? "starting another" : "giving up"}\n`)
                    if (tries < STARTS) start(tries + 1)
                    else settle(new Error(`${STARTS} worker threads in a row did not load ${entry.pathname} within ${readyMs / 1000} s`))
                }, readyMs)
                const feed = () => {
                    if (next >= jobs.length || failure) settle(null)
                    else w.postMessage(jobs[next++])
                }
                w.on("message", (m: PoolReply<R, P>) => {
                    if (m.ready) {
                        clearTimeout(stuck)
                        feed()
                    } else if (m.progress !== undefined) {
                        if (onProgress) onProgress(m.progress)
                    } else if (m.ok) {
                        onResult(m.result)
                        feed()
                    } else {
                        // a job failed: the pool stops at once (the other slots feed no more, and their workers are ended)
                        failure = new Error(`${m.id}: ${m.error}`)
                        settle(failure)
                    }
                })
                w.on("error", e => {
                    clearTimeout(stuck)
                    settle(e)
                })
                w.on("exit", code => {
                    clearTimeout(stuck)
                    settle(new Error(`a worker thread exited (code ${code}) before the jobs were done`))
                })
            }
            start(1)
        })
    try {
        await Promise.all(Array.from({ length: Math.max(1, Math.min(threads, jobs.length)) }, slot))
    } finally {
        await Promise.all(workers.map(w => w.terminate()))
        await main.remove()
    }
}
