/**
 * How each host tool ends: its commander program parsed, a usage error exiting 2 (commander has printed it, help
 * exits 0), any other error printed as "NAME: message" on stderr and exiting `failCode`.
 */
import { Command, InvalidArgumentError } from "commander"

export async function runProgram(program: Command, name: string, failCode: number): Promise<void> {
    program.exitOverride(err => process.exit(err.exitCode === 0 ? 0 : 2))
    try {
        await program.parseAsync()
    } catch (e) {
        process.stderr.write(name + ": " + (e as Error).message + "\n")
        process.exit(failCode)
    }
}

/**
 * A commander parser for a whole-number option from `lo` to `hi`: anything else ("abc", "1.5", "", out of range) is
 * a usage error naming the option and the range, never a NaN run (exit 2 under runProgram; npm start and log, which
 * parse without it, exit with commander's 1).
 */
export function wholeNumber(lo: number, hi: number): (v: string) => number {
    return (v: string) => {
        const n = Number(v)
        if (v.trim() === "" || !Number.isInteger(n) || n < lo || n > hi) throw new InvalidArgumentError(`a whole number from ${lo} to ${hi}`)
        return n
    }
}

/** the largest first seed: the simulator takes a case's seed as a 32-bit integer (caseSeed), so a larger one would repeat a smaller one's cases */
export const MAX_SEED = 2 ** 31 - 1
