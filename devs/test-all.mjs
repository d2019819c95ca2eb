#!/usr/bin/env node
// `npm test`: every check of the project, in both worlds, with one closing line
// `N passed, N failed`. Steps:
//   1. set-up: system packages the tests need (test/setup.mjs; installs with apt-get when missing)
//   2. type-check of the Node side (tsc --noEmit)
//   3. firmware builds (devs build) for every entry in BUILD_TARGETS, bytecode size printed
//   4. the VM suites: each test/vm/main*.ts entry, devs run --test --test-self-exit (GC stress on)
//   5. the Node suites (node --test with tsx), parity and end-to-end tests among them
// A step that cannot run counts as failed; the run goes on so every failure shows.
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync, statSync, copyFileSync, mkdirSync } from "node:fs"
import { join, relative } from "node:path"

const root = new URL("..", import.meta.url).pathname
process.chdir(root)
const bin = p => join(root, "node_modules", ".bin", p)
let passed = 0
let failed = 0
const failures = []

function run(cmd, args, opts = {}) {
    const r = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 1 << 28, env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" }, ...opts })
    return { code: r.status ?? 1, out: (r.stdout || "") + (r.stderr || ""), error: r.error }
}
function check(name, ok, detail) {
    if (ok) {
        passed++
        console.log(`ok   ${name}`)
    } else {
        failed++
        failures.push(name)
        console.log(`FAIL ${name}`)
        if (detail) console.log(detail.split("\n").map(l => "     " + l).join("\n"))
    }
}
function section(title) {
    console.log(`\n== ${title}`)
}
const stripAnsi = s => s.replace(/\x1b\[[0-9;]*m/g, "")

// 1. set-up
if (existsSync("test/setup.mjs")) {
    section("set-up")
    const r = run(process.execPath, ["test/setup.mjs"], { stdio: ["ignore", "pipe", "pipe"] })
    process.stdout.write(r.out)
    check("test set-up (test/setup.mjs)", r.code === 0, r.code === 0 ? "" : r.out.slice(-2000))
}

// 2. type-check
section("type-check (tsc --noEmit)")
{
    const r = run(bin("tsc"), ["--noEmit", "-p", "tsconfig.json"])
    check("tsc --noEmit", r.code === 0, r.out.slice(-4000))
}

/**
 * The VM's verifier (runtime verify.c, check 1051) wants every function's code to end before image byte
 * 0x10000: after a 32-byte fixed header, the section table (8 bytes each) and the function descriptors.
 * `devs build` runs it and fails; the builds print where the code ends, to show the headroom.
 */
const VM_CODE_END = 0x10000
const functionCodeEnd = img => img.readUInt32LE(32 + 8) + img.readUInt32LE(32 + 8 + 4)
const TOO_BIG = "its function code passed the VM's limit (verifier check 1051): make it smaller, or split a VM group into two entries\n"

// 3. firmware builds
section("firmware builds (devs build)")
// [entry file, label, extra devs-build args]; the hardware layer adds one per board
export const BUILD_TARGETS = [["src/main.ts", "default board"]]
let targets = BUILD_TARGETS
if (existsSync("boards/targets.json")) targets = JSON.parse(readFileSync("boards/targets.json", "utf8"))
for (const [entry, label, ...extra] of targets) {
    const r = run(process.execPath, [join(root, "node_modules/@devicescript/cli/built/devicescript-cli.cjs"), "build", entry, ...extra])
    const devs = join(root, ".devicescript/bin/bytecode.devs")
    let size = ""
    if (r.code === 0 && existsSync(devs)) {
        const end = functionCodeEnd(readFileSync(devs))
        const sizes = join(root, ".devicescript/bin/bytecode-sizes.md")
        const fm = existsSync(sizes) ? /(\d+) \| Function TOTAL/.exec(readFileSync(sizes, "utf8")) : null
        size = ` (bytecode ${statSync(devs).size} bytes` + (fm ? `, function code ${fm[1]}` : "") + `, ending at byte ${end} of ${VM_CODE_END})`
        const keep = join(root, "built", label.replace(/[^a-z0-9]+/gi, "-") + ".devs")
        mkdirSync(join(root, "built"), { recursive: true })
        copyFileSync(devs, keep)
    }
    const out = stripAnsi(r.out)
    check(`devs build ${entry} [${label}]${size}`, r.code === 0, (out.includes("verification failure: 1051") ? TOO_BIG : "") + out.slice(-4000))
}

// 4. VM suites: every test/vm/main*.ts entry (each imports a group of suites)
const vmEntries = readdirSync("test/vm").filter(f => /^main.*\.ts$/.test(f)).sort().map(f => "test/vm/" + f)
for (const entry of vmEntries) {
    section(`VM suites (devs run ${entry} --test --test-self-exit)`)
    const r = run(process.execPath, [join(root, "node_modules/@devicescript/cli/built/devicescript-cli.cjs"), "run", entry, "--test", "--test-self-exit", "--test-timeout", "1200000"])
    const out = stripAnsi(r.out)
    const lines = out.split("\n").filter(l => l.startsWith("WASM> ")).map(l => l.slice(6))
    const m = /tests: (\d+), pass: (\d+), error: (\d+)/.exec(out)
    if (m) {
        const pass = +m[2], err = +m[3], total = +m[1]
        for (const l of lines) if (!/^(preparing|running \d+ tests|RESTART|DeviceScript Simulator|start:)/.test(l)) console.log("  vm | " + l)
        passed += pass
        failed += err + (total - pass - err)
        if (err) failures.push(`${err} VM test(s) in ${entry}`)
        if (r.code !== 0 && !err) check(`VM runner exit code (${entry})`, false, out.slice(-3000))
        console.log(`VM ${entry}: ${pass} passed, ${err} failed`)
    } else {
        check(`VM suites ran (${entry})`, false, (out.includes("verification failure: 1051") ? TOO_BIG : "") + out.slice(-6000))
    }
}

// 5. Node suites
section("Node suites (node --test)")
{
    const files = []
    const walk = d => {
        for (const f of readdirSync(d)) {
            const p = join(d, f)
            if (statSync(p).isDirectory()) walk(p)
            else if (f.endsWith(".test.ts")) files.push(relative(root, p))
        }
    }
    if (existsSync("test/node")) walk("test/node")
    files.sort()
    const r = run(process.execPath, ["--import", "tsx", "--test", "--test-reporter=spec", ...files], { stdio: ["ignore", "pipe", "pipe"] })
    const out = stripAnsi(r.out)
    process.stdout.write(out.split("\n").filter(l => !/^ℹ (tests|suites|cancelled|skipped|todo|duration_ms)/.test(l)).join("\n") + "\n")
    const p = /ℹ pass (\d+)/.exec(out)
    const f = /ℹ fail (\d+)/.exec(out)
    const c = /ℹ cancelled (\d+)/.exec(out)
    if (p && f) {
        passed += +p[1]
        failed += +f[1] + (c ? +c[1] : 0)
        if (+f[1]) failures.push(`${f[1]} Node test(s)`)
        console.log(`Node: ${p[1]} passed, ${+f[1] + (c ? +c[1] : 0)} failed`)
    } else check("Node suites ran", false, out.slice(-4000))
}

console.log("")
if (failures.length) console.log("failures: " + failures.join("; "))
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
