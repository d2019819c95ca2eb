// The same input sequences through the core in the DeviceScript VM and in
// Node must give the same outputs, line for line. Three VM images: the core's
// cases; the simulator's rows and the director's plans; and whole simulated
// games refereed, from plans the director made in Node (its generated entry:
// devs/lib/vm-entries.ts). One image holding them all passed the VM's code
// limit; so did one for the simulator and the referee with the director.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { rmSync } from "node:fs"
import { join } from "node:path"
import { PARITY_CASES } from "../parity/program.ts"
import { ParityCase, ParityRun } from "../parity/run.ts"
import { simCase } from "../parity/sim-case.ts"
import { plansCase } from "../parity/plans-case.ts"
import { gamesCase } from "../parity/games-case.ts"
import { parityGames, writeGamesEntry } from "../../devs/lib/vm-entries.ts"

const root = new URL("../..", import.meta.url).pathname

function parity(entry: string, cases: (() => ParityCase)[], minLines: number) {
    const r = spawnSync(process.execPath, ["devs/vm-run.cjs", entry], { cwd: root, encoding: "utf8", maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: "1" } })
    const out = (r.stdout + r.stderr).replace(/\x1b\[[0-9;]*m/g, "")
    assert.ok(out.includes("PARITY-END"), "the VM run did not finish:\n" + out.slice(-3000))
    const vm = out.split("\n").filter(l => l.startsWith("WASM> P ")).map(l => l.slice(8))
    const node: string[] = []
    const run = new ParityRun(cases)
    while (run.runChunk(1e9, l => node.push(l)));
    assert.ok(node.length >= minLines, `parity transcript too short: ${node.length}`)
    assert.equal(vm.length, node.length, "transcript lengths differ")
    for (let i = 0; i < node.length; i++) assert.equal(vm[i], node[i], `first difference at line ${i + 1}`)
}

test("core parity: VM and Node transcripts are identical (filters, trace, telemetry, rules, signals, referee)", () => {
    parity("test/parity/main.ts", PARITY_CASES, 6000)
})

test("core parity: VM and Node transcripts are identical (the simulator's rows, the director's plans)", () => {
    parity("test/parity/main-simrows.ts", [simCase, plansCase], 3150)
})

test("core parity: VM and Node transcripts are identical (whole simulated games through the referee)", () => {
    const entry = writeGamesEntry(join(root, "out/parity"))
    try {
        parity(entry, [() => gamesCase(parityGames())], 60)
    } finally {
        rmSync(entry, { force: true })
    }
})
