/**
 * A seeded pseudo-random generator (mulberry32) that gives the same sequence
 * in Node and in the DeviceScript VM (32-bit integer arithmetic only), plus a
 * normal deviate by the polar method (no trig).
 */
export class Rng {
    private s: number
    private spare = NaN

    constructor(seed: number) {
        this.s = (seed | 0) ^ 0x9e3779b9
    }

    /** uniform in [0, 1) */
    next(): number {
        this.s = (this.s + 0x6d2b79f5) | 0
        let t = this.s
        t = Math.imul(t ^ (t >>> 15), t | 1)
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }

    /** uniform in [lo, hi) */
    range(lo: number, hi: number): number {
        return lo + (hi - lo) * this.next()
    }

    /** a whole number in [lo, hi] */
    int(lo: number, hi: number): number {
        return lo + Math.floor((hi - lo + 1) * this.next())
    }

    /** true with probability p */
    chance(p: number): boolean {
        return this.next() < p
    }

    /** standard normal deviate (Marsaglia's polar method) */
    gauss(): number {
        if (this.spare === this.spare) {
            const v = this.spare
            this.spare = NaN
            return v
        }
        let u = 0
        let v = 0
        let s = 2
        while (s >= 1 || s === 0) {
            u = 2 * this.next() - 1
            v = 2 * this.next() - 1
            s = u * u + v * v
        }
        const m = Math.sqrt((-2 * Math.log(s)) / s)
        this.spare = v * m
        return u * m
    }
}
