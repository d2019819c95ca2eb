// Driver set-up sequences against scripted transactions, and raw -> physical
// conversion at known datasheet values. Register addresses and values are
// RE-DECLARED here from the datasheets: a wrong constant in a driver fails.
import { describe, expect, test } from "@devicescript/test"
import { Sample } from "../../../src/core/sample"
import { ImuDriver } from "../../../src/hw/imu"
import { Nau7802Driver } from "../../../src/hw/nau7802"
import { lsm6AccelG, lsm6GyroDps } from "../../../src/hw/lsm6"
import { mpuAccelG, mpuGyroDps } from "../../../src/hw/mpu6"
import { VirtualClock } from "../../../src/hw/clock"
import { ScriptedI2C } from "../fakes/scripted"

// LSM6DSOX (DS12814 section 9)
const LSM_ADDR = 0x6a
const LSM_WHO_AM_I = 0x0f
const LSM_CTRL1_XL = 0x10
const LSM_CTRL2_G = 0x11
const LSM_CTRL3_C = 0x12
const LSM_CTRL8_XL = 0x17
const LSM_OUTX_L_G = 0x22
// MPU-6050 (RM-MPU-6000A)
const MPU_ADDR = 0x68
const MPU_SMPLRT_DIV = 0x19
const MPU_CONFIG = 0x1a
const MPU_GYRO_CONFIG = 0x1b
const MPU_ACCEL_CONFIG = 0x1c
const MPU_ACCEL_XOUT_H = 0x3b
const MPU_PWR_MGMT_1 = 0x6b
const MPU_WHO_AM_I = 0x75
// NAU7802 (datasheet rev 1.7 section 11)
const NAU = 0x2a
const PU_CTRL = 0x00
const CTRL1 = 0x01
const CTRL2 = 0x02
const ADCO_B2 = 0x12
const ADC_REG = 0x15
const PGA_PWR = 0x1c
const REVISION = 0x1f

const noWait = async (ms: number) => {}

function near(got: number, want: number, eps: number) {
    if (Math.abs(got - want) > eps) throw new Error("got " + got + ", want " + want + " +- " + eps)
}

