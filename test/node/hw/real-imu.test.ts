// The IMU drivers' raw-sample checks (src/hw/sensor.ts) against real recordings (../shared/data/real): a real hard
// knock must not read as a failing chip, and no real IMU repeats its samples the way a stuck one does.
import { test } from "node:test"
import assert from "node:assert/strict"
import { RawCheck, IMU_STUCK_READS, allRailed16 } from "../../../src/hw/sensor.ts"
import { ImuReading, fusionImu, readDropImu, readLsm6dsoxStill, readWalkImu } from "../../../devs/lib/real-data.ts"

/**
 * The drivers' ranges, re-declared (LSM6_DEFAULTS, MPU_DEFAULTS: +-4 g, +-500 dps; test/vm/hw/drivers.test.ts pins
 * the configuration they write), and both chips' 16-bit words of one burst, as the datasheets lay them out: the
 * LSM6's gyro then accelerometer, little-endian; the MPU's accelerometer, temperature, gyro, big-endian.
 */
const RANGE_G = 4
const RANGE_DPS = 500
const LSM6 = { gyro: [0, 2, 4], accel: [6, 8, 10], bytes: 12, le: true }
const MPU = { accel: [0, 2, 4], gyro: [8, 10, 12], bytes: 14, le: false }
type Layout = typeof LSM6 | typeof MPU

/** a chip's counts for `v` at full scale `fs`: 32768 counts to full scale, held at the rails as the ADC holds them */
function counts(v: number, fs: number): number {
    return Math.max(-32768, Math.min(32767, Math.round((v / fs) * 32768)))
}

/** one reading as the chip's burst would hold it, at full scales `fsG` and `fsDps` */
function burst(r: ImuReading, chip: Layout, fsG: number, fsDps: number): Buffer {
    const b = Buffer.alloc(chip.bytes)
    const put = (off: number, c: number) => (chip.le ? b.writeInt16LE(c, off) : b.writeInt16BE(c, off))
    for (let i = 0; i < 3; i++) {
        put(chip.accel[i], counts(r.a[i], fsG))
        put(chip.gyro[i], counts(r.g[i], fsDps))
    }
    return b
}

/** whether every axis of the reading's burst sits on a rail, by the drivers' check */
function allRailed(r: ImuReading, chip: Layout, fsG: number, fsDps: number): boolean {
    const words = [...chip.gyro, ...chip.accel].sort((x, y) => x - y)
    return allRailed16(burst(r, chip, fsG, fsDps), words, chip.le)
}

/** the drivers' output data rate (LSM6 104 Hz; the MPU's 100 Hz reads as often or less), Hz */
const ODR_HZ = 104

test("a real hard knock (a 27 g, 1,500 dps impact) is no failing chip: never every axis on a rail at +-4 g / 500 dps, nor for three reads at +-2 g / 250 dps", () => {
    const drop = readDropImu()
    const impact = drop.filter(r => Math.hypot(...r.a) > 10)
    assert.ok(impact.length >= 5, `the drop log's impact: ${impact.length} readings over 10 g`)
    // the impact does reach the rails at +-4 g / +-500 dps: the check is about every axis at once
    const onARail = drop.filter(r => r.a.some(x => Math.abs(x) >= RANGE_G) || r.g.some(x => Math.abs(x) >= RANGE_DPS)).length
    assert.ok(onARail >= 20, `readings with an axis at full scale: ${onARail}`)
    for (const chip of [LSM6, MPU]) {
        assert.equal(drop.filter(r => allRailed(r, chip, RANGE_G, RANGE_DPS)).length, 0, "every axis railed at once at +-4 g / 500 dps")
        // at the chips' smallest ranges the knock does put every axis on a rail, for milliseconds: read at the
        // drivers' rate from any phase, the check (RawCheck.check) drops that read, and never sees three in a row
        assert.ok(drop.filter(r => allRailed(r, chip, 2, 250)).length > 0, "at +-2 g / 250 dps the knock rails every axis")
        for (let phase = 0; phase < 1000 / ODR_HZ; phase++) {
            const check = new RawCheck("drop", IMU_STUCK_READS)
            let k = 0
            for (let t = phase; t < drop[drop.length - 1].t_ms; t += 1000 / ODR_HZ) {
                while (k + 1 < drop.length && drop[k + 1].t_ms <= t) k++
                check.check(burst(drop[k], chip, 2, 250), allRailed(drop[k], chip, 2, 250))
            }
        }
    }
})

test("no real IMU recording trips the stuck check: identical raw samples in a row stay far under IMU_STUCK_READS", () => {
    const logs: [string, ImuReading[]][] = [
        ["x-io Fusion, 100 Hz", fusionImu(0, 136)],
        ["ST LSM6DSOX still in a vehicle, 52 Hz", readLsm6dsoxStill()],
        ["MicroStrain drop, 1 kHz", readDropImu()],
        ["NGIMU walk, 400 Hz", readWalkImu()],
    ]
    let repeatsSeen = 0
    let worst = 1
    for (const [name, rows] of logs) {
        for (const chip of [LSM6, MPU]) {
            const check = new RawCheck(name, IMU_STUCK_READS)
            let run = 1
            let longest = 1
            let prev: Buffer = null
            for (const r of rows) {
                const b = burst(r, chip, RANGE_G, RANGE_DPS)
                run = prev && prev.equals(b) ? run + 1 : 1
                longest = Math.max(longest, run)
                prev = b
                check.check(b)
            }
            // the NGIMU log repeats rows (205 of them, the logger's): a driver reading ahead of the chip's data-ready
            // sees the same; never more than a few in a row
            if (longest > 1) repeatsSeen++
            worst = Math.max(worst, longest)
            assert.ok(longest <= 3, `${name}: ${longest} identical samples in a row`)
        }
    }
    assert.ok(repeatsSeen > 0, "the walk's repeated rows were read as identical samples")
    assert.ok(IMU_STUCK_READS >= 10 * worst, `IMU_STUCK_READS (${IMU_STUCK_READS}) keeps a tenfold margin over the real repeats (${worst} in a row)`)
})
