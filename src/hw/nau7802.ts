/**
 * Nuvoton NAU7802 24-bit bridge ADC (the load cell in the clamp) at 0x2A,
 * e.g. on a SparkFun Qwiic Scale. Set-up: revision check, reset, power-up
 * (PUD/PUA, bounded wait for PUR), internal LDO at 3.0 V, gain 128, chosen
 * rate (80 SPS default), internal offset calibration once the LDO has
 * settled (bounded wait on CALS), conversions started. A read checks CR
 * (data ready) once and fetches ADCO_B2..B0 in one 3-byte burst.
 */
import { Sample } from "../core/sample"
import { Delay, HwError, I2C, pollReg, readReg, readRegs, writeReg, be24s, tryReadReg } from "./bus"
import { RawCheck, SensorDriver } from "./sensor"
import { LoadCal, gramsFromCounts } from "./loadcal"

export const NAU_ADDR = 0x2a
export const NAU_REG_PU_CTRL = 0x00
export const NAU_REG_CTRL1 = 0x01
export const NAU_REG_CTRL2 = 0x02
export const NAU_REG_ADCO_B2 = 0x12
export const NAU_REG_ADC = 0x15
export const NAU_REG_PGA_PWR = 0x1c
export const NAU_REG_REVISION = 0x1f

export const NAU_PU_RR = 0x01
export const NAU_PU_PUD = 0x02
export const NAU_PU_PUA = 0x04
export const NAU_PU_PUR = 0x08
export const NAU_PU_CS = 0x10
export const NAU_PU_CR = 0x20
export const NAU_PU_AVDDS = 0x80
/**
 * CTRL1: VLDO = 101 (3.0 V) in bits 5:3, GAINS = 111 (x128) in bits 2:0. From a 3.3 V supply (Qwiic, a
 * board's 3V3) the LDO needs headroom: at 3.3 V it has none (SparkFun's Qwiic examples set 3.0 V). The
 * ADC's reference is AVDD, which also excites the bridge: counts per kg do not depend on it
 */
export const NAU_CTRL1_LDO_3V0_GAIN_128 = (5 << 3) | 7
export const NAU_CTRL2_CALS = 0x04
export const NAU_CTRL2_CAL_ERR = 0x08
/** ADC register: REG_CHPS = 11 turns the chopper clock off (datasheet 11.1; SparkFun and Adafruit do the same) */
export const NAU_ADC_CHOPPER_OFF = 0x30
/** PGA_PWR: PGA_CAP_EN, the decoupling capacitor on the unused channel 2 */
export const NAU_PGA_CAP_EN = 0x80
/** the low nibble of REVISION_ID always reads 0xF */
const NAU_REVISION_MASK = 0x0f

/** conversion rates and their CRS codes (CTRL2 bits 6:4), index for index (as ScaleTable in ./sensor, for the image's room) */
export const NAU_RATES = { sps: [10, 20, 40, 80, 320], crs: [0, 1, 2, 3, 7] }

export const NAU_DEFAULTS = {
    rate_sps: 80,
    /** the LDO settles in well under 300 ms; calibration before that is off */
    ldo_settle_ms: 300,
    /** PUR comes within about 200 us; up to 20 polls 1 ms apart */
    pur_polls: 20,
    /** calibration takes a few conversions; up to 100 polls 10 ms apart (1 s, enough at 10 SPS) */
    cal_polls: 100,
    cal_poll_ms: 10,
    /** reads in a row without CR before the converter counts as stopped */
    max_not_ready: 20,
}

const HINT = "check SDA/SCL and 3V3"

export function nauCrs(rate_sps: number): number {
    const i = NAU_RATES.sps.indexOf(rate_sps)
    if (i >= 0) return NAU_RATES.crs[i]
    throw new RangeError("NAU7802 rate must be 10, 20, 40, 80 or 320 SPS, not " + rate_sps)
}

/** the 24-bit ADC's positive rail; a reading on either rail is not a load */
const NAU_COUNTS_MAX = 0x7fffff

