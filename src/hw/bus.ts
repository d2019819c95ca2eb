/**
 * The I2C bus as the drivers see it: one injected `I2C` instance (every
 * transfer goes through its `xfer`, so a test or the simulated rig swaps in a
 * fake by overriding one method), plus byte helpers and the error type that
 * carries a wiring hint.
 */
import { I2C } from "@devicescript/i2c"
import { HwError } from "./sensor"

export { I2C, HwError }

/** waits `ms`: ds.sleep on the device, the virtual clock in tests */
export type Delay = (ms: number) => Promise<void>

/** signed 16-bit big-endian at `off` (InvenSense; Buffer.getAt is little-endian only) */
export function be16s(b: Buffer, off: number): number {
    const v = (b[off] << 8) | b[off + 1]
    return v >= 0x8000 ? v - 0x10000 : v
}

/** signed 16-bit little-endian at `off` (ST) */
export function le16s(b: Buffer, off: number): number {
    const v = b[off] | (b[off + 1] << 8)
    return v >= 0x8000 ? v - 0x10000 : v
}

/** signed 24-bit big-endian at `off`, sign-extended (NAU7802 ADCO_B2..B0) */
export function be24s(b: Buffer, off: number): number {
    const v = (b[off] << 16) | (b[off + 1] << 8) | b[off + 2]
    return v >= 0x800000 ? v - 0x1000000 : v
}

export function hex2(n: number): string {
    const d = "0123456789ABCDEF"
    return "0x" + d[(n >> 4) & 15] + d[n & 15]
}

/** the addresses as "0x6A/0x6B" for error messages */
export function addrList(addrs: number[]): string {
    return addrs.map(hex2).join("/")
}

export async function writeReg(bus: I2C, addr: number, reg: number, value: number) {
    await bus.xfer(addr, Buffer.from([reg, value]))
}

export async function readReg(bus: I2C, addr: number, reg: number): Promise<number> {
    return (await bus.xfer(addr, Buffer.from([reg]), 1))[0]
}

export async function readRegs(bus: I2C, addr: number, reg: number, n: number): Promise<Buffer> {
    return await bus.xfer(addr, Buffer.from([reg]), n)
}

/** reads `reg`, returns its value or -1 when the address does not answer */
export async function tryReadReg(bus: I2C, addr: number, reg: number): Promise<number> {
    try {
        return await readReg(bus, addr, reg)
    } catch (e) {
        return -1
    }
}

/** how a register is polled: at most `tries` reads, `delay(poll_ms)` between them */
export interface Poll {
    tries: number
    poll_ms: number
    delay: Delay
}

/**
 * Polls `reg` until `(value & mask) === want` as `poll` says: never an
 * unbounded busy-wait (the poll in one object keeps the call under the
 * DeviceScript compiler's 8 arguments).
 */
export async function pollReg(bus: I2C, addr: number, reg: number, mask: number, want: number, poll: Poll): Promise<number> {
    for (let i = 0; i < poll.tries; i++) {
        const v = await readReg(bus, addr, reg)
        if ((v & mask) === want) return v
        await poll.delay(poll.poll_ms)
    }
    return -1
}