describe("IMU drivers: set-up sequences", () => {
    test("LSM6DSOX at 0x6A: reset, BDU+IF_INC, 104 Hz +-4 g with LPF2, 104 Hz 500 dps, one 12-byte burst", async () => {
        const bus = new ScriptedI2C()
            .read(LSM_ADDR, LSM_WHO_AM_I, [0x6c])
            .write(LSM_ADDR, LSM_CTRL3_C, 0x01)
            .write(LSM_ADDR, LSM_CTRL3_C, 0x44)
            .write(LSM_ADDR, LSM_CTRL1_XL, 0x4a)
            .write(LSM_ADDR, LSM_CTRL2_G, 0x44)
            .write(LSM_ADDR, LSM_CTRL8_XL, 0x20)
            // gyro x = 5143 counts (90.0 dps at 17.5 mdps), accel z = 8197 counts (1.000 g at 0.122 mg)
            .read(LSM_ADDR, LSM_OUTX_L_G, [0x17, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0x05, 0x20])
        const imu = new ImuDriver(bus, noWait)
        await imu.init()
        const s = new Sample()
        await imu.read(s)
        bus.done()
        expect(imu.describe()).toBe("LSM6DSOX at 0x6A")
        near(s.gx_dps, 90.0, 0.01)
        near(s.az_g, 1.0, 0.001)
        near(s.ax_g, 0, 1e-9)
    })

    test("MPU-6050 at 0x68 after the ST addresses NACK: reset, PLL clock, 100 Hz, DLPF 20 Hz, +-500 dps, +-4 g", async () => {
        const bus = new ScriptedI2C()
            .nack(0x6a, LSM_WHO_AM_I)
            .nack(0x6b, LSM_WHO_AM_I)
            .read(MPU_ADDR, MPU_WHO_AM_I, [0x68])
            .write(MPU_ADDR, MPU_PWR_MGMT_1, 0x80)
            .write(MPU_ADDR, MPU_PWR_MGMT_1, 0x01)
            .write(MPU_ADDR, MPU_SMPLRT_DIV, 9)
            .write(MPU_ADDR, MPU_CONFIG, 4)
            .write(MPU_ADDR, MPU_GYRO_CONFIG, 0x08)
            .write(MPU_ADDR, MPU_ACCEL_CONFIG, 0x08)
            // accel x = -4096 (-0.5 g at 8192 LSB/g), gyro z = 5895 (90 dps at 65.5 LSB/dps), big-endian
            .read(MPU_ADDR, MPU_ACCEL_XOUT_H, [0xf0, 0x00, 0, 0, 0x20, 0x00, 0, 0, 0, 0, 0, 0, 0x17, 0x07])
        const clock = new VirtualClock()
        const imu = new ImuDriver(bus, async (ms: number) => {
            await clock.sleep(ms)
        })
        await imu.init()
        const s = new Sample()
        await imu.read(s)
        bus.done()
        expect(imu.describe()).toBe("MPU-6050 at 0x68")
        expect(clock.t_ms >= 100).toBe(true) // waited out the reset
        near(s.ax_g, -0.5, 1e-9)
        near(s.az_g, 1.0, 1e-9)
        near(s.gz_dps, 90.0, 1e-9)
    })

    test("no IMU on the bus: the error names the addresses and the wiring", async () => {
        const bus = new ScriptedI2C().nack(0x6a, LSM_WHO_AM_I).nack(0x6b, LSM_WHO_AM_I).nack(0x68, MPU_WHO_AM_I).nack(0x69, MPU_WHO_AM_I)
        let msg = ""
        try {
            await new ImuDriver(bus, noWait).init()
        } catch (e) {
            msg = (e as Error).message
        }
        bus.done()
        expect(msg).toBe("no IMU answered at 0x6A/0x6B/0x68/0x69: check SDA/SCL and 3V3")
    })
})

describe("NAU7802: set-up and sample", () => {
    test("reset, power-up, LDO 3.0 V gain 128, 80 SPS, calibration after the LDO settles, 24-bit sign extension", async () => {
        const clock = new VirtualClock()
        const bus = new ScriptedI2C()
            .read(NAU, REVISION, [0x0f])
            .write(NAU, PU_CTRL, 0x01)
            .write(NAU, PU_CTRL, 0x02)
            .write(NAU, PU_CTRL, 0x06)
            .read(NAU, PU_CTRL, [0x06])
            .read(NAU, PU_CTRL, [0x0e])
            .write(NAU, CTRL1, 0x2f)
            .write(NAU, PU_CTRL, 0x96)
            .write(NAU, CTRL2, 0x30)
            .write(NAU, ADC_REG, 0x30)
            .write(NAU, PGA_PWR, 0x80)
            .write(NAU, CTRL2, 0x34)
            .read(NAU, CTRL2, [0x34])
            .read(NAU, CTRL2, [0x30])
            .read(NAU, PU_CTRL, [0x9e])
            .read(NAU, PU_CTRL, [0xbe])
            .read(NAU, ADCO_B2, [0xff, 0xff, 0x38])
        const nau = new Nau7802Driver(bus, async (ms: number) => {
            await clock.sleep(ms)
        }, { offset_counts: -1000, counts_per_kg: 4000 })
        await nau.init()
        expect(clock.t_ms >= 300).toBe(true)
        const s = new Sample()
        expect(await nau.read(s)).toBe(false) // CR not yet set
        expect(await nau.read(s)).toBe(true)
        bus.done()
        expect(nau.lastCounts).toBe(-200)
        near(s.load_g, 200, 1e-9)
    })

    test("rates map to CRS codes; an unsupported rate is refused", async () => {
        for (const r of [[10, 0x00], [20, 0x10], [40, 0x20], [320, 0x70]]) {
            const bus = new ScriptedI2C()
                .read(NAU, REVISION, [0x0f])
                .write(NAU, PU_CTRL, 0x01)
                .write(NAU, PU_CTRL, 0x02)
                .write(NAU, PU_CTRL, 0x06)
                .read(NAU, PU_CTRL, [0x0e])
                .write(NAU, CTRL1, 0x2f)
                .write(NAU, PU_CTRL, 0x96)
                .write(NAU, CTRL2, r[1])
                .write(NAU, ADC_REG, 0x30)
                .write(NAU, PGA_PWR, 0x80)
                .write(NAU, CTRL2, r[1] | 0x04)
                .read(NAU, CTRL2, [r[1]])
            const opts = { rate_sps: r[0], ldo_settle_ms: 300, pur_polls: 20, cal_polls: 100, cal_poll_ms: 10, max_not_ready: 20 }
            await new Nau7802Driver(bus, noWait, { offset_counts: 0, counts_per_kg: 1 }, opts).init()
            bus.done()
        }
        let msg = ""
        try {
            await new Nau7802Driver(new ScriptedI2C(), noWait, { offset_counts: 0, counts_per_kg: 1 }, { rate_sps: 50, ldo_settle_ms: 300, pur_polls: 20, cal_polls: 100, cal_poll_ms: 10, max_not_ready: 20 }).init()
        } catch (e) {
            msg = (e as Error).message
        }
        expect(msg).toBe("NAU7802 rate must be 10, 20, 40, 80 or 320 SPS, not 50")
    })
})

