// Dependencies are pinned: every version in package.json is one exact
// version (no ranges, tags, URLs), the lockfile is committed and agrees with
// package.json, and what is installed is what the lockfile says.
import { test } from "node:test"
import assert from "node:assert/strict"
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"

const root = new URL("../../..", import.meta.url).pathname
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const SECTIONS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"]
/** 1.2.3 or 1.2.3-rc.1: nothing that npm could resolve to another version */
const EXACT = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/

function declared(): [string, string, string][] {
    const out: [string, string, string][] = []
    for (const sec of SECTIONS) for (const [name, v] of Object.entries(pkg[sec] ?? {})) out.push([sec, name, v as string])
    return out
}

test("the exact-version pattern tells pinned from ranged versions", () => {
    for (const v of ["1.2.3", "20.19.43", "1.0.0-beta.2"]) assert.match(v, EXACT)
    for (const v of ["^1.2.3", "~1.2.3", ">=1", "1.x", "latest", "*", "1.2", "github:a/b", "file:../x", "1.2.3 || 2.0.0"]) assert.doesNotMatch(v, EXACT)
})

test("every dependency in package.json is pinned to one exact version", () => {
    const deps = declared()
    assert.ok(deps.length > 0, "package.json lists no dependencies")
    const loose = deps.filter(([, , v]) => !EXACT.test(v)).map(([sec, name, v]) => `${sec}.${name}: "${v}"`)
    assert.deepEqual(loose, [], "pin these with `flock /tmp/npm.lock npm install --save-exact ...`")
})

test("the lockfile is committed and agrees with package.json and node_modules", () => {
    const lockPath = join(root, "package-lock.json")
    assert.ok(existsSync(lockPath), "package-lock.json is missing")
    const tracked = execFileSync("git", ["ls-files", "package-lock.json"], { cwd: root, encoding: "utf8" }).trim()
    assert.equal(tracked, "package-lock.json", "package-lock.json is not committed")
    const lock = JSON.parse(readFileSync(lockPath, "utf8"))
    const top = lock.packages[""]
    for (const [sec, name, v] of declared()) {
        assert.equal(top[sec]?.[name], v, `lockfile ${sec}.${name} differs from package.json`)
        const entry = lock.packages["node_modules/" + name]
        assert.ok(entry, `${name} is not in the lockfile`)
        assert.equal(entry.version, v, `lockfile resolves ${name} to ${entry.version}, package.json pins ${v}`)
        const installed = join(root, "node_modules", name, "package.json")
        if (existsSync(installed)) assert.equal(JSON.parse(readFileSync(installed, "utf8")).version, v, `node_modules has another ${name}: run npm ci`)
    }
})
