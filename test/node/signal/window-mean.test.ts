// WindowMean (filters.ts): the running mean of the last n values equals the mean computed directly,
// whatever the values, the gaps (NaN) and the changes of n.
import { test } from "node:test"
import assert from "node:assert/strict"
import fc from "fast-check"
import { WindowMean } from "../../../src/core/signal/filters.ts"

const MAX = 16

/** the mean of the last n of `seen` (NaN: missing), as WindowMean defines it */
function direct(seen: number[], n: number): number {
    const k = Math.min(n, MAX)
    if (seen.length < k) return NaN
    const w = seen.slice(seen.length - k).filter(v => !Number.isNaN(v))
    return w.length >= k - 1 && w.length > 0 ? w.reduce((a, b) => a + b, 0) / w.length : NaN
}

test("WindowMean: the running mean over the last n values matches the direct mean (gaps, n changing, n over max)", () => {
    const step = fc.record({ x: fc.oneof(fc.double({ min: -3000, max: 3000, noNaN: true }), fc.constant(NaN)), n: fc.integer({ min: 1, max: MAX + 4 }) })
    fc.assert(
        fc.property(fc.array(step, { minLength: 1, maxLength: 200 }), steps => {
            const m = new WindowMean(MAX)
            const seen: number[] = []
            let n = steps[0].n
            steps.forEach((s, i) => {
                if (i % 17 === 0) n = s.n
                seen.push(s.x)
                const got = m.update(s.x, n)
                const want = direct(seen, n)
                if (Number.isNaN(want)) assert.ok(Number.isNaN(got), `step ${i}: ${got}, want NaN`)
                else assert.ok(Math.abs(got - want) < 1e-6, `step ${i}: ${got}, want ${want}`)
            })
        }),
        { numRuns: 200 },
    )
})

test("WindowMean: NaN until n values are in; reset forgets them", () => {
    const m = new WindowMean(8)
    assert.ok(Number.isNaN(m.update(1, 3)))
    assert.ok(Number.isNaN(m.update(2, 3)))
    assert.equal(m.update(3, 3), 2)
    m.reset()
    assert.ok(Number.isNaN(m.update(5, 2)))
    assert.equal(m.update(7, 2), 6)
})
