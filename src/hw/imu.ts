/**
 * The rod's IMU, whichever of the supported parts is fitted: probes WHO_AM_I
 * at 0x6A/0x6B (ST LSM6DS3/LSM6DS3TR-C/LSM6DSOX) then 0x68/0x69 (InvenSense
 * MPU-6050/6500) and drives the one that answers.
 */
import { Sample } from "../core/sample"
import { Delay, HwError, I2C, addrList, hex2, tryReadReg } from "./bus"
import { SensorDriver } from "./sensor"
import { LSM6_ADDRS, LSM6_REG_WHO_AM_I, LSM6DS3_WHO_AM_I, LSM6DS3TRC_WHO_AM_I, LSM6DSOX_WHO_AM_I, Lsm6Chip } from "./lsm6"
import { MPU_ADDRS, MPU_REG_WHO_AM_I, MPU6050_WHO_AM_I, MPU6500_WHO_AM_I, MpuChip } from "./mpu6"

interface ImuChip {
    readonly name: string
    setup(delay: Delay): Promise<void>
    /** false: no sample this time */
    read(s: Sample): Promise<boolean>
}

export class ImuDriver implements SensorDriver {
    readonly sensor = "imu"
    private bus: I2C
    private delay: Delay
    private chip: ImuChip = null
    /** the chip found last: a re-init that finds it again keeps it (and its stuck check: see RawCheck.reset) */
    private found: ImuChip = null

    constructor(bus: I2C, delay: Delay) {
        this.bus = bus
        this.delay = delay
    }

    describe(): string {
        return this.chip ? this.chip.name : "no IMU"
    }

    async init() {
        this.chip = null
        let chip = await this.probe()
        if (this.found && this.found.name === chip.name) chip = this.found
        await chip.setup(this.delay)
        this.chip = chip
        this.found = chip
    }

    async read(s: Sample): Promise<boolean> {
        if (!this.chip) throw new HwError("IMU read before init")
        return await this.chip.read(s)
    }

    private async probe(): Promise<ImuChip> {
        const seen: string[] = []
        for (const a of LSM6_ADDRS) {
            const who = await tryReadReg(this.bus, a, LSM6_REG_WHO_AM_I)
            if (who === LSM6DS3_WHO_AM_I || who === LSM6DS3TRC_WHO_AM_I || who === LSM6DSOX_WHO_AM_I) return new Lsm6Chip(this.bus, a, who)
            if (who >= 0) seen.push(hex2(a) + " WHO_AM_I " + hex2(who))
        }
        for (const a of MPU_ADDRS) {
            const who = await tryReadReg(this.bus, a, MPU_REG_WHO_AM_I)
            if (who === MPU6050_WHO_AM_I || who === MPU6500_WHO_AM_I) return new MpuChip(this.bus, a, who)
            if (who >= 0) seen.push(hex2(a) + " WHO_AM_I " + hex2(who))
        }
        const addrs = addrList([LSM6_ADDRS[0], LSM6_ADDRS[1], MPU_ADDRS[0], MPU_ADDRS[1]])
        if (seen.length) throw new HwError("no supported IMU at " + addrs + " (" + seen.join(", ") + "): LSM6DS3/DS3TR-C/DSOX or MPU-6050/6500 expected")
        throw new HwError("no IMU answered at " + addrs + ": check SDA/SCL and 3V3")
    }
}
