import { test } from "node:test"
import assert from "node:assert/strict"
import { freshSeats, knockOut, lastStanding, nextSeat, remaining, roundStarter } from "../../../src/core/referee/turns.ts"

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
