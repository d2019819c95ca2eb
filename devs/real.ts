/**
 * `npm run real -- --out DIR`: the real sensor recordings of ../shared/data/real
 * as rig traces with their truth (nothing happens: quiet cases), for
 * `npm run bench -- --dir DIR`. See devs/lib/real-data.ts for what each is.
 */
import { Command } from "commander"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { formatHeader, formatMeta } from "../src/core/trace.ts"
import { GameConfig } from "../src/core/referee/types.ts"
import { Truth } from "../src/sim/truth.ts"
import { realCases } from "./lib/real-data.ts"

const opts = new Command().name("npm run real --").description("write the real recordings as quiet rig traces with truth").requiredOption("--out <dir>", "output folder").parse().opts()

const cfg: GameConfig = { players: 3, difficulty: "easy", cards: 30, first_player: 1, touch_penalty: "out" }
mkdirSync(opts.out, { recursive: true })
const index: { name: string; category: string; what: string; rows: number }[] = []
let cases: ReturnType<typeof realCases>
try {
    cases = realCases()
} catch (e) {
    console.error("real: " + (e as Error).message)
    process.exit(1)
}
for (const c of cases) {
    const csv = [formatMeta(cfg, "real:" + c.name), formatHeader(), ...c.rows, ""].join("\n")
    writeFileSync(join(opts.out, c.name + ".csv"), csv)
    const truth: Truth = { events: [], outcome: { outs: [], winner: null, final_cards: [0], turns: 0 }, case: { category: "quiet", source: "recorded", what: c.what } }
    writeFileSync(join(opts.out, c.name + ".truth.json"), JSON.stringify(truth, null, 1) + "\n")
    index.push({ name: c.name, category: "quiet", what: c.what, rows: c.rows.length })
    console.error(`real: ${c.name}: ${c.rows.length} rows (${c.what})`)
}
writeFileSync(join(opts.out, "index.json"), JSON.stringify({ cases: index }, null, 1) + "\n")
