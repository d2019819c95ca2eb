/**
 * InvenSense MPU-6050 / MPU-6500 6-axis IMU over I2C (address 0x68, or 0x69
 * with AD0 high). 100 Hz (1 kHz / (1 + 9) with the DLPF on), DLPF_CFG 4
 * (about 20 Hz, below the 50 Hz Nyquist limit), accelerometer +-4 g,
 * gyroscope +-500 dps. One 14-byte burst per sample from ACCEL_XOUT_H:
 * accel xyz, temperature, gyro xyz, big-endian.
 */
import { Sample } from "../core/sample"
import { RawCheck, IMU_STUCK_READS, ScaleTable, allRailed16, fullScale } from "./sensor"
import { Delay, I2C, readRegs, writeReg, hex2, be16s } from "./bus"

export const MPU_ADDRS = [0x68, 0x69]
export const MPU_REG_WHO_AM_I = 0x75
export const MPU6050_WHO_AM_I = 0x68
export const MPU6500_WHO_AM_I = 0x70
export const MPU_REG_SMPLRT_DIV = 0x19
export const MPU_REG_CONFIG = 0x1a
export const MPU_REG_GYRO_CONFIG = 0x1b
export const MPU_REG_ACCEL_CONFIG = 0x1c
/** MPU-6500 only: the accelerometer's own low-pass */
export const MPU_REG_ACCEL_CONFIG2 = 0x1d
export const MPU_REG_ACCEL_XOUT_H = 0x3b
export const MPU_REG_PWR_MGMT_1 = 0x6b
export const MPU_PWR_RESET = 0x80
/** wake up, clock from the X gyro PLL (more stable than the internal oscillator) */
export const MPU_PWR_CLK_PLL = 0x01
const MPU_SMPLRT_DIV_100HZ = 9
const MPU_DLPF_20HZ = 4
/** register map RM-MPU-6000A section 4.28: wait 100 ms after DEVICE_RESET */
const MPU_RESET_MS = 100

/**
 * Accelerometer full scales (g): AFS_SEL (ACCEL_CONFIG bits 4:3) and sensitivity, LSB/g.
 * MPU-6000/6050 product spec PS-MPU-6000A rev 3.4 section 6.2 / MPU-6500
 * PS-MPU-6500A section 3.2: 16384, 8192, 4096, 2048 LSB/g at +-2, 4, 8, 16 g.
 */
export const MPU_ACCEL_SCALES: ScaleTable = { range: [2, 4, 8, 16], code: [0, 1, 2, 3], sens: [16384, 8192, 4096, 2048] }
/** Gyroscope full scales (dps): FS_SEL (GYRO_CONFIG bits 4:3) and sensitivity, LSB/dps: 131, 65.5, 32.8, 16.4 (section 6.1 / 3.1) */
export const MPU_GYRO_SCALES: ScaleTable = { range: [250, 500, 1000, 2000], code: [0, 1, 2, 3], sens: [131, 65.5, 32.8, 16.4] }
/** what a range the tables lack is told (fullScale adds the range asked for) */
const MPU_ACCEL_RANGES = "MPU: the accelerometer ranges are +-2, 4, 8 and 16 g"
const MPU_GYRO_RANGES = "MPU: the gyroscope ranges are +-250, 500, 1000 and 2000 dps"
export const MPU_DEFAULTS = { range_g: 4, range_dps: 500 }

export function mpuAccelG(counts: number, range_g: number): number {
    return counts / MPU_ACCEL_SCALES.sens[fullScale(MPU_ACCEL_SCALES, range_g, MPU_ACCEL_RANGES)]
}

export function mpuGyroDps(counts: number, range_dps: number): number {
    return counts / MPU_GYRO_SCALES.sens[fullScale(MPU_GYRO_SCALES, range_dps, MPU_GYRO_RANGES)]
}

/** byte offsets of the six axis words in the 14-byte ACCEL_XOUT_H burst (the temperature word at 6 is not an axis) */
const MPU_AXIS_OFFSETS = [0, 2, 4, 8, 10, 12]

export class MpuChip {
    readonly name: string
    readonly range_g: number
    readonly range_dps: number
    private bus: I2C
    private addr: number
    private who: number
    private raw: RawCheck

    constructor(bus: I2C, addr: number, who: number, opts = MPU_DEFAULTS) {
        this.bus = bus
        this.addr = addr
        this.who = who
        this.name = (who === MPU6500_WHO_AM_I ? "MPU-6500" : "MPU-6050") + " at " + hex2(addr)
        this.range_g = opts.range_g
        this.range_dps = opts.range_dps
        this.raw = new RawCheck(this.name, IMU_STUCK_READS)
    }

    async setup(delay: Delay) {
        this.raw.reset()
        const a = this.addr
        await writeReg(this.bus, a, MPU_REG_PWR_MGMT_1, MPU_PWR_RESET)
        await delay(MPU_RESET_MS)
        await writeReg(this.bus, a, MPU_REG_PWR_MGMT_1, MPU_PWR_CLK_PLL)
        await writeReg(this.bus, a, MPU_REG_SMPLRT_DIV, MPU_SMPLRT_DIV_100HZ)
        await writeReg(this.bus, a, MPU_REG_CONFIG, MPU_DLPF_20HZ)
        await writeReg(this.bus, a, MPU_REG_GYRO_CONFIG, MPU_GYRO_SCALES.code[fullScale(MPU_GYRO_SCALES, this.range_dps, MPU_GYRO_RANGES)] << 3)
        await writeReg(this.bus, a, MPU_REG_ACCEL_CONFIG, MPU_ACCEL_SCALES.code[fullScale(MPU_ACCEL_SCALES, this.range_g, MPU_ACCEL_RANGES)] << 3)
        if (this.who === MPU6500_WHO_AM_I) await writeReg(this.bus, a, MPU_REG_ACCEL_CONFIG2, MPU_DLPF_20HZ)
    }

    /** one sample into `s`; false for a read with every axis on a rail (RawCheck.check) */
    async read(s: Sample): Promise<boolean> {
        const b = await readRegs(this.bus, this.addr, MPU_REG_ACCEL_XOUT_H, 14)
        if (!this.raw.check(b, allRailed16(b, MPU_AXIS_OFFSETS, false))) return false
        const r = this.range_g
        const d = this.range_dps
        s.setImu(mpuAccelG(be16s(b, 0), r), mpuAccelG(be16s(b, 2), r), mpuAccelG(be16s(b, 4), r), mpuGyroDps(be16s(b, 8), d), mpuGyroDps(be16s(b, 10), d), mpuGyroDps(be16s(b, 12), d))
        return true
    }
}
