/**
 * How each host tool ends: its commander program parsed, a usage error exiting 2 (commander has printed it, help
 * exits 0), any other error printed as "NAME: message" on stderr and exiting `failCode`.
 */
import { Command } from "commander"

export async function runProgram(program: Command, name: string, failCode: number): Promise<void> {
    program.exitOverride(err => process.exit(err.exitCode === 0 ? 0 : 2))
    try {
        await program.parseAsync()
    } catch (e) {
        process.stderr.write(name + ": " + (e as Error).message + "\n")
        process.exit(failCode)
    }
}
