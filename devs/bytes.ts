/**
 * `npm run bytes [-- ENTRY | --generated start|games] [--by file|package] [--top N] [--no-build]`: where a
 * firmware image's function code comes from. Builds ENTRY (default: the QT Py board's firmware; `--generated`:
 * `npm start`'s image or the parity test's games image, whose entries are written at run time) with `devs build`,
 * then splits its function code by source file or package (devs/lib/bytes.ts) and says how much
 * room is left before the VM's limit: the firmware has lived near it, so a change that needs bytes
 * starts here.
 */
import { Command } from "commander"
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { bytesByFile, bytesByPackage, DebugInfo, IMAGE_HEADER, VM_CODE_END } from "./lib/bytes.ts"
import { formatTable } from "./lib/table.ts"
import { START_ENTRY_DEFAULTS, writeGamesEntry, writeStartEntry } from "./lib/vm-entries.ts"

const DEBUG_FILE = ".devicescript/bin/bytecode-dbg.json"
const root = join(import.meta.dirname, "..")

const cmd = new Command()
    .name("npm run bytes --")
    .description("where a firmware image's function code comes from, by source file or package, and the room left before the VM's limit")
    .argument("[entry]", "the firmware entry to build", "boards/librium_qtpy_c3.ts")
    .option("--by <what>", "file or package", "file")
    .option("--top <n>", "rows to show (0: all)", "25")
    .option("--generated <image>", "a generated entry instead: start (npm start's image, its default game) or games (the parity test's games)")
    .option("--no-build", "read the last build's debug file instead of building")
    .parse()
const opts = cmd.opts()
if (opts.generated !== undefined && opts.generated !== "start" && opts.generated !== "games") cmd.error(`bytes: --generated is start or games, not ${opts.generated}`)
if (opts.generated !== undefined && cmd.args.length > 0) cmd.error("bytes: give an entry or --generated, not both")
if (opts.generated !== undefined && !opts.build) cmd.error("bytes: --generated builds its entry (leave out --no-build)")
const genDir = join(root, "out", "bytes")
const entry =
    opts.generated === "start"
        ? writeStartEntry(genDir, START_ENTRY_DEFAULTS).entry
        : opts.generated === "games"
          ? writeGamesEntry(genDir)
          : (cmd.args[0] ?? "boards/librium_qtpy_c3.ts")
const top = Number(opts.top)
if (opts.by !== "file" && opts.by !== "package") cmd.error(`bytes: --by is file or package, not ${opts.by}`)
if (!Number.isInteger(top) || top < 0) cmd.error(`bytes: --top is a whole number (0: all), not ${opts.top}`)

if (opts.build) {
    process.stderr.write(`bytes: devs build ${entry} ...\n`)
    const r = spawnSync(process.execPath, [join(root, "node_modules/@devicescript/cli/built/devicescript-cli.cjs"), "build", entry], { cwd: root, encoding: "utf8" })
    if (opts.generated !== undefined) rmSync(entry, { force: true })
    if (r.status !== 0) {
        process.stderr.write((r.stdout ?? "") + (r.stderr ?? ""))
        console.error(`bytes: devs build ${entry} failed`)
        process.exit(1)
    }
}
const path = join(root, DEBUG_FILE)
if (!existsSync(path)) {
    console.error(`bytes: no ${DEBUG_FILE}: build an entry first (leave out --no-build)`)
    process.exit(1)
}
let files
try {
    files = bytesByFile(JSON.parse(readFileSync(path, "utf8")) as DebugInfo)
} catch (e) {
    console.error(`bytes: ${DEBUG_FILE}: ${(e as Error).message}`)
    process.exit(1)
}
const total = files.reduce((s, f) => s + f.bytes, 0)
const rows = opts.by === "package" ? bytesByPackage(files) : files
const shown = top > 0 ? rows.slice(0, top) : rows
const share = (b: number) => ((100 * b) / total).toFixed(1) + " %"
const body = shown.map(r => [r.path, String(r.bytes), share(r.bytes)])
const rest = rows.slice(shown.length).reduce((s, r) => s + r.bytes, 0)
if (rest > 0) body.push([`(${rows.length - shown.length} more)`, String(rest), share(rest)])
console.log(formatTable([opts.by === "package" ? "package or folder" : "source file", "bytes", "share"], body))
const end = total + IMAGE_HEADER
console.log(`\nfunction code ${total} bytes, ending at byte ${end}: ${VM_CODE_END - end} to spare before the VM's limit (${VM_CODE_END})`)
