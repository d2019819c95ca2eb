// Readers for the third-party recordings in ../shared/data/real (see its README for each file's quirks).
import { readFileSync } from "node:fs"

export const REAL_DIR = new URL("../../../../shared/data/real/", import.meta.url).pathname

/** HX71708 slackline log: [t_ms, force_N] rows of both recordings (time column is µs) */
export function readHx71708(): { t_ms: number; force_n: number; recording: number }[] {
    const out: { t_ms: number; force_n: number; recording: number }[] = []
    let rec = -1
    for (const line of readFileSync(REAL_DIR + "hx71708-bit-error-spikes-330sps-slackcellesp32.txt", "utf8").split(/\r?\n/)) {
        if (line.startsWith("Reading ID")) rec++
        const c = line.split(",")
        if (c.length !== 3 || !/^\s*-?\d+\s*$/.test(c[2])) continue
        out.push({ t_ms: +c[1] / 1000, force_n: +c[2], recording: rec })
    }
    return out
}

/** HX711 known-masses log: [t_ms, raw counts] (counts fall as the load rises, ~36.8 counts/g) */
export function readHx711Steps(): { t_ms: number; counts: number }[] {
    const out: { t_ms: number; counts: number }[] = []
    for (const line of readFileSync(REAL_DIR + "hx711-steps-known-masses-11sps-syringepump.csv", "utf8").split(/\r?\n/)) {
        const c = line.split(",")
        if (c.length !== 6 || !/^\d+$/.test(c[0])) continue
        out.push({ t_ms: +c[0], counts: +c[4] })
    }
    return out
}

/** Fusion example IMU log at 100 Hz: time in ms, gyro dps, accel g */
export function readFusionImu(): { t_ms: number; g: number[]; a: number[] }[] {
    const out: { t_ms: number; g: number[]; a: number[] }[] = []
    const lines = readFileSync(REAL_DIR + "imu-rest-and-handheld-rotations-100hz-fusion.csv", "utf8").split(/\r?\n/)
    for (let i = 1; i < lines.length; i++) {
        const c = lines[i].split(",").map(Number)
        if (c.length < 7 || c.some(v => v !== v)) continue
        out.push({ t_ms: c[0] * 1000, g: [c[1], c[2], c[3]], a: [c[4], c[5], c[6]] })
    }
    return out
}
