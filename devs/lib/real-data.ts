/**
 * Real sensor recordings from ../shared/data/real (third-party, see its
 * README and licences) turned into rig traces. None is a Librium rig: they
 * are real noise, bias, drift, jitter and bit-error spikes with nothing
 * happening, so the referee must call nothing on them. The traces feed the
 * benchmark as `quiet` cases (`npm run real -- --out DIR`, then
 * `npm run bench -- --dir DIR`) and a Node test.
 *
 * Each loader returns timed readings in the trace's units; `mergeTrace`
 * interleaves an IMU stream and a load stream in time order, as a rig's
 * sensors running at their own rates would.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"

export const REAL_DIR = new URL("../../../shared/data/real/", import.meta.url).pathname

export interface ImuReading {
    t_ms: number
    a: [number, number, number]
    g: [number, number, number]
}
export interface LoadReading {
    t_ms: number
    load_g: number
}

function lines(file: string): string[] {
    return readFileSync(join(REAL_DIR, file), "utf8").split(/\r?\n/)
}

function num(s: string, file: string, line: number): number {
    const v = Number(s)
    if (!Number.isFinite(v)) throw new Error(`${file}: line ${line}: "${s}" is not a number`)
    return v
}

/** x-io Fusion example: an IMU at rest and in the hand, 100 Hz; `from_s`..`to_s` selects a segment (rest: 0-10 s, 105-135 s) */
export function fusionImu(from_s: number, to_s: number): ImuReading[] {
    const file = "imu-rest-and-handheld-rotations-100hz-fusion.csv"
    const out: ImuReading[] = []
    lines(file).forEach((l, i) => {
        if (i === 0 || l.trim() === "") return
        const c = l.split(",").map(x => num(x, file, i + 1))
        if (c[0] < from_s || c[0] >= to_s) return
        out.push({ t_ms: (c[0] - from_s) * 1000, g: [c[1], c[2], c[3]], a: [c[4], c[5], c[6]] })
    })
    return out
}

/** ST's LSM6DSOX lying still in a stationary vehicle: 52 Hz (no time column), mg and dps, real gyro bias */
export function lsm6dsoxStill(): ImuReading[] {
    const file = "lsm6dsox-stationary-in-vehicle-52hz-stmems-mlc.txt"
    const out: ImuReading[] = []
    let n = 0
    lines(file).forEach((l, i) => {
        if (i === 0 || l.trim() === "") return
        const c = l.trim().split(/\s+/).map(x => num(x, file, i + 1))
        out.push({ t_ms: (n++ * 1000) / 52, a: [c[0] / 1000, c[1] / 1000, c[2] / 1000], g: [c[3], c[4], c[5]] })
    })
    return out
}

/**
 * The HX711 known-masses log (10 SPS, 20 kg cell), first unloaded plateau
 * (0-22.8 s). Its counts are scaled as a 1 kg cell would give them (20x the
 * 36.8 counts/g of the 20 kg cell: the same ADC noise in counts, a 20x finer
 * gram), with the rig's own weight as the zero.
 */
export function hx711Unloaded(rig_g: number): LoadReading[] {
    const file = "hx711-steps-known-masses-11sps-syringepump.csv"
    const COUNTS_PER_G_1KG_CELL = -36.8 * 20
    const out: LoadReading[] = []
    let zero = NaN
    lines(file).forEach((l, i) => {
        const c = l.split(",")
        if (c.length !== 6 || !/^\d/.test(c[0])) return
        const t = num(c[0], file, i + 1)
        if (t >= 22800) return
        const counts = num(c[4], file, i + 1)
        if (zero !== zero) zero = counts
        out.push({ t_ms: t, load_g: rig_g + (counts - zero) / COUNTS_PER_G_1KG_CELL })
    })
    return out
}

/**
 * The HX71708 slackline log (320 SPS): a steady reading with 14-15 % bit-error
 * spikes of about 2^21 and 2^22 counts. Both recordings, one after the other.
 * Scaled so the white noise (sigma about 75 N) becomes 0.1 g, a NAU7802-class
 * noise on a 1 kg cell: a spike is then 12-24 g, two to four cards.
 */
export function hx71708Spiky(rig_g: number): LoadReading[] {
    const file = "hx71708-bit-error-spikes-330sps-slackcellesp32.txt"
    const G_PER_N = 0.1 / 75
    const out: LoadReading[] = []
    let t0_us = NaN
    let offset_ms = 0
    let last_ms = 0
    let zero = NaN
    lines(file).forEach((l, i) => {
        const c = l.split(",")
        if (c.length !== 3 || !/^\d/.test(c[0].trim())) {
            // a new recording: continue its time after the last one
            if (l.startsWith("Reading")) {
                t0_us = NaN
                offset_ms = last_ms + 5
            }
            return
        }
        const us = num(c[1].trim(), file, i + 1)
        const force_n = num(c[2].trim(), file, i + 1)
        if (t0_us !== t0_us) t0_us = us
        if (zero !== zero) zero = force_n
        last_ms = offset_ms + (us - t0_us) / 1000
        out.push({ t_ms: last_ms, load_g: rig_g + (force_n - zero) * G_PER_N })
    })
    return out
}

/** the two streams as trace rows in time order (IMU and load on their own rows), ending with the shorter stream */
export function mergeTrace(imu: ImuReading[], load: LoadReading[]): string[] {
    const end = Math.min(imu[imu.length - 1].t_ms, load[load.length - 1].t_ms)
    const rows: string[] = []
    let i = 0
    let j = 0
    const f = (x: number, d: number) => String(Math.round(x * 10 ** d) / 10 ** d)
    while (i < imu.length || j < load.length) {
        const takeImu = j >= load.length || (i < imu.length && imu[i].t_ms <= load[j].t_ms)
        const t = takeImu ? imu[i].t_ms : load[j].t_ms
        if (t > end) break
        if (takeImu) {
            const r = imu[i++]
            rows.push([f(t, 2), f(r.a[0], 5), f(r.a[1], 5), f(r.a[2], 5), f(r.g[0], 4), f(r.g[1], 4), f(r.g[2], 4), "", ""].join(","))
        } else {
            rows.push([f(t, 2), "", "", "", "", "", "", f(load[j++].load_g, 3), ""].join(","))
        }
    }
    return rows
}

export interface RealCase {
    name: string
    what: string
    rows: string[]
}

/** the recorded quiet cases: real sensors, nothing happening */
export function realCases(): RealCase[] {
    const RIG_G = 350
    return [
        {
            name: "real-rest-fusion-hx711",
            what: "x-io IMU at rest (Fusion log, 105-135 s) + HX711 unloaded plateau (syringepump log, 0-22.8 s)",
            rows: mergeTrace(fusionImu(105, 135), hx711Unloaded(RIG_G)),
        },
        {
            name: "real-still-lsm6dsox-hx71708-spikes",
            what: "LSM6DSOX still with vehicle vibration and gyro bias (ST MLC log) + HX71708 with 14 % bit-error spikes (SlackCell log)",
            rows: mergeTrace(lsm6dsoxStill(), hx71708Spiky(RIG_G)),
        },
    ]
}
