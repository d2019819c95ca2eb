/**
 * `npm run rig -- FILE.csv`: is a recorded rig one the benchmark speaks for? The benchmark's figures come from
 * simulated rigs (src/sim/params.ts draws each case's IMU, load cell and cards from ranges taken from datasheets
 * and the real recordings); this measures the same properties on a real rig's trace (`npm run log`) and says,
 * for each, whether it lies inside the simulated range. A rig outside one is not broken, but the README's figures
 * say nothing about it there; each check outside comes with what usually causes it.
 *
 * Pure: samples and the referee's events in (RigMeter), the checks out (rigChecks). What is measured where the rig
 * stands still (noise, bias, drift, the accelerometer's 1 g) is taken over the longest still stretch of the trace:
 * 500 ms blocks in which no gyro axis moves more than the rest detector's `still_dps` from its block mean and the
 * load less than a quarter card, at one level (stillStretch), or over the stretch the user names.
 */
import { Sample } from "../../src/core/sample.ts"
import { RefEvent } from "../../src/core/referee/types.ts"
import { RefereeSettings } from "../../src/core/config.ts"

/**
 * The simulator's ranges (src/sim/params.ts: drawImu, drawLoad, drawRig). test/node/tools/rig.test.ts draws
 * rigs with those functions and checks that every draw lies inside these and that they reach near both ends.
 */
export const SIMULATED = {
    /** IMU output data rates (LSM6DSOX 104/208, MPU-6050 100/200 Hz), each off by up to the clock error */
    imu_hz: [100, 104, 200, 208],
    imu_clock_err: 0.01,
    /** the chance an IMU sample is lost */
    imu_lost: 0.005,
    /** gyro noise density, dps/rtHz (datasheet x 1-3: LSM6DSOX 3.8 mdps, MPU-6050 5 mdps); sigma = density x sqrt(ODR / 2) */
    gyro_density: [0.0038, 0.015],
    /** zero-rate offset per axis, dps (MPU-6050: 5, LSM6DSOX: 1) */
    gyro_bias_dps: 5,
    /** zero-g offset per axis, g (MPU-6050: 0.05, LSM6DSOX: 0.02) */
    accel_bias_g: 0.05,
    /** load-cell data rates (NAU7802 10-320, HX711 10/80, HX71708 320 SPS), each off by up to the clock error */
    load_sps: [10, 20, 40, 80, 320],
    /** the NAU7802's and the HX71708's clock error (of the conversion period; its rate is off by as much) */
    load_clock_err: 0.03,
    /** the HX711's rates, and its clock error, least and most (of the period: its internal oscillator runs fast, the rate up to 19 % over) */
    hx711_sps: [10, 80],
    hx711_clock_err: [-0.16, 0.02],
    /** white noise per reading at 10 SPS, g; it grows as sqrt(rate / 10) */
    load_noise10_g: [0.03, 0.12],
    /** linear zero drift, g/min */
    load_drift_g_per_min: 0.3,
    /** the zero's random walk on top, at most, g/sqrt(s) */
    load_walk_g_rts: 0.02,
    /** the share of readings that are bit-error spikes (HX711 family; the NAU7802 has none) */
    load_spikes: 0.005,
    /** a case's mean card mass, g */
    card_mass_g: [4.5, 8.5],
}

/** 500 ms blocks make the still stretches (the load's steadiness blocks are as long) */
export const BLOCK_MS = 500
/** a still stretch shorter than this says nothing: no noise, bias or 1 g measured, ms */
export const MIN_STILL_MS = 1000
/** drift is judged only over a still stretch this long at least, ms (over less the random walk and the noise swamp 0.3 g/min) */
export const MIN_DRIFT_MS = 20000
/**
 * a reading more than this many times the cell's noise out from both its neighbours, and back, is a bit-error spike
 * (the HX711 family's are 2^21 counts, over a kilogram; the real recording's, scaled to a 1 kg cell's noise, 12-24 g:
 * 120 times its noise), and at least SPIKE_MIN_G (a hand is on the cell for several readings; a 10 SPS cell averages
 * a poke into one, rarely)
 */
