/**
 * Register-file emulators of the rig's chips under the unchanged drivers
 * (after Zephyr's sensor emulators). Tests and the simulated rig speak
 * physics to them (set 0.5 g, 90 dps, 123.4 g); the emulator encodes counts
 * with the datasheet sensitivities RE-DECLARED here (not imported from the
 * drivers, so a wrong constant in a driver fails a test), adds +-1 LSB of
 * seeded dither like a live sensor, and can be made to fail on a chosen
 * register or to vanish from the bus.
 */
import { I2C, I2CError } from "@devicescript/i2c"
import { Rng } from "../../../src/core/rand"
import { hex2 } from "../../../src/hw/bus"

/** how a register misbehaves: no ACK (xfer throws), 0xFF, 0x00, or frozen at its current value */
export type RegFault = "nack" | "ones" | "zeros" | "stuck"

export class RegChip {
    readonly addr: number
    regs = Buffer.alloc(256)
    /** false: the chip does not answer at all (unplugged) */
    present = true
    protected rng = new Rng(7)
    private faults: { reg: number; mode: RegFault; frozen: number }[] = []

    constructor(addr: number) {
        this.addr = addr
    }

    /** makes reads touching `reg` misbehave (a write to it NACKs in "nack" mode) */
    failReg(reg: number, mode: RegFault) {
        this.faults.push({ reg: reg, mode: mode, frozen: this.regs[reg] })
    }

    clearFaults() {
        this.faults = []
    }

    /** called before a read of `n` bytes from `reg` (emulators refresh data registers here) */
    protected beforeRead(reg: number, n: number) {}

    /** called after a register write */
    protected afterWrite(reg: number, value: number) {}

    /** next register after `reg` in a burst read */
    protected nextReg(reg: number): number {
        return reg + 1
    }

    xfer(w: Buffer, n: number): Buffer {
        if (!this.present) throw new I2CError("NACK at " + hex2(this.addr), 1 as any)
        if (w.length === 0) throw new I2CError("raw read without a register", 1 as any)
        let reg = w[0]
        for (let i = 1; i < w.length; i++) {
            this.checkNack(reg)
            this.regs[reg] = w[i]
            this.afterWrite(reg, w[i])
            reg = this.nextReg(reg)
        }
        const out = Buffer.alloc(n)
        if (n) this.beforeRead(reg, n)
        for (let i = 0; i < n; i++) {
            this.checkNack(reg)
            out[i] = this.faulty(reg, this.regs[reg])
            reg = this.nextReg(reg)
        }
        return out
    }

    private checkNack(reg: number) {
        for (const f of this.faults) if (f.reg === reg && f.mode === "nack") throw new I2CError("NACK at " + hex2(this.addr) + " reg " + hex2(reg), 1 as any)
    }

    private faulty(reg: number, v: number): number {
        for (const f of this.faults) {
            if (f.reg !== reg) continue
            if (f.mode === "ones") return 0xff
            if (f.mode === "zeros") return 0
            if (f.mode === "stuck") return f.frozen
        }
        return v
    }

    /** counts with +-1 LSB dither, clamped to a signed range of `bits` */
    protected counts(value: number, per_lsb: number, bits: number): number {
        const lim = 1 << (bits - 1)
        const c = Math.round(value / per_lsb) + this.rng.int(-1, 1)
        return Math.max(-lim, Math.min(lim - 1, c))
    }

    protected putLe16(reg: number, c: number) {
        this.regs[reg] = c & 0xff
        this.regs[reg + 1] = (c >> 8) & 0xff
    }

    protected putBe16(reg: number, c: number) {
        this.regs[reg] = (c >> 8) & 0xff
        this.regs[reg + 1] = c & 0xff
    }
}

/** the physical state both IMU emulators share */
class ImuEmu extends RegChip {
    accel_g = [0, 0, 1]
    gyro_dps = [0, 0, 0]

    setAccel(x_g: number, y_g: number, z_g: number) {
        this.accel_g = [x_g, y_g, z_g]
    }

    setGyro(x_dps: number, y_dps: number, z_dps: number) {
        this.gyro_dps = [x_dps, y_dps, z_dps]
    }
}

/** LSM6DS3 (WHO_AM_I 0x69) / LSM6DSOX (0x6C); sensitivities from DS10693 / DS12814 */
export class Lsm6Emu extends ImuEmu {
    constructor(addr: number, who: number) {
        super(addr)
        this.who = who
        this.reset()
    }
    private who: number

    private reset() {
        this.regs.fillAt(0, 256, 0)
        this.regs[0x0f] = this.who
        this.regs[0x12] = 0x04 // CTRL3_C: IF_INC is on after reset
    }

    protected override afterWrite(reg: number, value: number) {
        if (reg === 0x12 && value & 0x01) this.reset()
    }

    protected override nextReg(reg: number): number {
        return this.regs[0x12] & 0x04 ? reg + 1 : reg
    }

