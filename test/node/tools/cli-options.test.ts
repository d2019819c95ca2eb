// The host tools' whole-number options (devs/lib/cli.ts wholeNumber): a bad value is a usage error naming the option
// and its range, before any work starts (a NaN seed or count used to run, and --threads 0 started a figures run).
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { InvalidArgumentError } from "commander"
import { wholeNumber } from "../../../devs/lib/cli.ts"

const root = new URL("../../..", import.meta.url).pathname

test("wholeNumber takes whole numbers in its range and refuses the rest, naming the range", () => {
    const p = wholeNumber(1, 64)
    assert.equal(p("1"), 1)
    assert.equal(p("64"), 64)
    assert.equal(p(" 7 "), 7)
    for (const bad of ["0", "65", "-3", "1.5", "abc", "", " ", "2x", "NaN", "Infinity"]) {
        assert.throws(() => p(bad), (e: Error) => e instanceof InvalidArgumentError && e.message === "a whole number from 1 to 64", JSON.stringify(bad))
    }
})

test("bench, figures, tune, log, heap and npm start refuse a bad whole number before doing anything", () => {
    const cases: [string, string[], RegExp][] = [
        ["bench", ["--count", "abc"], /option '--count <n>' argument 'abc' is invalid\. a whole number from 1 to 1000000/],
        ["bench", ["--seed", "1.5"], /option '--seed <n>' argument '1\.5' is invalid/],
        ["bench", ["--threads", "0"], /option '--threads <n>' argument '0' is invalid\. a whole number from 1 to 64/],
        ["figures", ["--threads", "0", "--check"], /option '--threads <n>' argument '0' is invalid/],
        ["tune", ["--seed", "abc"], /option '--seed <n>' argument 'abc' is invalid/],
        ["tune", ["--rounds", "0"], /option '--rounds <n>' argument '0' is invalid\. a whole number from 1 to 100/],
        ["log", ["--baud", "fast"], /option '--baud <n>' argument 'fast' is invalid/],
        ["start", ["--players", "9"], /option '--players <n>' argument '9' is invalid\. a whole number from 2 to 8/],
        ["heap", ["--seed", "-1"], /option '--seed <n>' argument '-1' is invalid/],
        ["heap", ["--at", "30,abc"], /option '--at <seconds>' argument '30,abc' is invalid\. game times in seconds/],
    ]
    for (const [tool, args, msg] of cases) {
        const r = spawnSync(process.execPath, ["--import", "tsx", `devs/${tool}.ts`, ...args], { cwd: root, encoding: "utf8", timeout: 60000 })
        const what = `${tool} ${args.join(" ")}`
        assert.ok(r.status === 1 || r.status === 2, `${what}: exit ${r.status} (${r.signal ?? ""}) ${r.stdout.slice(-300)}`)
        assert.match(r.stderr, msg, what)
        assert.equal(r.stdout, "", `${what}: nothing started`)
    }
})
