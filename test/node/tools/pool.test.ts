// The worker pool (devs/lib/pool.ts) that `npm run bench` and `npm run tune` run on: results and progress arrive,
// a failed job, an exited worker and a worker stuck loading are errors, and a stuck start-up is replaced. A worker
// runs its entry bundled (worker-bundle.ts): each file keeps its own import.meta, no tsx in the thread, errors name
// the TypeScript lines.
import { test } from "node:test"
import assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { runPool } from "../../../devs/lib/pool.ts"
import { scratchDir } from "../scratch.ts"

const worker = (name: string) => new URL(`./pool-workers/${name}.ts`, import.meta.url)

test("every job's result and progress arrive, from two workers", async () => {
    const results: number[] = []
    const seen: number[] = []
    await runPool<number, number, number>(worker("square"), [1, 2, 3, 4, 5], 2, r => results.push(r), p => seen.push(p))
    assert.deepEqual(results.sort((a, b) => a - b), [1, 4, 9, 16, 25])
    assert.deepEqual(seen.sort((a, b) => a - b), [1, 2, 3, 4, 5])
})

test("a failed job ends the pool with its error, naming the job", { timeout: 60000 }, async () => {
    await assert.rejects(runPool(worker("square"), [2, -1, 3], 1, () => {}), /^Error: job -1: negative$/)
})

test("a worker thread that exits is an error, not a wait", { timeout: 60000 }, async () => {
    await assert.rejects(runPool(worker("square"), [2, 99, 3], 1, () => {}), /a worker thread exited \(code 3\) before the jobs were done/)
})

test("a worker stuck loading its entry is replaced; one that never loads is an error", { timeout: 60000 }, async () => {
    process.env.POOL_TEST_MARK = join(scratchDir("pool-"), "mark")
    const results: number[] = []
    await runPool<number, number>(worker("stuck-first"), [3, 4], 1, r => results.push(r), undefined, 1500)
    assert.equal(readFileSync(process.env.POOL_TEST_MARK, "utf8"), "stuck\n", "the first worker was the stuck one")
    assert.deepEqual(results, [9, 16])
    await assert.rejects(runPool(worker("never"), [1], 1, () => {}, undefined, 800), /3 worker threads in a row did not load .*never\.ts within 0\.8 s/)
})

test("a worker's files keep their own import.meta.url and dirname; the thread runs no tsx; an error's stack names the TypeScript line", { timeout: 60000 }, async () => {
    interface Meta {
        url: string
        dirname: string
        place: { url: string; dirname: string }
        execArgv: string[]
        stack: string
    }
    const results: Meta[] = []
    await runPool<number, Meta>(worker("meta"), [0], 1, r => results.push(r))
    assert.equal(results.length, 1)
    const m = results[0]
    const place = new URL("./pool-workers/where/place.ts", import.meta.url)
    assert.equal(m.url, worker("meta").href)
    assert.equal(m.dirname, dirname(fileURLToPath(worker("meta"))))
    assert.equal(m.place.url, place.href)
    assert.equal(m.place.dirname, dirname(fileURLToPath(place)))
    assert.ok(!m.execArgv.some(a => a.includes("tsx")), `worker flags: ${m.execArgv.join(" ")}`)
    assert.match(m.stack, /meta\.ts:7:\d+/)
})
