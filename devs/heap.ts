/**
 * `npm run heap [-- --at 10,30,60,80 --seed 1 --level easy --players 3]`: how much of the VM's 64 KB heap
 * `npm start`'s game leaves free at each of those game times (devs/lib/heap.ts: one VM run each, about 15 s).
 * The firmware has lived near the heap's end as well as the code limit's (the README's soak paragraph).
 */
import { Command, InvalidArgumentError, Option } from "commander"
import { MAX_SEED, runProgram, wholeNumber } from "./lib/cli.ts"
import { HEAP_PIECE, probeHeap, VM_HEAP } from "./lib/heap.ts"
import { formatTable } from "./lib/table.ts"
import { START_ENTRY_DEFAULTS } from "./lib/vm-entries.ts"
import { DIFFICULTIES } from "../src/core/referee/types.ts"

function seconds(v: string): number[] {
    const xs = v.split(",").map(x => Number(x.trim()))
    if (v.trim() === "" || xs.some(x => !(x > 0) || !Number.isFinite(x))) throw new InvalidArgumentError("game times in seconds, comma-separated, each > 0")
    return xs
}

const kb = (b: number) => (b / 1024).toFixed(2) + " KB"

const program = new Command()
    .name("npm run heap --")
    .description("how much of the VM's heap npm start's game leaves free, probed at the given game times")
    .option("--at <seconds>", "game times to probe at, comma-separated", seconds, [10, 30, 60, 80])
    .option("--players <n>", "players, 2..8", wholeNumber(2, 8), START_ENTRY_DEFAULTS.players)
    .addOption(new Option("--level <level>", "difficulty level").choices(DIFFICULTIES).default(START_ENTRY_DEFAULTS.level))
    .option("--seed <n>", "seed of the simulated game", wholeNumber(0, MAX_SEED), START_ENTRY_DEFAULTS.seed)
    .action(async o => {
        const game = { ...START_ENTRY_DEFAULTS, players: o.players, level: o.level, seed: o.seed }
        const rows: string[][] = []
        let least = Infinity
        for (const t of o.at as number[]) {
            process.stderr.write(`heap: probing at ${t} s of the game (${rows.length + 1} of ${o.at.length}) ...\n`)
            const r = await probeHeap(t * 1000, 0, game)
            least = Math.min(least, r.free_bytes)
            rows.push([String(t), String(r.free_bytes), kb(r.free_bytes), ((100 * r.free_bytes) / VM_HEAP).toFixed(1) + " %"])
        }
        console.log(`npm start's game: ${game.players} players, ${game.level}, seed ${game.seed}; the heap filled in ${HEAP_PIECE}-byte pieces`)
        console.log(formatTable(["game time s", "free bytes", "free", "of 64 KB"], rows))
        console.log(`\nleast free: ${least} bytes (${kb(least)}) of the VM's ${VM_HEAP}`)
    })

await runProgram(program, "heap", 1)