export const SPIKE_K = 20
export const SPIKE_MIN_G = 3
/** an interval this many times the median or longer held rows that are missing (a jitter of 0.8 ms at 208 Hz stays under it) */
export const LONG_INTERVAL = 1.8
/** an interval this long or longer is an outage, not lost rows: the sensor silent (a fault; the sampler retries from 250 ms on), ms */
export const OUTAGE_MS = 250
/** a rate within this share of a simulated one, beyond the clock error, is that one (the estimate's own spread) */
const RATE_TOL = 0.005
/** the mean of a still rod's leftover swing (up to `still_dps`) over a stretch of seconds that is not whole periods, dps */
const BIAS_TOL_DPS = 0.2
/** a card mass assumed until the referee has weighed one, g (the middle of the simulated range) */
const CARD_G = 6.5

/** a check's verdict: inside the simulated range, outside it, or not measured */
export type Verdict = "inside" | "outside" | "-"

export interface RigCheck {
    name: string
    /** the measured value in the check's unit, null when not measured */
    value: number | null
    unit: string
    /** the measured value as shown */
    measured: string
    /** the simulated range as shown */
    simulated: string
    verdict: Verdict
    /** what the measurement says, or why it could not be taken */
    note: string
}

/** a sensor's row times and values, kept for the checks */
class Series {
    t: number[] = []
    v: number[][] = []
    constructor(readonly width: number) {
        for (let i = 0; i < width; i++) this.v.push([])
    }
    push(t: number, vals: number[]) {
        this.t.push(t)
        for (let i = 0; i < this.width; i++) this.v[i].push(vals[i])
    }
}

/** collects a trace's samples and the referee's events for rigChecks */
export class RigMeter {
    /** gx, gy, gz (dps), |a| (g) */
    readonly imu = new Series(4)
    readonly load = new Series(1)
    readonly events: RefEvent[] = []
    add(s: Sample) {
        if (s.hasImu) this.imu.push(s.t_ms, [s.gx_dps, s.gy_dps, s.gz_dps, Math.sqrt(s.ax_g * s.ax_g + s.ay_g * s.ay_g + s.az_g * s.az_g)])
        if (s.hasLoad) this.load.push(s.t_ms, [s.load_g])
    }
    event(e: RefEvent) {
        this.events.push(e)
    }
}

/** a sensor's rows in time */
export interface Rate {
    /** the read rate, from the ordinary intervals (under LONG_INTERVAL times the median) */
    hz: number
    /** readings per second, outages left out */
    mean_hz: number
    rows: number
    /** intervals from LONG_INTERVAL times the median up to an outage, and the rows they would have held at the read rate */
    long: number
    missing: number
    /** intervals of OUTAGE_MS or more (the sensor silent), and their total, ms */
    outages: number
    outage_ms: number
}

export function rateOf(t: number[]): Rate | null {
    if (t.length < 3) return null
    const dt: number[] = []
    for (let i = 1; i < t.length; i++) dt.push(t[i] - t[i - 1])
    const med = median(dt)
    if (!(med > 0)) return null
    let sum = 0
    let n = 0
    for (const d of dt) {
        if (d < LONG_INTERVAL * med) {
            sum += d
            n++
        }
    }
    const mean = sum / n
    const r: Rate = { hz: 1000 / mean, mean_hz: NaN, rows: t.length, long: 0, missing: 0, outages: 0, outage_ms: 0 }
    for (const d of dt) {
        if (d >= OUTAGE_MS) {
            r.outages++
            r.outage_ms += d
        } else if (d >= LONG_INTERVAL * med) {
            r.long++
            r.missing += Math.max(0, Math.round(d / mean) - 1)
        }
    }
    const span = t[t.length - 1] - t[0] - r.outage_ms
    r.mean_hz = span > 0 ? (1000 * (dt.length - r.outages)) / span : r.hz
    return r
}