export class Nau7802Driver implements SensorDriver {
    readonly sensor = "load"
    /** raw counts of the last sample (calibration reads these) */
    lastCounts = 0
    cal: LoadCal
    private bus: I2C
    private delay: Delay
    private opts = NAU_DEFAULTS
    private raw = new RawCheck("NAU7802", 100)
    private notReady = 0

    constructor(bus: I2C, delay: Delay, cal: LoadCal, opts = NAU_DEFAULTS) {
        this.bus = bus
        this.delay = delay
        this.cal = cal
        this.opts = opts
    }

    describe(): string {
        return "NAU7802 at 0x2A, " + this.opts.rate_sps + " SPS"
    }

    async init() {
        const o = this.opts
        const crs = nauCrs(o.rate_sps) << 4
        this.raw.reset()
        this.notReady = 0
        const rev = await tryReadReg(this.bus, NAU_ADDR, NAU_REG_REVISION)
        if (rev < 0) throw new HwError("no NAU7802 answered at 0x2A: " + HINT)
        if ((rev & NAU_REVISION_MASK) !== NAU_REVISION_MASK) throw new HwError("chip at 0x2A is not a NAU7802 (revision " + rev + "): " + HINT)
        const b = this.bus
        await writeReg(b, NAU_ADDR, NAU_REG_PU_CTRL, NAU_PU_RR)
        await writeReg(b, NAU_ADDR, NAU_REG_PU_CTRL, NAU_PU_PUD)
        await writeReg(b, NAU_ADDR, NAU_REG_PU_CTRL, NAU_PU_PUD | NAU_PU_PUA)
        if ((await pollReg(b, NAU_ADDR, NAU_REG_PU_CTRL, NAU_PU_PUR, NAU_PU_PUR, { tries: o.pur_polls, poll_ms: 1, delay: this.delay })) < 0)
            throw new HwError("NAU7802 did not power up (no PUR): " + HINT)
        await writeReg(b, NAU_ADDR, NAU_REG_CTRL1, NAU_CTRL1_LDO_3V0_GAIN_128)
        await writeReg(b, NAU_ADDR, NAU_REG_PU_CTRL, NAU_PU_AVDDS | NAU_PU_PUA | NAU_PU_PUD | NAU_PU_CS)
        await writeReg(b, NAU_ADDR, NAU_REG_CTRL2, crs)
        await writeReg(b, NAU_ADDR, NAU_REG_ADC, NAU_ADC_CHOPPER_OFF)
        await writeReg(b, NAU_ADDR, NAU_REG_PGA_PWR, NAU_PGA_CAP_EN)
        await this.delay(o.ldo_settle_ms)
        await writeReg(b, NAU_ADDR, NAU_REG_CTRL2, crs | NAU_CTRL2_CALS)
        const c2 = await pollReg(b, NAU_ADDR, NAU_REG_CTRL2, NAU_CTRL2_CALS, 0, { tries: o.cal_polls, poll_ms: o.cal_poll_ms, delay: this.delay })
        if (c2 < 0) throw new HwError("NAU7802 offset calibration did not finish")
        if (c2 & NAU_CTRL2_CAL_ERR) throw new HwError("NAU7802 offset calibration failed (CAL_ERR): check the load cell wires")
    }

    async read(s: Sample): Promise<boolean> {
        const pu = await readReg(this.bus, NAU_ADDR, NAU_REG_PU_CTRL)
        if (!(pu & NAU_PU_CR)) {
            this.notReady++
            if (this.notReady >= this.opts.max_not_ready) throw new HwError("NAU7802 stopped converting (no data ready in " + this.notReady + " reads)")
            return false
        }
        this.notReady = 0
        const b = await readRegs(this.bus, NAU_ADDR, NAU_REG_ADCO_B2, 3)
        this.raw.check(b)
        const counts = be24s(b, 0)
        if (counts === NAU_COUNTS_MAX || counts === -NAU_COUNTS_MAX - 1) throw new HwError("NAU7802 at full scale (" + counts + " counts): load cell overloaded or a bridge wire off?")
        this.lastCounts = counts
        s.setLoad(gramsFromCounts(this.lastCounts, this.cal))
        return true
    }
}
