import { test } from "node:test"
import assert from "node:assert/strict"
import fc from "fast-check"
import { freshSeats, knockOut, lastStanding, nextSeat, prevSeat, remaining, roundStarter } from "../../../src/core/referee/turns.ts"

test("the next remaining player wraps around past the last seat", () => {
    const out = freshSeats(4)
    assert.equal(nextSeat(out, 1), 2)
    assert.equal(nextSeat(out, 4), 1)
})

test("the next remaining player skips seats that are out", () => {
    const out = [false, true, true, false, false] // seats 2 and 3 out
    assert.equal(nextSeat(out, 1), 4)
    assert.equal(nextSeat(out, 5), 1)
    assert.equal(nextSeat([true, false, true], 2), 2, "the only seat left plays again")
    assert.equal(nextSeat([true, true], 1), 0, "nobody left")
})

test("the seat before a player wraps around past the first seat and skips seats that are out", () => {
    assert.equal(prevSeat(freshSeats(4), 2), 1)
    assert.equal(prevSeat(freshSeats(4), 1), 4)
    const out = [false, true, true, false, false] // seats 2 and 3 out
    assert.equal(prevSeat(out, 4), 1)
    assert.equal(prevSeat(out, 1), 5)
    assert.equal(prevSeat([true, false, true], 2), 2, "the only seat left")
    assert.equal(prevSeat([true, true], 1), 0, "nobody left")
    assert.equal(prevSeat([false, true, false], 2), 1, "from a seat that is out: the one before it still in")
})

test("the seat before the next one is the seat itself, for any seats out", () => {
    const game = fc.integer({ min: 2, max: 8 }).chain(n => fc.tuple(fc.array(fc.boolean(), { minLength: n, maxLength: n }), fc.integer({ min: 1, max: n })))
    fc.assert(
        fc.property(game, ([out, seat]) => {
            if (out[seat - 1]) return
            assert.equal(prevSeat(out, nextSeat(out, seat)), seat)
            assert.equal(nextSeat(out, prevSeat(out, seat)), seat)
        }),
    )
})

test("removing a player returns a new array and leaves the old one alone", () => {
    const before = freshSeats(3)
    const after = knockOut(before, 2)
    assert.deepEqual(after, [false, true, false])
    assert.deepEqual(before, [false, false, false])
    assert.equal(remaining(after), 2)
    assert.throws(() => knockOut(before, 4), /no seat 4 in a game of 3/)
})

test("the last one standing is found only when exactly one seat remains", () => {
    assert.equal(lastStanding([false, true, false]), 0)
    assert.equal(lastStanding([true, true, false]), 3)
    assert.equal(lastStanding([true, true]), 0)
})

test("the next round starts with the next remaining player after the one knocked out", () => {
    // seat 3 of 4 just went out: seat 4 starts
    assert.equal(roundStarter(knockOut(freshSeats(4), 3), 3), 4)
    // seat 4 went out and seat 1 is already out: wraps to seat 2
    assert.equal(roundStarter([true, false, false, true], 4), 2)
})
