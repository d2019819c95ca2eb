/**
 * A scripted I2C bus (after embedded-hal-mock): the test lists the exact
 * transactions it expects, in order; `xfer` checks each one, answers reads
 * with the scripted bytes, and `done()` checks that all were consumed.
 * The first mismatch is kept and re-thrown by `done()`, so a driver that
 * swallows errors still fails the test.
 */
import { I2C, I2CError } from "@devicescript/i2c"
import { hex2 } from "../../../src/hw/bus"

interface Expect {
    addr: number
    write: number[]
    read: number[]
    nack: boolean
}

function hex(bytes: number[] | Buffer): string {
    const out: string[] = []
    for (let i = 0; i < bytes.length; i++) out.push(hex2(bytes[i]))
    return "[" + out.join(" ") + "]"
}

export class ScriptedI2C extends I2C {
    private script: Expect[] = []
    private pos = 0
    private error = ""

    /** expects a register write `reg <- value` at `addr` */
    write(addr: number, reg: number, value: number): ScriptedI2C {
        this.script.push({ addr: addr, write: [reg, value], read: [], nack: false })
        return this
    }

    /** expects a read of `bytes.length` bytes from `reg` at `addr`, answered with `bytes` */
    read(addr: number, reg: number, bytes: number[]): ScriptedI2C {
        this.script.push({ addr: addr, write: [reg], read: bytes, nack: false })
        return this
    }

    /** expects a one-byte read of `reg` at `addr` that nobody acknowledges */
    nack(addr: number, reg: number): ScriptedI2C {
        this.script.push({ addr: addr, write: [reg], read: [0], nack: true })
        return this
    }

    override async xfer(devAddr: number, writeBuf: Buffer, numRead?: number): Promise<Buffer> {
        const n = numRead || 0
        const got = "addr " + hex2(devAddr) + " write " + hex(writeBuf) + " read " + n
        const e = this.script[this.pos]
        if (!e) return this.fail("unexpected transaction #" + (this.pos + 1) + ": " + got)
        const want = "addr " + hex2(e.addr) + " write " + hex(e.write) + " read " + e.read.length
        if (got !== want) return this.fail("transaction #" + (this.pos + 1) + ": expected " + want + ", got " + got)
        this.pos++
        if (e.nack) throw new I2CError("NACK " + want, 1 as any)
        return Buffer.from(e.read)
    }

    /** throws unless every scripted transaction happened, in order, and nothing else */
    done() {
        if (this.error) throw new Error(this.error)
        if (this.pos !== this.script.length) throw new Error("only " + this.pos + " of " + this.script.length + " scripted transactions happened")
    }

    private fail(msg: string): Buffer {
        if (!this.error) this.error = msg
        throw new Error(msg)
    }
}
