// Min/max decimation: bounded output for long traces, extremes kept, short traces untouched.
import { test } from "node:test"
import assert from "node:assert/strict"
import { MinMaxDecimator } from "../../../devs/lib/decimate.ts"

test("an hour at 200 Hz ends in at most maxBuckets buckets and keeps a one-sample spike", () => {
    const d = new MinMaxDecimator(1, { maxBuckets: 1000, startWidth_ms: 5 })
    const spikeAt = 1234565
    for (let t = 0; t < 3600e3; t += 5) d.add(t, [t === spikeAt ? 500 : Math.sin(t / 1000)])
    const [x, y] = d.columns()
    assert.ok(x.length <= 2000 && x.length > 1000, `points: ${x.length}`)
    assert.equal(Math.max(...(y as number[])), 500, "the spike survives")
    assert.ok(Math.min(...(y as number[])) < -0.999, "the troughs survive")
    // 3600 s over <= 1000 buckets: width is the first doubling of 5 ms at or above 3.6 s
    assert.equal(d.bucketWidth_ms(), 5 * 1024)
    for (let i = 1; i < x.length; i++) assert.ok((x[i] as number) > (x[i - 1] as number), "x increases")
})

test("a short trace keeps every sample at its own time, series with no value give null", () => {
    const d = new MinMaxDecimator(2, { maxBuckets: 100, startWidth_ms: 5 })
    d.add(0, [1, NaN])
    d.add(10, [2, 7])
    d.add(30, [3, NaN])
    assert.deepEqual(d.columns(), [
        [0, 10, 30],
        [1, 2, 3],
        [null, 7, null],
    ])
})

test("within a bucket the extreme that came first is plotted first", () => {
    const d = new MinMaxDecimator(1, { maxBuckets: 100, startWidth_ms: 100 })
    d.add(0, [5])
    d.add(10, [9])
    d.add(20, [1])
    d.add(100, [1])
    d.add(110, [3])
    const [x, y] = d.columns()
    assert.deepEqual(x, [25, 75, 125, 175])
    assert.deepEqual(y, [9, 1, 1, 3])
})
