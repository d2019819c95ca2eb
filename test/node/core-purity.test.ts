// src/core is the pure, shared referee core: no DeviceScript import, no clock,
// no timers, no Math trig (the VM has none), no I/O.
import { test } from "node:test"
import assert from "node:assert/strict"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"

const coreDir = new URL("../../src/core", import.meta.url).pathname
function files(d: string): string[] {
    const out: string[] = []
    for (const f of readdirSync(d)) {
        const p = join(d, f)
        if (statSync(p).isDirectory()) out.push(...files(p))
        else if (f.endsWith(".ts")) out.push(p)
    }
    return out
}
const FORBIDDEN: [RegExp, string][] = [
    [/from\s+["']@devicescript\//, "imports @devicescript"],
    [/from\s+["']node:/, "imports a Node module"],
    [/\bDate\b/, "reads a clock (Date)"],
    [/\bperformance\.now\b|\bds\.millis\b|\bmillis\(\)/, "reads a clock"],
    [/\bset(Timeout|Interval|Immediate)\b/, "sets a timer"],
    [/\bMath\.(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|hypot)\b/, "uses Math trig the VM lacks"],
    [/\bconsole\./, "prints (the core returns events; callers print)"],
    [/\bawait\b|\basync\b/, "is asynchronous"],
    // `arr.length = 0` leaves the old elements readable and loses later pushes in
    // the DeviceScript 2.16.4 VM: create a new array (or keep a count) instead
    [/\.length\s*=[^=]/, "assigns an array's length (broken in the DeviceScript VM: use a new array)"],
]

test("src/core has files to check", () => {
    assert.ok(files(coreDir).length >= 3)
})
for (const f of files(coreDir)) {
    test(`core file is pure: ${f.slice(coreDir.length + 1)}`, () => {
        const src = readFileSync(f, "utf8").replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "")
        for (const [re, what] of FORBIDDEN) assert.ok(!re.test(src), `${f} ${what}`)
    })
}
