// A pool worker for pool.test.ts: answers where it and a module it imports think they are, the flags its thread
// runs with, and the stack of an error thrown here (line 7 below).
import { parentPort } from "node:worker_threads"
import { PLACE } from "./where/place.ts"

function fail(): string {
    return new Error("here").stack as string
}

parentPort.on("message", () => {
    parentPort.postMessage({ ok: true, result: { url: import.meta.url, dirname: import.meta.dirname, place: PLACE, execArgv: process.execArgv, stack: fail() } })
})
