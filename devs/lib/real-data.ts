/**
 * Real sensor recordings from ../shared/data/real (third-party, see its
 * README and licences) turned into rig traces. None is a Librium rig: they
 * are real noise, bias, drift, jitter and bit-error spikes with nothing
 * happening, so the referee must call nothing on them. The traces feed the
 * benchmark as `quiet` cases (`npm run real -- --out DIR`, then
 * `npm run bench -- --dir DIR`) and a Node test.
 *
 * The `read*` functions return each file's readings as recorded (the signal
 * modules' tests use them too); the others turn them into the trace's units,
 * and `mergeTrace` interleaves an IMU stream and a load stream in time order,
 * as a rig's sensors running at their own rates would.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"

/** the recordings: ../shared/data/real beside this repository, or the folder LIBRIUM_REAL_DIR names */
export const REAL_DIR = process.env.LIBRIUM_REAL_DIR || new URL("../../../shared/data/real/", import.meta.url).pathname

/** one recording's text; a missing folder or file is a clear error saying where it was looked for */
function realText(file: string): string {
    const path = join(REAL_DIR, file)
    if (!existsSync(path))
        throw new Error(`real recording ${file} not found in ${REAL_DIR}: the recordings live in ../shared/data/real beside this repository (set LIBRIUM_REAL_DIR to their folder)`)
    return readFileSync(path, "utf8")
}

export interface ImuReading {
    t_ms: number
    a: [number, number, number]
    g: [number, number, number]
}
export interface LoadReading {
    t_ms: number
    load_g: number
}

/** HX71708 slackline log: force in N at about 330 SPS, both recordings (its time column is in µs) */
export function readHx71708(): { t_ms: number; force_n: number; recording: number }[] {
    const out: { t_ms: number; force_n: number; recording: number }[] = []
    let rec = -1
    for (const line of realText("hx71708-bit-error-spikes-330sps-slackcellesp32.txt").split(/\r?\n/)) {
        if (line.startsWith("Reading ID")) rec++
        const c = line.split(",")
        if (c.length !== 3 || !/^\s*-?\d+\s*$/.test(c[2])) continue
        out.push({ t_ms: +c[1] / 1000, force_n: +c[2], recording: rec })
    }
    return out
}

/** HX711 known-masses log: raw counts at about 11 SPS (counts fall as the load rises, ~36.8 counts/g on its 20 kg cell) */
export function readHx711Steps(): { t_ms: number; counts: number }[] {
    const out: { t_ms: number; counts: number }[] = []
    for (const line of realText("hx711-steps-known-masses-11sps-syringepump.csv").split(/\r?\n/)) {
        const c = line.split(",")
        if (c.length !== 6 || !/^\d+$/.test(c[0])) continue
        out.push({ t_ms: +c[0], counts: +c[4] })
    }
    return out
}

/** an x-io log (Fusion's, Gait-Tracking's): time in s, gyro X/Y/Z in dps, accel X/Y/Z in g, then any more columns */
function readXioImu(file: string): ImuReading[] {
    const out: ImuReading[] = []
    const lines = realText(file).split(/\r?\n/)
    for (let i = 1; i < lines.length; i++) {
        const c = lines[i].split(",").map(Number)
        if (c.length < 7 || c.some(v => v !== v)) continue
        out.push({ t_ms: c[0] * 1000, g: [c[1], c[2], c[3]], a: [c[4], c[5], c[6]] })
    }
    return out
}

/** x-io Fusion example IMU log at 100 Hz: time in ms, gyro dps, accel g */
export function readFusionImu(): ImuReading[] {
    return readXioImu("imu-rest-and-handheld-rotations-100hz-fusion.csv")
}

/** ST's LSM6DSOX lying still in a stationary vehicle: 52 Hz (no time column), mg and dps, real gyro bias */
export function readLsm6dsoxStill(): ImuReading[] {
    const out: ImuReading[] = []
    const lines = realText("lsm6dsox-stationary-in-vehicle-52hz-stmems-mlc.txt").split(/\r?\n/)
    for (let i = 1; i < lines.length; i++) {
        if (lines[i].trim() === "") continue
        const c = lines[i].trim().split(/\s+/).map(Number)
        out.push({ t_ms: (out.length * 1000) / 52, a: [c[0] / 1000, c[1] / 1000, c[2] / 1000], g: [c[3], c[4], c[5]] })
    }
    return out
}

