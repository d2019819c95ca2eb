// The device fault table (test/vm/faults/table.ts) played in a device-like VM
// run (no GC stress): every row must keep its promises. Prints the table.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"

const root = new URL("../../..", import.meta.url).pathname

/** one fault-table entry played in the VM: its rows as [ok, name, message, state, why], all reported and finished */
function playEntry(entry: string): string[][] {
    const r = spawnSync(process.execPath, ["devs/vm-run.cjs", entry], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 })
    const lines = (r.stdout + r.stderr).replace(/\x1b\[[0-9;]*m/g, "").split("\n").map(l => l.replace(/^WASM> /, ""))
    const end = lines.find(l => l.startsWith("FAULTEND "))
    const tooBig = lines.some(l => l.includes("verification failure: 1051")) ? " (its function code passed the VM's limit, verifier check 1051: make it smaller, or split the table again)" : ""
    assert.ok(end, `${entry} did not finish${tooBig}:\n` + lines.slice(-30).join("\n"))
    const rows: string[][] = []
    for (let i = 0; i < lines.length; i++) {
        const m = /^FAULTROW (ok|FAIL) (.*)$/.exec(lines[i])
        if (!m) continue
        const field = (k: number, tag: string) => lines[i + k].slice(tag.length + 1)
        rows.push([m[1], m[2], field(1, "FAULTMSG"), field(2, "FAULTSTATE"), field(3, "FAULTWHY")])
    }
    assert.equal(rows.length, Number(end.split(" ")[1]), `${entry}: rows reported`)
    return rows
}

test("fault table: every fault gives a fault event (or notice), no call on bad data, recovery to the same game", () => {
    // two VM images: together the rows pass the VM's limit on an image's function code
    const rows = [...playEntry("test/vm/faults/run-table.ts"), ...playEntry("test/vm/faults/run-table-more.ts")]
    console.log("| fault | firmware's message | game state before -> after | result |\n|---|---|---|---|")
    for (const [ok, name, msg, st, why] of rows) console.log(`| ${name} | ${msg} | ${st} | ${ok === "ok" ? "ok" : "FAIL: " + why} |`)
    assert.ok(rows.length >= 20)
    const failed = rows.filter(x => x[0] !== "ok").map(x => `${x[1]}: ${x[4]}`)
    assert.deepEqual(failed, [])
})
