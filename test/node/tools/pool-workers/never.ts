// A pool worker for pool.test.ts: never finishes loading (a timer keeps its thread alive, as a stuck module loader does).
setInterval(() => {}, 1000)
await new Promise(() => {})
export {}
