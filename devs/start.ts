// `npm start [-- --players N --level L --seed N --speed X]`: the firmware's own
// code path (sampler, Referee, outputs, telemetry) in the DeviceScript VM
// against a simulated rig (test/start/run.ts). The options go into a
// generated entry under out/start/ (gitignored; devs/lib/vm-entries.ts writes
// it), run with devs/vm-run.cjs. The terminal shows the LED strip as coloured blocks, the
// buzzer's tunes as words and each referee event; the device's telemetry is
// cleaned by the logger's own cleaner into out/start-SEED.csv and
// out/start-SEED.events.jsonl. The game director plans the game here (its
// code would not fit in the VM beside the firmware): the plan goes to the VM
// as data, and its truth to out/start-SEED.truth.json.
import { Command, InvalidArgumentError, Option } from "commander"
import { spawn } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { createInterface } from "node:readline"
import { join } from "node:path"
import { LogCleaner } from "./lib/logparse.ts"
import { CODE_LIMIT_ERROR } from "./lib/bytes.ts"
import { MAX_SEED, wholeNumber } from "./lib/cli.ts"
import { eventLine } from "./lib/event-words.ts"
import { DIFFICULTIES } from "../src/core/referee/types.ts"
import { START_ENTRY_DEFAULTS, StartEntryOptions, writeStartEntry } from "./lib/vm-entries.ts"

const root = new URL("..", import.meta.url).pathname

const START_CLI_DEFAULTS = { ...START_ENTRY_DEFAULTS, out: "out" }

function speed(v: string) {
    const x = Number(v)
    if (!(x >= 0)) throw new InvalidArgumentError("a number >= 0")
    return x
}

const opts = new Command()
    .name("npm start --")
    .description("play a seeded simulated game on the firmware in the DeviceScript VM")
    .option("--players <n>", "players, 2..8", wholeNumber(2, 8), START_CLI_DEFAULTS.players)
    .addOption(new Option("--level <level>", "difficulty level").choices(DIFFICULTIES).default(START_CLI_DEFAULTS.level))
    .option("--seed <n>", "seed of the simulated game", wholeNumber(0, MAX_SEED), START_CLI_DEFAULTS.seed)
    .option("--speed <x>", "multiples of real time (0: as fast as the VM goes)", speed, START_CLI_DEFAULTS.speed)
    .addOption(new Option("--rows <mode>", "trace rows").choices(["full", "decimated"]).default(START_CLI_DEFAULTS.rows))
    .option("--out <dir>", "folder for the trace, events and truth", START_CLI_DEFAULTS.out)
    .option("--quiet", "no live display (files and summary only)")
    .parse()
    .opts()

const out = opts.out
mkdirSync(join(out, "start"), { recursive: true })
const base = join(out, `start-${opts.seed}`)
// the options reach the VM as a generated entry module, the game the director planned here as data in it
const { entry, planner } = writeStartEntry(join(out, "start"), opts as StartEntryOptions)

const tty = process.stdout.isTTY && !opts.quiet
const say = (line: string) => {
    if (!opts.quiet) process.stdout.write((tty ? "\r\x1b[K" : "") + line + "\n")
    if (tty) drawStrip()
}
let strip = ""
let game_ms = 0
function drawStrip() {
    process.stdout.write(`\r\x1b[K  LEDs ${strip}  ${(game_ms / 1000).toFixed(1)} s`)
}

const cleaner = new LogCleaner()
const trace: string[] = []
const events: string[] = []
const truth = { events: planner.events, outs: planner.outs, winner: planner.winner, final_cards: planner.finalCards, turns: planner.turns }
const problems: string[] = []
let ended = false

let compilerOutput = ""

function onVmLine(raw: string) {
    if (!raw.startsWith("WASM> ")) {
        compilerOutput += raw + "\n"
        return
    }
    // the VM wraps each printed line in a colour; the LED line keeps its own colours inside
    const line = raw.slice(6).replace(/^\x1b\[[0-9;]*m/, "").replace(/\x1b\[0m$/, "")
    if (line.startsWith("leds ")) {
        strip = line.slice(5)
        if (tty) drawStrip()
    } else if (line.startsWith("tune ")) say(`           \u266a ${line.slice(5)}`)
    else if (line === "START-END") ended = true
    else if (/^(Exception|PANIC|Unhandled| at )/.test(line.trim())) problems.push(line)
    else if (line.startsWith("# ") && !line.startsWith("# {")) say(line)
    else {
        const r = cleaner.line(line)
        if (r.newSession) trace.push(...r.newSession)
        if (r.kind === "row") {
            trace.push(r.out)
            game_ms = Number(r.out.split(",")[0])
        } else if (r.kind === "event") {
            events.push(r.out)
            say(eventLine(JSON.parse(r.out)))
        }
    }
}

if (!opts.quiet) console.log(`librium referee firmware, simulated rig: ${opts.players} players, ${opts.level}, seed ${opts.seed}${opts.speed ? ", " + opts.speed + "x real time" : ""}`)
const vm = spawn(process.execPath, [join(root, "devs/vm-run.cjs"), entry], { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "1" } })
let stderr = ""
vm.stderr.on("data", d => (stderr += d))
createInterface({ input: vm.stdout }).on("line", onVmLine)
const code: number = await new Promise(r => vm.on("close", r))
rmSync(entry, { force: true })
if (tty) process.stdout.write("\r\x1b[K")

writeFileSync(base + ".csv", trace.map(l => l + "\n").join(""))
writeFileSync(base + ".events.jsonl", events.map(l => l + "\n").join(""))
writeFileSync(base + ".truth.json", JSON.stringify({ events: truth.events, outcome: { outs: truth.outs, winner: truth.winner, final_cards: truth.final_cards, turns: truth.turns } }, null, 1) + "\n")
const refOuts = events.map(l => JSON.parse(l)).filter(e => e.type === "out")
const refWinner = events.map(l => JSON.parse(l)).find(e => e.type === "winner")
console.log(
    [
        `referee:   out ${refOuts.map(e => `${e.player} (${e.reason})`).join(", ") || "-"}; winner ${refWinner ? refWinner.player : "-"}`,
        `simulator: out ${truth.outs.map(o => `${o.player} (${o.reason})`).join(", ") || "-"}; winner ${truth.winner ?? "-"}`,
        `wrote ${base}.csv (${cleaner.stats.rows} rows, ${cleaner.stats.lost} lost), ${base}.events.jsonl (${events.length} events), ${base}.truth.json`,
    ].join("\n"),
)
if (!ended || code !== 0 || problems.length) {
    const all = compilerOutput + stderr
    if (CODE_LIMIT_ERROR.test(all))
        console.error("start: the firmware and the simulator together pass the DeviceScript VM's 64 KB function-code limit (verifier check 1051)")
    console.error("start: the VM run failed" + (problems.length ? ":\n" + problems.join("\n") : "") + "\n" + all.replace(/\x1b\[[0-9;]*m/g, "").slice(-2000))
    process.exit(1)
}
