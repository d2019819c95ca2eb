/**
 * Min/max decimation for plotting long traces, streaming and in constant
 * memory: samples fall into time buckets; each bucket keeps, per series, its
 * minimum and maximum (so spikes survive). When the buckets would exceed
 * `maxBuckets`, neighbours merge pairwise and the bucket width doubles, so an
 * hour-long trace ends with between maxBuckets/2 and maxBuckets buckets.
 */

export interface DecimateSettings {
    /** at most this many buckets (two plotted points each) */
    maxBuckets: number
    /** the starting bucket width, ms (a short trace keeps every sample at this resolution) */
    startWidth_ms: number
}

export const DECIMATE_DEFAULTS: DecimateSettings = { maxBuckets: 1500, startWidth_ms: 5 }

/** plot-ready columns: x (ms) then one array per series; null where a series has no value */
export type Columns = (number | null)[][]

export class MinMaxDecimator {
    readonly series: number
    private readonly settings: DecimateSettings
    private width_ms: number
    private t0_ms = NaN
    /** per bucket: sample count, then per series [min, max, t of min, t of max] */
    private count: number[] = []
    private stats: number[][] = []

    constructor(series: number, settings: DecimateSettings = DECIMATE_DEFAULTS) {
        this.series = series
        this.settings = settings
        this.width_ms = settings.startWidth_ms
    }

    /** the current bucket width, ms */
    bucketWidth_ms(): number {
        return this.width_ms
    }

    /** one instant: `values[k]` for series k (NaN: no value) */
    add(t_ms: number, values: number[]) {
        if (this.t0_ms !== this.t0_ms) this.t0_ms = t_ms
        let b = Math.floor((t_ms - this.t0_ms) / this.width_ms)
        while (b >= this.settings.maxBuckets) {
            this.mergePairs()
            b = Math.floor((t_ms - this.t0_ms) / this.width_ms)
        }
        while (this.count.length <= b) {
            this.count.push(0)
            const st: number[] = []
            for (let k = 0; k < this.series; k++) st.push(Infinity, -Infinity, NaN, NaN)
            this.stats.push(st)
        }
        this.count[b]++
        const st = this.stats[b]
        for (let k = 0; k < this.series; k++) {
            const v = values[k]
            if (v !== v) continue
            if (v < st[4 * k]) {
                st[4 * k] = v
                st[4 * k + 2] = t_ms
            }
            if (v > st[4 * k + 1]) {
                st[4 * k + 1] = v
                st[4 * k + 3] = t_ms
            }
        }
    }

    private mergePairs() {
        const count: number[] = []
        const stats: number[][] = []
        for (let i = 0; i < this.count.length; i += 2) {
            const a = this.stats[i]
            const b = i + 1 < this.count.length ? this.stats[i + 1] : null
            count.push(this.count[i] + (b ? this.count[i + 1] : 0))
            if (b)
                for (let k = 0; k < this.series; k++) {
                    if (b[4 * k] < a[4 * k]) {
                        a[4 * k] = b[4 * k]
                        a[4 * k + 2] = b[4 * k + 2]
                    }
                    if (b[4 * k + 1] > a[4 * k + 1]) {
                        a[4 * k + 1] = b[4 * k + 1]
                        a[4 * k + 3] = b[4 * k + 3]
                    }
                }
            stats.push(a)
        }
        this.count = count
        this.stats = stats
        this.width_ms *= 2
    }

    /**
     * Two points per non-empty bucket, at a quarter and three quarters of its
     * width; per series the extreme that came first goes first. A bucket
     * holding a single sample gives one point, at the sample's own time.
     */
    columns(): Columns {
        const cols: Columns = []
        for (let k = 0; k <= this.series; k++) cols.push([])
        for (let i = 0; i < this.count.length; i++) {
            if (this.count[i] === 0) continue
            const st = this.stats[i]
            if (this.count[i] === 1) {
                let t = NaN
                for (let k = 0; k < this.series && t !== t; k++) t = st[4 * k + 2]
                cols[0].push(t === t ? t : this.t0_ms + i * this.width_ms)
                for (let k = 0; k < this.series; k++) cols[k + 1].push(st[4 * k + 2] === st[4 * k + 2] ? st[4 * k] : null)
                continue
            }
            const start = this.t0_ms + i * this.width_ms
            cols[0].push(start + this.width_ms / 4, start + (3 * this.width_ms) / 4)
            for (let k = 0; k < this.series; k++) {
                const lo = st[4 * k]
                const hi = st[4 * k + 1]
                if (lo === Infinity) cols[k + 1].push(null, null)
                else if (st[4 * k + 2] <= st[4 * k + 3]) cols[k + 1].push(lo, hi)
                else cols[k + 1].push(hi, lo)
            }
        }
        return cols
    }
}
