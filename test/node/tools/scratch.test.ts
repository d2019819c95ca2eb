// The tests' scratch folders (test/node/scratch.ts) are gone when the process ends, on a failure too.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { existsSync, rmSync } from "node:fs"

const helper = new URL("../scratch.ts", import.meta.url).pathname
// a child that makes a folder, writes into it, prints its path, then ends as `end` says
const child = (end: string) =>
    `import { scratchDir } from ${JSON.stringify(helper)}\n` +
    `import { writeFileSync } from "node:fs"\n` +
    `const d = scratchDir("scratch-test-"); writeFileSync(d + "/f.txt", "x"); console.log(d)\n` + end

function runChild(end: string, env: Record<string, string> = {}) {
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", child(end)], { encoding: "utf8", env: { ...process.env, ...env } })
    const dir = r.stdout.trim().split("\n")[0]
    assert.ok(dir.includes("scratch-test-"), "the child printed its folder: " + r.stdout + r.stderr)
    return { dir, status: r.status }
}

test("a scratch folder is removed when its process ends normally", () => {
    const r = runChild("")
    assert.equal(r.status, 0)
    assert.equal(existsSync(r.dir), false)
})

test("a scratch folder is removed when its process ends on an uncaught error", () => {
    const r = runChild(`throw new Error("a failing test")`)
    assert.notEqual(r.status, 0)
    assert.equal(existsSync(r.dir), false)
})

test("LIBRIUM_KEEP_SCRATCH=1 keeps the folder to look at", () => {
    const r = runChild("", { LIBRIUM_KEEP_SCRATCH: "1" })
    try {
        assert.equal(existsSync(r.dir + "/f.txt"), true)
    } finally {
        rmSync(r.dir, { recursive: true, force: true })
    }
})