    protected override beforeRead(reg: number, n: number) {
        if (reg > 0x2d || reg + n <= 0x22) return
        // FS_XL codes 00,01,10,11 = +-2,16,4,8 g: 0.061, 0.488, 0.122, 0.244 mg/LSB
        const mg = [0.061, 0.488, 0.122, 0.244][(this.regs[0x10] >> 2) & 3]
        // FS_G codes 00..11 = 250..2000 dps: 8.75, 17.5, 35, 70 mdps/LSB
        const mdps = [8.75, 17.5, 35, 70][(this.regs[0x11] >> 2) & 3]
        for (let i = 0; i < 3; i++) {
            this.putLe16(0x22 + 2 * i, this.counts(this.gyro_dps[i] * 1000, mdps, 16))
            this.putLe16(0x28 + 2 * i, this.counts(this.accel_g[i] * 1000, mg, 16))
        }
    }
}

/** MPU-6050 (WHO_AM_I 0x68) / MPU-6500 (0x70); sensitivities from PS-MPU-6000A / PS-MPU-6500A */
export class MpuEmu extends ImuEmu {
    /** 36.53 deg C in the datasheet's temperature formula */
    temp_counts = 0
    private who: number

    constructor(addr: number, who: number) {
        super(addr)
        this.who = who
        this.reset()
    }

    private reset() {
        this.regs.fillAt(0, 256, 0)
        this.regs[0x75] = this.who
        this.regs[0x6b] = 0x40 // PWR_MGMT_1: SLEEP after reset
    }

    protected override afterWrite(reg: number, value: number) {
        if (reg === 0x6b && value & 0x80) this.reset()
    }

    protected override beforeRead(reg: number, n: number) {
        if (reg > 0x48 || reg + n <= 0x3b) return
        if (this.regs[0x6b] & 0x40) {
            for (let r = 0x3b; r <= 0x48; r++) this.regs[r] = 0 // asleep: data registers hold zeros
            return
        }
        const lsb_per_g = [16384, 8192, 4096, 2048][(this.regs[0x1c] >> 3) & 3]
        const lsb_per_dps = [131, 65.5, 32.8, 16.4][(this.regs[0x1b] >> 3) & 3]
        for (let i = 0; i < 3; i++) {
            this.putBe16(0x3b + 2 * i, this.counts(this.accel_g[i], 1 / lsb_per_g, 16))
            this.putBe16(0x43 + 2 * i, this.counts(this.gyro_dps[i], 1 / lsb_per_dps, 16))
        }
        this.putBe16(0x41, this.temp_counts)
    }
}

/**
 * NAU7802 with a load cell: `mass_g` on a cell of `counts_per_g` over a
 * `zero_counts` bridge offset. PUR follows PUD, calibration (CALS) ends after
 * `cal_reads` polls of CTRL2, and a new conversion (CR) is ready on every
 * `ready_every`-th poll of PU_CTRL once CS is set.
 */
export class Nau7802Emu extends RegChip {
    mass_g = 0
    zero_counts = 150000
    counts_per_g = 4295
    cal_reads = 3
    ready_every = 1
    /** CTRL2 value written to start the last calibration (what the test checks) */
    calStartedWith = -1
    private calLeft = 0
    private polls = 0

    constructor() {
        super(0x2a)
        this.reset()
    }

    setMass(mass_g: number) {
        this.mass_g = mass_g
    }

    private reset() {
        this.regs.fillAt(0, 256, 0)
        this.regs[0x1f] = 0x0f
    }

    protected override afterWrite(reg: number, value: number) {
        if (reg === 0x00) {
            if (value & 0x01) return this.reset()
            if (value & 0x02) this.regs[0] |= 0x08
            else this.regs[0] &= ~0x08
        }
        if (reg === 0x02 && value & 0x04) {
            this.calStartedWith = value
            this.calLeft = this.cal_reads
        }
    }

    protected override beforeRead(reg: number, n: number) {
        if (reg === 0x02 && this.calLeft > 0) {
            this.calLeft--
            if (this.calLeft === 0) this.regs[2] &= ~0x04
        }
        if (reg === 0x00 && this.regs[0] & 0x10) {
            this.polls++
            if (this.polls % this.ready_every === 0) this.regs[0] |= 0x20
            else this.regs[0] &= ~0x20
        }
        if (reg <= 0x12 && reg + n > 0x12) {
            const c = this.counts(this.zero_counts + this.mass_g * this.counts_per_g, 1, 24)
            this.regs[0x12] = (c >> 16) & 0xff
            this.regs[0x13] = (c >> 8) & 0xff
            this.regs[0x14] = c & 0xff
            this.regs[0] &= ~0x20
        }
    }
}

/** an I2C bus with emulated chips on it; addresses without a chip NACK */
export class EmuBus extends I2C {
    chips: RegChip[] = []
    transfers = 0

    add<T extends RegChip>(chip: T): T {
        this.chips.push(chip)
        return chip
    }

    override async xfer(devAddr: number, writeBuf: Buffer, numRead?: number): Promise<Buffer> {
        this.transfers++
        for (const c of this.chips) if (c.addr === devAddr) return c.xfer(writeBuf, numRead || 0)
        throw new I2CError("NACK at " + hex2(devAddr), 1 as any)
    }
}
