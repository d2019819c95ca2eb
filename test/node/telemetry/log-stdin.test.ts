// `npm run log -- --stdin`: a log relayed on standard input (e.g. by `devs devtools --serial -l`, its lines with
// DeviceScript's "> " prefix and colours) becomes the same trace and events; the logger ends at the input's end.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { scratchDir } from "../scratch.ts"
import { join } from "node:path"
import { fakeDevice } from "./fake-device.ts"

test("npm run log -- --stdin: a relayed log with level prefixes and colours gives the clean trace and events, shows the device's notices, and ends at EOF", () => {
    const root = new URL("../../..", import.meta.url).pathname
    const out = scratchDir("log-stdin-")
    const dev = fakeDevice(4, 200, 0)
    // a notice mid-session (a sensor answering again): shown to the person, kept out of the trace
    const lines = [...dev.before]
    lines.splice(lines.length - 2, 0, "# imu answering again: LSM6DSOX at 0x6A")
    const input = lines.map((l, i) => (i % 3 === 0 ? "\x1b[36m> " + l + "\x1b[0m" : "> " + l)).join("\n") + "\n"
    const r = spawnSync(process.execPath, ["--import", "tsx", "devs/log.ts", "--stdin", "--out", out], { cwd: root, input, encoding: "utf8", timeout: 60000 })
    assert.equal(r.status, 0, r.stderr)
    const files = readdirSync(out).sort()
    assert.equal(files.length, 2, files.join(","))
    const trace = readFileSync(join(out, files.find(f => f.endsWith(".csv"))), "utf8").trim().split("\n")
    const events = readFileSync(join(out, files.find(f => f.endsWith(".events.jsonl"))), "utf8").trim().split("\n")
    assert.deepEqual(trace, [...dev.hello, dev.header, ...dev.rows])
    assert.deepEqual(events, dev.events)
    assert.match(r.stderr, /done .*"rows":\d+/)
    assert.match(r.stderr, /log: device: imu answering again: LSM6DSOX at 0x6A\n/)
})
