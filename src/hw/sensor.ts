/**
 * What the sampler needs from a sensor driver: set it up (probing, chip-ID
 * check, configuration; throws HwError with a wiring hint) and read one
 * sample into the shared Sample. Drivers own no timers: the sampler decides
 * when to call them.
 */
import { Sample } from "../core/sample"

/** a sensor that could not be set up or read; `message` says what to check (here, not in ./bus, so an image without I2C drivers carries no I2C code) */
export class HwError extends Error {
    constructor(message: string) {
        super(message)
        this.name = "HwError"
    }
}

export interface SensorDriver {
    /** "imu" or "load": the `sensor` field of fault events */
    readonly sensor: string
    /** what was found, e.g. "LSM6DSOX at 0x6A" (after init) */
    describe(): string
    init(): Promise<void>
    /** reads one sample into `s`; false when the chip had no new data yet */
    read(s: Sample): Promise<boolean>
}

/**
 * A chip's full scales, index for index: the ranges (g or dps), their register codes and sensitivities (each table says
 * its unit). Parallel arrays, not a row object per range: the rows' properties, set at start-up, cost every firmware
 * image about 50 bytes of function code a table (the five tables gave 252 back on the board)
 */
export interface ScaleTable {
    range: number[]
    code: number[]
    sens: number[]
}

/** the index of `range` (g or dps) in a chip's full-scale table; else a RangeError: `what`, then the range asked for */
export function fullScale(table: ScaleTable, range: number, what: string): number {
    const i = table.range.indexOf(range)
    if (i < 0) throw new RangeError(what + ", not +-" + range)
    return i
}

/**
 * Catches a chip that answers but reads nonsense: every byte 0xFF (SDA stuck
 * high, chip unpowered behind a pull-up), every byte 0x00, the very same
 * raw sample `stuck_reads` times in a row (a live MEMS or bridge ADC always
 * has a few LSB of noise), or every axis on a rail RAILED_READS times in a row.
 */
export class RawCheck {
    private last: Buffer = null
    private same = 0
    /** reads in a row with every axis on a rail (check's `railed`) */
    private railed = 0
    private what: string
    private stuck_reads: number

    constructor(what: string, stuck_reads: number) {
        this.what = what
        this.stuck_reads = stuck_reads
    }

    /** a new init: forgets the last sample, unless the chip was stuck or railed (a re-init does not mend it: the data must change) */
    reset() {
        if (this.same + 1 >= this.stuck_reads || this.railed >= RAILED_READS) return
        this.last = null
        this.same = 0
        this.railed = 0
    }

    /**
     * throws HwError when `b` is not a believable raw sample; false (no sample) when `railed` (allRailed16: every axis
     * on a rail), and HwError once RAILED_READS in a row were
     */
    check(b: Buffer, railed?: boolean): boolean {
        let ones = true
        let zeros = true
        for (let i = 0; i < b.length; i++) {
            if (b[i] !== 0xff) ones = false
            if (b[i] !== 0) zeros = false
        }
        if (ones) throw new HwError(this.what + " reads all ones (0xFF): power or a pull-up without a chip?")
        if (zeros) throw new HwError(this.what + " reads all zeros: chip in reset or not converting?")
        if (sameBytes(this.last, b)) this.same++
        else this.same = 0
        this.last = b
        if (this.same + 1 >= this.stuck_reads) throw new HwError(this.what + " is stuck: " + this.stuck_reads + " identical samples")
        this.railed = railed ? this.railed + 1 : 0
        if (this.railed >= RAILED_READS) throw new HwError(this.what + " reads full scale on every axis: failing chip or supply?")
        return !railed
    }
}

function sameBytes(a: Buffer, b: Buffer): boolean {
    if (!a || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
    return true
}

/** 0.5 s of identical raw samples at 100 Hz: a live IMU never does that */
export const IMU_STUCK_READS = 50

/**
 * every IMU axis on a rail this many reads in a row (29 ms at 104 Hz) is a failing chip or supply, which stays
 * there; a knock's rails last milliseconds (a real 27 g, 1,500 dps impact put five axes there at +-4 g / 500 dps,
 * all six for 7 ms at +-2 g / 250 dps: one read at 104 Hz), and such a read is dropped (no sample: what it holds
 * is no measurement, and a swing of 500 dps on every axis would read as a hand's push)
 */
export const RAILED_READS = 3

/**
 * True when every 16-bit word at `offsets` sits on a rail (0x7FFF or 0x8000):
 * a hanging rod never drives every axis to full scale at once, a failing
 * chip or supply does, and keeps them there (RawCheck.check). Some axes at
 * full scale are a real knock and pass.
 */
export function allRailed16(b: Buffer, offsets: number[], littleEndian: boolean): boolean {
    for (let i = 0; i < offsets.length; i++) {
        const o = offsets[i]
        const v = littleEndian ? b[o] | (b[o + 1] << 8) : (b[o] << 8) | b[o + 1]
        if (v !== 0x7fff && v !== 0x8000) return false
    }
    return true
}

