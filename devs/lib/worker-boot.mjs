// Worker threads cannot load TypeScript by themselves under tsx on Node 20:
// this plain module registers tsx in the worker, then loads the entry named in workerData,
// and says when it is loaded (the pool feeds a worker only then: pool.ts).
import { parentPort, workerData } from "node:worker_threads"
import { tsImport } from "tsx/esm/api"

await tsImport(workerData.entry, import.meta.url)
parentPort.postMessage({ ready: true })
