/**
 * Turn order and player removal as pure functions (boardgame.io style).
 * Seats are 1-based; `out[i]` is true when seat i+1 is knocked out. Nothing
 * here mutates its arguments.
 */

/** every seat of a game of `players` still in */
export function freshSeats(players: number): boolean[] {
    const out: boolean[] = []
    for (let i = 0; i < players; i++) out.push(false)
    return out
}

/** number of seats still in */
export function remaining(out: boolean[]): number {
    let n = 0
    for (let i = 0; i < out.length; i++) if (!out[i]) n++
    return n
}

/** the next seat after `seat` that is still in, wrapping around (`seat` itself if it is the only one); 0 if none */
export function nextSeat(out: boolean[], seat: number): number {
    const n = out.length
    for (let k = 1; k <= n; k++) {
        const s = ((seat - 1 + k) % n) + 1
        if (!out[s - 1]) return s
    }
    return 0
}

/** the seat before `seat` that is still in, wrapping around (`seat` itself if it is the only one); 0 if none */
export function prevSeat(out: boolean[], seat: number): number {
    const n = out.length
    for (let k = 1; k <= n; k++) {
        const s = ((seat - 1 - k + 2 * n) % n) + 1
        if (!out[s - 1]) return s
    }
    return 0
}

/** a copy of `out` with `seat` knocked out */
export function knockOut(out: boolean[], seat: number): boolean[] {
    if (seat < 1 || seat > out.length) throw new Error("knockOut: no seat " + seat + " in a game of " + out.length)
    const next = out.slice(0)
    next[seat - 1] = true
    return next
}

/** the one seat left in, or 0 while two or more remain */
export function lastStanding(out: boolean[]): number {
    if (remaining(out) !== 1) return 0
    return nextSeat(out, 0)
}

/** who starts the round after `knocked` went out: the next remaining seat after them (`out` already has them out) */
export function roundStarter(out: boolean[], knocked: number): number {
    return nextSeat(out, knocked)
}