export function median(xs: number[]): number {
    if (xs.length === 0) return NaN
    const s = [...xs].sort((a, b) => a - b)
    const m = s.length >> 1
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** the white noise of a whole series of readings, robustly (spikes, hands and cards are a small share of its second differences) */
export function wholeNoise(v: number[]): number {
    const d2: number[] = []
    for (let i = 1; i + 1 < v.length; i++) d2.push(Math.abs(v[i + 1] - 2 * v[i] + v[i - 1]))
    return d2.length > 0 ? robustSigma(d2) : 0
}

/**
 * the indices of readings that are bit-error spikes: out from both neighbours by SPIKE_K times the noise (the whole
 * series', wholeNoise) or more, SPIKE_MIN_G at least, and back, the neighbours agreeing
 */
export function spikesOf(v: number[], noise = wholeNoise(v)): Set<number> {
    const line = Math.max(SPIKE_K * noise, SPIKE_MIN_G)
    const out = new Set<number>()
    for (let i = 1; i + 1 < v.length; i++) {
        const a = v[i] - v[i - 1]
        const b = v[i] - v[i + 1]
        // out and back in one reading, the readings either side agreeing (a ring or a step moves them apart)
        if (a * b > 0 && Math.abs(a) >= line && Math.abs(b) >= line && Math.abs(v[i + 1] - v[i - 1]) < line / 2) out.add(i)
    }
    return out
}

/**
 * white noise per reading from second differences (x[i+1] - 2 x[i] + x[i-1] has 6 sigma^2 of white noise, and
 * hardly any of a slow swing or drift), over runs of rows with no gap and no spike, by their median (robust: a
 * spike the neighbour test let through, two in a row, counts as one large difference); NaN with fewer than 10
 */
export function noiseOf(t: number[], v: number[], from: number, to: number, hz: number, skip: Set<number> = new Set()): number {
    const gap = 1.5 * (1000 / hz)
    const d2: number[] = []
    for (let i = 1; i + 1 < t.length; i++) {
        if (t[i - 1] < from || t[i + 1] > to) continue
        if (skip.has(i - 1) || skip.has(i) || skip.has(i + 1)) continue
        if (t[i] - t[i - 1] > gap || t[i + 1] - t[i] > gap) continue
        d2.push(Math.abs(v[i + 1] - 2 * v[i] + v[i - 1]))
    }
    return d2.length < 10 ? NaN : robustSigma(d2)
}

/** how many second differences noiseOf takes (for the estimate's standard error) */
export function noiseCount(t: number[], from: number, to: number): number {
    let n = 0
    for (let i = 1; i + 1 < t.length; i++) if (t[i - 1] >= from && t[i + 1] <= to) n++
    return n
}

/**
 * whether a noise estimate over n second differences fits [lo, hi]: the median's relative standard error is about
 * 1.6 / sqrt(n) (a median's efficiency on Gaussian data, 64 %, and neighbouring differences sharing readings), and
 * two of them either way are allowed
 */
export function noiseFits(sigma: number, n: number, lo: number, hi: number): boolean {
    const tol = 2 * 1.6 / Math.sqrt(Math.max(n, 1))
    return sigma * (1 - tol) <= hi && sigma * (1 + tol) >= lo
}

/** a noise inside by noiseFits but outside lo..hi as measured: said, so the table does not read as a contradiction */
function edgeNote(sigma: number, n: number, lo: number, hi: number): string {
    if (sigma >= lo && sigma <= hi) return ""
    return `; ${sigma > hi ? "over" : "under"} the range by less than the estimate's uncertainty (${n} readings)`
}

/** sigma of white noise from its second differences' absolute values: |N(0, 6 sigma^2)| has the median 0.6745 sqrt(6) sigma */
function robustSigma(absD2: number[]): number {
    return median(absD2) / (0.6745 * Math.sqrt(6))
}

/** the least-squares slope of v over t within [from, to], per ms */
function slopeOf(t: number[], v: number[], from: number, to: number, skip: Set<number>): number {
    let n = 0
    let st = 0
    let sv = 0
    let stt = 0
    let stv = 0
    for (let i = 0; i < t.length; i++) {
        if (t[i] < from || t[i] > to || skip.has(i)) continue
        n++
        st += t[i]
        sv += v[i]
        stt += t[i] * t[i]
        stv += t[i] * v[i]
    }
    const den = n * stt - st * st
    return n < 3 || den === 0 ? NaN : (n * stv - st * sv) / den
}

function meanOf(t: number[], v: number[], from: number, to: number): number {
    let s = 0
    let n = 0
    for (let i = 0; i < t.length; i++) {
        if (t[i] < from || t[i] > to) continue
        s += v[i]
        n++
    }
    return n === 0 ? NaN : s / n
}

/**
 * the longest still stretch, [from, to] in ms: consecutive 500 ms blocks in which every gyro axis stays within
 * `still_dps` of its block mean and the load's range (spikes, and its highest and lowest tenth, left out) is under
 * a quarter card (or four times the cell's noise), all at one level; a block must hold rows of each sensor the
 * trace has. Null when no stretch is MIN_STILL_MS long.
 */
export function stillStretch(m: RigMeter, still_dps: number, card_g: number, spikes: Set<number>, noise = wholeNoise(m.load.v[0])): { from: number; to: number } | null {
    const hasImu = m.imu.t.length > 0
    const hasLoad = m.load.t.length > 0
    const end = Math.max(hasImu ? m.imu.t[m.imu.t.length - 1] : 0, hasLoad ? m.load.t[m.load.t.length - 1] : 0)
    const blocks = Math.floor(end / BLOCK_MS) + 1
    const still: boolean[] = new Array(blocks).fill(true)
    const seen = (series: Series, keep: (i: number) => boolean) => {
        const rows: number[][] = Array.from({ length: blocks }, (): number[] => [])
        for (let i = 0; i < series.t.length; i++) if (keep(i)) rows[Math.floor(series.t[i] / BLOCK_MS)].push(i)
        return rows
    }
    if (hasImu) {
        const rows = seen(m.imu, () => true)
        for (let b = 0; b < blocks; b++) {
            if (rows[b].length < 2) {
                still[b] = false
                continue
            }
            for (let a = 0; a < 3 && still[b]; a++) {
                const v = rows[b].map(i => m.imu.v[a][i])
                const mean = v.reduce((x, y) => x + y, 0) / v.length
                if (v.some(x => Math.abs(x - mean) > still_dps)) still[b] = false
            }
        }
    }
    // each block's load median: a stretch also holds its level (below)
    const level: number[] = new Array(blocks).fill(NaN)
    if (hasLoad) {
        const rows = seen(m.load, i => !spikes.has(i))
        // a quarter card, or four times the cell's noise on a noisy cell (its readings' middle 80 % span 2.6 sigma)
        const quiet = Math.max(card_g / 4, 4 * noise)
        for (let b = 0; b < blocks; b++) {
            // the range of the block's readings less its highest and lowest tenth (spikes two in a row pass spikesOf)
            const v = rows[b].map(i => m.load.v[0][i]).sort((x, y) => x - y)
            const cut = Math.floor(v.length / 10)
            if (v.length < 1 || v[v.length - 1 - cut] - v[cut] >= quiet) still[b] = false
            level[b] = median(v)
        }
    }
    // a block whose level is a quarter card or more from the stretch's first block's starts a new stretch (a card
    // coming on over a few seconds moves no block by a quarter card)
    let best: { from: number; to: number } | null = null
    let start = -1
    for (let b = 0; b <= blocks; b++) {
        const held = b < blocks && still[b] && (start < 0 || !(Math.abs(level[b] - level[start]) >= card_g / 4))
        if (held) {
            if (start < 0) start = b
            continue
        }
        if (start >= 0 && (!best || (b - start) * BLOCK_MS > best.to - best.from)) best = { from: start * BLOCK_MS, to: b * BLOCK_MS }
        start = b < blocks && still[b] ? b : -1
    }
    return best && best.to - best.from >= MIN_STILL_MS ? best : null
}

/** the simulated rate nearest `hz`, and whether `hz` is within the clock error of it */
function nearestRate(hz: number, rates: number[], periodErr: (rate: number) => number[]): { rate: number; inside: boolean } {
    const rate = rates.reduce((a, b) => (Math.abs(b - hz) < Math.abs(a - hz) ? b : a))
    const err = periodErr(rate)
    // a period `err` too long is a rate 1 / (1 + err) of the nominal
    return { rate, inside: hz / rate >= 1 / (1 + err[1]) - RATE_TOL && hz / rate <= 1 / (1 + err[0]) + RATE_TOL }
}

/** the clock error a simulated converter of this nominal rate may have, least and most (an HX711's rates run fast) */
function loadPeriodErr(rate: number): number[] {
    const e = SIMULATED.load_clock_err
    const hx = SIMULATED.hx711_clock_err
    return SIMULATED.hx711_sps.indexOf(rate) >= 0 ? [Math.min(-e, hx[0]), Math.max(e, hx[1])] : [-e, e]
}

const fixed = (x: number, d: number) => x.toFixed(d)
const range = (a: number, b: number, d: number, unit: string) => `${fixed(a, d)}-${fixed(b, d)} ${unit}`

/** a check; a null value is not measured (the note says why), nor is one that is not a number (no rows to measure it on) */
function check(name: string, value: number | null, unit: string, measured: string, simulated: string, inside: boolean | null, note: string): RigCheck {
    if (value === null) return { name, value, unit, measured: "-", simulated, verdict: "-", note }
    if (!Number.isFinite(value)) return { name, value: null, unit, measured: "-", simulated, verdict: "-", note: "no rows to measure it on" }
    return { name, value, unit, measured, simulated, verdict: inside === null ? "-" : inside ? "inside" : "outside", note }
}

/** "2 silent spells, 3.1 s in all" for a sensor's outages, or "" */
function outagesNote(r: Rate): string {
    return r.outages === 0 ? "" : `; ${r.outages} silent spell${r.outages > 1 ? "s" : ""} of ${OUTAGE_MS} ms or more, ${fixed(r.outage_ms / 1000, 1)} s in all (a sensor fault, not counted)`
}

/**
 * every check on a trace's samples and the referee's events, with the settings of the trace's level (the rest
 * detector's stillness, the hanger detector's threshold); `rest` overrides the still stretch found
 */
export function rigChecks(m: RigMeter, settings: RefereeSettings, rest: { from: number; to: number } | null = null): { checks: RigCheck[]; still: { from: number; to: number } | null; hanger_g: number | null } {
    const S = SIMULATED
    const checks: RigCheck[] = []
    const imuRate = rateOf(m.imu.t)
    const loadRate = rateOf(m.load.t)
    // the whole series' noise, sorted once: the spike line and the still blocks' bound both take it
    const loadNoise = wholeNoise(m.load.v[0])
    const spikes = spikesOf(m.load.v[0], loadNoise)
    // each placement's step (per card when several went on at once: load_steps)
    const placed = m.events.filter(e => e.type === "placed" && typeof e["delta_g"] === "number").map(e => e["delta_g"] as number)
    const card_g = placed.length > 0 ? median(placed) : CARD_G
    const still = rest ?? stillStretch(m, settings.rest.still_dps, card_g, spikes, loadNoise)
    const stillNote = still ? `over the still stretch ${fixed(still.from / 1000, 1)}-${fixed(still.to / 1000, 1)} s` : "the rig is never still for a second (record the empty rig settling first, or give --rest)"
    const imuRates = S.imu_hz.join(", ") + " Hz ±1 %"

    // the IMU
    if (imuRate) {
        const near = nearestRate(imuRate.hz, S.imu_hz, () => [-S.imu_clock_err, S.imu_clock_err])
        checks.push(check("IMU rate", imuRate.hz, "Hz", fixed(imuRate.hz, 1) + " Hz", imuRates, near.inside, near.inside ? `${imuRate.rows} rows` : "the firmware samples 100-104 Hz: a lower rate is usually telemetry rows decimated (lib_tel=decimated, the default): record with lib_tel=full"))
        // every read of the IMU gives a sample (the driver reads the chip's latest): a long interval is rows lost
        const expected = imuRate.rows + imuRate.missing
        const lost = imuRate.missing / expected
        // the simulated chance, and three binomial standard errors over it (a draw of 0.5 % loses more now and then)
        const ok = lost <= S.imu_lost + 3 * Math.sqrt((S.imu_lost * (1 - S.imu_lost)) / expected)
        checks.push(check("IMU rows lost", 100 * lost, "%", fixed(100 * lost, 2) + " %", `≤ ${fixed(100 * S.imu_lost, 1)} %`, ok, (ok ? `${imuRate.missing} rows` : `${imuRate.missing} rows missing between the sensor and the file: a busy USB link (a 115200-baud bridge cannot carry full rows) or a late sampler`) + outagesNote(imuRate)))
    } else checks.push(check("IMU rate", null, "Hz", "", imuRates, null, "no IMU rows"))
    if (imuRate) {
        const lo = S.gyro_density[0] * Math.sqrt(imuRate.hz / 2)
        const hi = S.gyro_density[1] * Math.sqrt(imuRate.hz / 2)
        const simulated = range(lo, hi, 3, "dps")
        if (still) {
            const noise = Math.max(...[0, 1, 2].map(a => noiseOf(m.imu.t, m.imu.v[a], still.from, still.to, imuRate.hz)))
            const n = noiseCount(m.imu.t, still.from, still.to)
            const inside = noiseFits(noise, n, lo, hi)
            checks.push(check("gyro noise at rest", noise, "dps", fixed(noise, 3) + " dps", simulated, inside, inside ? "the noisiest axis, " + stillNote + edgeNote(noise, n, lo, hi) : noise > hi ? "noisier than any simulated IMU (the noisiest axis): check its 3V3 supply and that it is an LSM6DS3/DSOX or MPU-6050/6500; a fan or a stiff cable moving the rod shows here too" : "quieter than any simulated IMU: a gyro reading that hardly changes may be stuck or filtered"))
            const bias = Math.max(...[0, 1, 2].map(a => Math.abs(meanOf(m.imu.t, m.imu.v[a], still.from, still.to))))
            checks.push(check("gyro bias", bias, "dps", fixed(bias, 2) + " dps", `≤ ${S.gyro_bias_dps} dps`, bias <= S.gyro_bias_dps + BIAS_TOL_DPS, bias <= S.gyro_bias_dps ? "the largest axis; the referee takes it out at each tare" : "the referee takes the bias out at each tare, but the benchmark's IMUs had at most 5 dps"))
            const g = meanOf(m.imu.t, m.imu.v[3], still.from, still.to)
            const off = Math.sqrt(3) * S.accel_bias_g
            checks.push(check("accelerometer at rest", g, "g", fixed(g, 3) + " g", range(1 - off, 1 + off, 3, "g"), Math.abs(g - 1) <= off, Math.abs(g - 1) <= off ? "the length of the specific force" : "at rest it should read 1 g: check the IMU's range (±4 g) and part"))
        } else checks.push(check("gyro noise at rest", null, "dps", "", simulated, null, stillNote))
    }

    // the load cell
    const hxFast = Math.round(100 * (1 / (1 + S.hx711_clock_err[0]) - 1))
    const loadRates = `${S.load_sps.join(", ")} SPS ±${Math.round(100 * S.load_clock_err)} %; an HX711's ${S.hx711_sps.join(" and ")} up to ${hxFast} % fast`
    let hanger_g: number | null = null
    if (loadRate) {
        // the converter's own rate: readings over time (a converter slower than the reads leaves a read empty now
        // and then, and the next reading comes two read periods on; one faster loses a reading unseen)
        const near = nearestRate(loadRate.mean_hz, S.load_sps, loadPeriodErr)
        const twice = loadRate.long === 0 ? "" : `; ${loadRate.long} came two read periods or more apart (a converter slower than the reads, or a reading lost on the way)`
        // past the NAU7802's clock error: an HX711's own oscillator, which runs fast
        const fast = loadRate.mean_hz / near.rate - 1
        const hx = near.inside && fast > S.load_clock_err + RATE_TOL ? `, ${Math.round(100 * fast)} % over ${near.rate}: an HX711's own oscillator, as the simulated ones` : ""
        checks.push(check("load rate", loadRate.mean_hz, "SPS", fixed(loadRate.mean_hz, 1) + " SPS", loadRates, near.inside, (near.inside ? `${loadRate.rows} readings${hx} (the firmware runs the NAU7802 at 80)` : "not a rate the benchmark simulated; with lib_tel=decimated every 4th row is logged: record with lib_tel=full") + twice + outagesNote(loadRate)))
        // counted where the rig is still: a slow cell aliases a ringing hanger into readings that jump out and back too
        if (still) {
            let n = 0
            let k = 0
            for (let i = 0; i < m.load.t.length; i++) {
                if (m.load.t[i] < still.from || m.load.t[i] > still.to) continue
                n++
                if (spikes.has(i)) k++
            }
            const share = n > 0 ? k / n : 0
            const allowed = S.load_spikes + 3 * Math.sqrt((S.load_spikes * (1 - S.load_spikes)) / Math.max(n, 1))
            const ok = share <= allowed
            checks.push(check("bit-error spikes at rest", 100 * share, "%", fixed(100 * share, 2) + " %", `≤ ${fixed(100 * S.load_spikes, 1)} %`, ok, ok ? `${k} of ${n} readings out from both neighbours and back (by ${SPIKE_K} times the noise, ${SPIKE_MIN_G} g at least)` : "the referee rejects them, but the benchmark's cells had at most 0.5 %: check the converter's wiring, its supply and its clock"))
        }
        const sps = near.rate
        const lo = S.load_noise10_g[0] * Math.sqrt(sps / 10)
        const hi = S.load_noise10_g[1] * Math.sqrt(sps / 10)
        const simulated = range(lo, hi, 3, `g at ${sps} SPS`)
        if (still) {
            const noise = noiseOf(m.load.t, m.load.v[0], still.from, still.to, loadRate.hz, spikes)
            if (Number.isFinite(noise)) {
                const h = settings.hanger
                const nz = h.noise_k * noise
                hanger_g = nz < h.floor_g ? h.floor_g : nz < h.min_g ? nz : h.min_g
            }
            const n = noiseCount(m.load.t, still.from, still.to)
            const inside = noiseFits(noise, n, lo, hi)
            const hangerNote = hanger_g === null ? "" : `; the hanger detector's line on it ${fixed(hanger_g, 2)} g: a hand putting less on the cell goes unseen`
            checks.push(check("load noise at rest", noise, "g", fixed(noise, 3) + " g", simulated, inside, (inside ? "per reading, " + stillNote + edgeNote(noise, n, lo, hi) : noise > hi ? "noisier than any simulated cell: check the cell's leads (short, twisted), the NAU7802's supply and that the cell's range suits (500 g-1 kg)" : "quieter than any simulated cell: a reading that hardly changes may be stuck or filtered") + hangerNote))
            const span = still.to - still.from
            // the zero's random walk tilts a fitted line too: its slope's sigma over T s is about walk sqrt(6 / 5) / sqrt(T); three allowed
            const allowed = S.load_drift_g_per_min + (3 * S.load_walk_g_rts * Math.sqrt(6 / 5) * 60) / Math.sqrt(span / 1000)
            if (span >= MIN_DRIFT_MS) {
                const drift = slopeOf(m.load.t, m.load.v[0], still.from, still.to, spikes) * 60000
                const ok = Math.abs(drift) <= allowed
                checks.push(check("load drift at rest", drift, "g/min", fixed(drift, 2) + " g/min", `±${fixed(allowed, 2)} g/min over ${fixed(span / 1000, 0)} s`, ok, ok ? stillNote : "drifts faster than the simulated cells: let the cell warm up for a few minutes, keep it out of draughts and sun"))
            } else checks.push(check("load drift at rest", null, "g/min", "", `±${S.load_drift_g_per_min} g/min and a random walk`, null, `needs a still stretch of ${MIN_DRIFT_MS / 1000} s (the longest is ${fixed(span / 1000, 1)} s)`))
        } else checks.push(check("load noise at rest", null, "g", "", simulated, null, stillNote))
    } else checks.push(check("load rate", null, "SPS", "", loadRates, null, "no load rows"))

    // the cards, as the referee weighed them
    const [lo, hi] = S.card_mass_g
    if (placed.length > 0) {
        const inside = card_g >= lo && card_g <= hi
        checks.push(check("card mass", card_g, "g", fixed(card_g, 2) + " g", range(lo, hi, 1, "g"), inside, inside ? `the median of ${placed.length} placements' steps` : "the placement detector learns the card mass, but the benchmark's cards weighed 4.5-8.5 g"))
    } else checks.push(check("card mass", null, "g", "", range(lo, hi, 1, "g"), null, "no card placed"))
    return { checks, still, hanger_g }
}