describe("conversions at datasheet sensitivities", () => {
    test("LSM6: 0.061/0.122/0.244/0.488 mg and 8.75/17.5/35/70 mdps per LSB", () => {
        near(lsm6AccelG(16393, 2), 1.0, 0.0001)
        near(lsm6AccelG(-4098, 4), -0.5, 0.0001)
        near(lsm6AccelG(4098, 8), 1.0, 0.0001)
        near(lsm6AccelG(2049, 16), 1.0, 0.0001)
        near(lsm6GyroDps(10286, 250), 90.0, 0.00875) // within one LSB
        near(lsm6GyroDps(-2000, 1000), -70.0, 1e-9)
        near(lsm6GyroDps(1000, 2000), 70.0, 1e-9)
    })
    test("MPU: 16384/8192/4096/2048 LSB/g and 131/65.5/32.8/16.4 LSB/dps", () => {
        near(mpuAccelG(16384, 2), 1.0, 1e-12)
        near(mpuAccelG(2048, 16), 1.0, 1e-12)
        near(mpuAccelG(-4096, 8), -1.0, 1e-12)
        near(mpuGyroDps(131 * 90, 250), 90.0, 1e-9)
        near(mpuGyroDps(328, 1000), 10.0, 1e-9)
        near(mpuGyroDps(-164, 2000), -10.0, 1e-9)
    })
    test("a range the chip lacks is an error that names the ranges it has", () => {
        const msgs: string[] = []
        const tries = [() => lsm6AccelG(1, 3), () => lsm6GyroDps(1, 300), () => mpuAccelG(1, 32), () => mpuGyroDps(1, 125)]
        tries.forEach(f => {
            try {
                f()
                msgs.push("no error")
            } catch (e) {
                msgs.push((e as Error).message)
            }
        })
        expect(msgs[0]).toBe("LSM6: the accelerometer ranges are +-2, 4, 8 and 16 g, not +-3")
        expect(msgs[1]).toBe("LSM6: the gyroscope ranges are +-250, 500, 1000 and 2000 dps, not +-300")
        expect(msgs[2]).toBe("MPU: the accelerometer ranges are +-2, 4, 8 and 16 g, not +-32")
        expect(msgs[3]).toBe("MPU: the gyroscope ranges are +-250, 500, 1000 and 2000 dps, not +-125")
    })
})