/**
 * MicroStrain 3DM-CX5 drop test (AirbrakesV2 log): the raw packets at about 1 kHz (the rows with `scaledAccel*`
 * filled; the filter's rows between them are skipped), time from the first packet's ns timestamp, accel in g as
 * recorded (z reads about -1 at rest), gyro turned from the MIP convention's rad/s into dps. Handled near 1 g until
 * about 3.0 s, free fall to 3.4 s, the impact at 3.42 s (27 g, ~1,500 dps), bounces after.
 */
export function readDropImu(): ImuReading[] {
    const lines = realText("imu-drop-freefall-impact-1khz-airbrakesv2.csv").split(/\r?\n/)
    const head = lines[0].split(",")
    const col = (name: string) => {
        const i = head.indexOf(name)
        if (i < 0) throw new Error(`the drop log has no ${name} column`)
        return i
    }
    const ts = col("timestamp")
    const ax = col("scaledAccelX")
    const gx = col("scaledGyroX")
    const DEG_PER_RAD = 180 / Math.PI
    const out: ImuReading[] = []
    let t0 = 0n
    for (let i = 1; i < lines.length; i++) {
        const c = lines[i].split(",")
        if (c.length <= gx + 2 || c[ax] === "") continue
        const t = BigInt(c[ts])
        if (out.length === 0) t0 = t
        out.push({
            t_ms: Number(t - t0) / 1e6,
            a: [+c[ax], +c[ax + 1], +c[ax + 2]],
            g: [+c[gx] * DEG_PER_RAD, +c[gx + 1] * DEG_PER_RAD, +c[gx + 2] * DEG_PER_RAD],
        })
    }
    return out
}

/**
 * x-io NGIMU on a walking subject's foot (Gait-Tracking log) at about 400 Hz: time in ms, gyro dps, accel g. About
 * 3 s standing still, then a walk whose every step ends in a heel strike (up to 5.6 g). As recorded: 205 rows
 * repeat the row before, time and all (the logger's), and are kept.
 */
export function readWalkImu(): ImuReading[] {
    return readXioImu("ngimu-foot-walk-heel-impacts-400hz-gait-tracking.csv")
}

/** a segment of the Fusion log (rest: 0-10 s, 105-135 s), its time starting at 0 */
export function fusionImu(from_s: number, to_s: number): ImuReading[] {
    return readFusionImu()
        .filter(r => r.t_ms >= from_s * 1000 && r.t_ms < to_s * 1000)
        .map(r => ({ t_ms: r.t_ms - from_s * 1000, a: r.a, g: r.g }))
}

/**
 * The HX711 known-masses log's first unloaded plateau (0-22.8 s). Its counts
 * are scaled as a 1 kg cell would give them (20x the 36.8 counts/g of the
 * 20 kg cell: the same ADC noise in counts, a 20x finer gram), with the rig's
 * own weight as the zero.
 */
export function hx711Unloaded(rig_g: number): LoadReading[] {
    const COUNTS_PER_G_1KG_CELL = -36.8 * 20
    const raw = readHx711Steps().filter(r => r.t_ms < 22800)
    return raw.map(r => ({ t_ms: r.t_ms, load_g: rig_g + (r.counts - raw[0].counts) / COUNTS_PER_G_1KG_CELL }))
}

/**
 * The HX71708 slackline log (320 SPS): a steady reading with 14-15 % bit-error
 * spikes of about 2^21 and 2^22 counts. Both recordings, the second's time
 * continuing after the first. Scaled so the white noise (sigma about 75 N)
 * becomes 0.1 g, a NAU7802-class noise on a 1 kg cell: a spike is then
 * 12-24 g, two to four cards.
 */
export function hx71708Spiky(rig_g: number): LoadReading[] {
    const G_PER_N = 0.1 / 75
    const raw = readHx71708()
    const out: LoadReading[] = []
    let offset_ms = 0
    let t0_ms = NaN
    let rec = -1
    for (const r of raw) {
        if (r.recording !== rec) {
            rec = r.recording
            if (out.length > 0) offset_ms = out[out.length - 1].t_ms + 5
            t0_ms = r.t_ms
        }
        out.push({ t_ms: offset_ms + r.t_ms - t0_ms, load_g: rig_g + (r.force_n - raw[0].force_n) * G_PER_N })
    }
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
            rows: mergeTrace(readLsm6dsoxStill(), hx71708Spiky(RIG_G)),
        },
    ]
}
