/**
 * ST LSM6DS3 / LSM6DSOX 6-axis IMU over I2C (address 0x6A, or 0x6B with SA0 high).
 * 104 Hz output rate, accelerometer +-4 g with its LPF2 digital low-pass,
 * gyroscope +-500 dps (its LPF1 at 104 Hz). One 12-byte burst per sample:
 * OUTX_L_G .. OUTZ_H_XL, little-endian, gyro first.
 */
import { Sample } from "../core/sample"
import { RawCheck, IMU_STUCK_READS, ScaleTable, allRailed16, fullScale } from "./sensor"
import { Delay, I2C, readRegs, writeReg, hex2, le16s } from "./bus"

export const LSM6_ADDRS = [0x6a, 0x6b]
export const LSM6_REG_WHO_AM_I = 0x0f
export const LSM6DS3_WHO_AM_I = 0x69
/** the LSM6DS3TR-C (Adafruit #4503): the DS3's registers, its own WHO_AM_I */
export const LSM6DS3TRC_WHO_AM_I = 0x6a
export const LSM6DSOX_WHO_AM_I = 0x6c
export const LSM6_REG_CTRL1_XL = 0x10
export const LSM6_REG_CTRL2_G = 0x11
export const LSM6_REG_CTRL3_C = 0x12
export const LSM6_REG_CTRL8_XL = 0x17
export const LSM6_REG_OUTX_L_G = 0x22

/** CTRL3_C: SW_RESET, then BDU (no torn samples) + IF_INC (burst reads) */
export const LSM6_CTRL3_SW_RESET = 0x01
export const LSM6_CTRL3_BDU_IF_INC = 0x44
/** ODR 104 Hz in CTRL1_XL / CTRL2_G bits 7:4 */
const LSM6_ODR_104HZ = 0x40
/** software reset takes about 50 us (datasheet): 1 ms is plenty */
const LSM6_RESET_MS = 1

/**
 * Accelerometer full scales (g): FS_XL code (CTRL1_XL bits 3:2) and sensitivity, mg/LSB.
 * LSM6DSOX datasheet DS12814 table 2 / LSM6DS3 DS10693 table 3: 0.061, 0.122,
 * 0.244, 0.488 mg/LSB at +-2, 4, 8, 16 g.
 */
export const LSM6_ACCEL_SCALES: ScaleTable = { range: [2, 4, 8, 16], code: [0, 2, 3, 1], sens: [0.061, 0.122, 0.244, 0.488] }
/**
 * Gyroscope full scales (dps): FS_G code (CTRL2_G bits 3:2) and sensitivity, mdps/LSB, same
 * tables: 8.75, 17.5, 35, 70 mdps/LSB at +-250, 500, 1000, 2000 dps.
 */
export const LSM6_GYRO_SCALES: ScaleTable = { range: [250, 500, 1000, 2000], code: [0, 1, 2, 3], sens: [8.75, 17.5, 35, 70] }
/** what a range the tables lack is told (fullScale adds the range asked for) */
const LSM6_ACCEL_RANGES = "LSM6: the accelerometer ranges are +-2, 4, 8 and 16 g"
const LSM6_GYRO_RANGES = "LSM6: the gyroscope ranges are +-250, 500, 1000 and 2000 dps"
/** a hanging rod: swings well under 2 g and 500 dps; a collapse may hit the rails, which is still a collapse */
export const LSM6_DEFAULTS = { range_g: 4, range_dps: 500 }

export function lsm6AccelG(counts: number, range_g: number): number {
    return (counts * LSM6_ACCEL_SCALES.sens[fullScale(LSM6_ACCEL_SCALES, range_g, LSM6_ACCEL_RANGES)]) / 1000
}

export function lsm6GyroDps(counts: number, range_dps: number): number {
    return (counts * LSM6_GYRO_SCALES.sens[fullScale(LSM6_GYRO_SCALES, range_dps, LSM6_GYRO_RANGES)]) / 1000
}

/**
 * CTRL8_XL value selecting the accelerometer's LPF2 at about ODR/10 (10 Hz at
 * 104 Hz): the two parts encode it differently. DSOX: HPCF_XL=001 (ODR/10)
 * with LPF2_XL_EN in CTRL1_XL bit 1. DS3: LPF2_XL_EN bit 7, HPCF_XL=10 (ODR/9).
 */
function ctrl8Lpf2(who: number): number {
    return who === LSM6DSOX_WHO_AM_I ? 0x20 : 0xc0
}

/** byte offsets of the six axis words in the 12-byte OUTX_L_G burst */
const LSM6_AXIS_OFFSETS = [0, 2, 4, 6, 8, 10]

export class Lsm6Chip {
    readonly name: string
    readonly range_g: number
    readonly range_dps: number
    private bus: I2C
    private addr: number
    private who: number
    private raw: RawCheck

    constructor(bus: I2C, addr: number, who: number, opts = LSM6_DEFAULTS) {
        this.bus = bus
        this.addr = addr
        this.who = who
        this.name = (who === LSM6DSOX_WHO_AM_I ? "LSM6DSOX" : who === LSM6DS3TRC_WHO_AM_I ? "LSM6DS3TR-C" : "LSM6DS3") + " at " + hex2(addr)
        this.range_g = opts.range_g
        this.range_dps = opts.range_dps
        this.raw = new RawCheck(this.name, IMU_STUCK_READS)
    }

    async setup(delay: Delay) {
        this.raw.reset()
        const a = this.addr
        await writeReg(this.bus, a, LSM6_REG_CTRL3_C, LSM6_CTRL3_SW_RESET)
        await delay(LSM6_RESET_MS)
        await writeReg(this.bus, a, LSM6_REG_CTRL3_C, LSM6_CTRL3_BDU_IF_INC)
        const lpf2En = this.who === LSM6DSOX_WHO_AM_I ? 0x02 : 0x00
        await writeReg(this.bus, a, LSM6_REG_CTRL1_XL, LSM6_ODR_104HZ | (LSM6_ACCEL_SCALES.code[fullScale(LSM6_ACCEL_SCALES, this.range_g, LSM6_ACCEL_RANGES)] << 2) | lpf2En)
        await writeReg(this.bus, a, LSM6_REG_CTRL2_G, LSM6_ODR_104HZ | (LSM6_GYRO_SCALES.code[fullScale(LSM6_GYRO_SCALES, this.range_dps, LSM6_GYRO_RANGES)] << 2))
        await writeReg(this.bus, a, LSM6_REG_CTRL8_XL, ctrl8Lpf2(this.who))
    }

    /** one sample into `s`; false for a read with every axis on a rail (RawCheck.check) */
    async read(s: Sample): Promise<boolean> {
        const b = await readRegs(this.bus, this.addr, LSM6_REG_OUTX_L_G, 12)
        if (!this.raw.check(b, allRailed16(b, LSM6_AXIS_OFFSETS, true))) return false
        const r = this.range_g
        const d = this.range_dps
        s.setImu(lsm6AccelG(le16s(b, 6), r), lsm6AccelG(le16s(b, 8), r), lsm6AccelG(le16s(b, 10), r), lsm6GyroDps(le16s(b, 0), d), lsm6GyroDps(le16s(b, 2), d), lsm6GyroDps(le16s(b, 4), d))
        return true
    }
}
