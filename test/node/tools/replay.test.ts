// The replay command: good traces give JSON Lines on stdout; every kind of
// malformed trace gives a message naming the file and line on stderr, exit 2,
// and nothing on stdout.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { scratchDir } from "../scratch.ts"
import { join } from "node:path"

const root = new URL("../../..", import.meta.url).pathname
const dir = scratchDir("replay-test-")

const META = '# {"format":"librium-trace","version":1,"players":3,"difficulty":"medium","cards":30,"first_player":2}'
const HEADER = "t_ms,ax_g,ay_g,az_g,gx_dps,gy_dps,gz_dps,load_g,input"
const ROW0 = "0,0.01,-0.02,0.999,0.1,-0.2,0.05,512.5,"
const ROW1 = "5,,,,,,,512.6,"
const ROW2 = "10,0.01,-0.02,0.999,0.1,-0.2,0.05,,"
/** the rig at rest for 4 s (IMU at 100 Hz, load at 50 Hz, a little noise): long enough for the referee to tare and start the round */
const REST: string[] = []
for (let t = 20; t <= 4000; t += 10) {
    const wobble = ((t / 10) % 3) - 1
    const imu = `${t},${0.01 + wobble * 0.001},-0.02,0.999,${0.1 + wobble * 0.05},-0.2,0.05`
    REST.push(t % 20 === 0 ? `${imu},${512.5 + wobble * 0.1},` : `${imu},,`)
}

function replay(name: string, lines: string[]) {
    const file = join(dir, name)
    writeFileSync(file, lines.join("\n") + "\n")
    const r = spawnSync(process.execPath, ["--import", "tsx", "devs/replay.ts", file], { cwd: root, encoding: "utf8" })
    return { file, code: r.status, out: r.stdout, err: r.stderr }
}

test("a good trace replays: JSON Lines, time-ordered, round_start for the trace's first player", () => {
    const r = replay("good.csv", [META, "# a comment", HEADER, ROW0, ROW1, ROW2, ...REST])
    assert.equal(r.code, 0, r.err)
    assert.equal(r.err, "")
    const lines = r.out.trim().split("\n")
    const evs = lines.map(l => JSON.parse(l))
    assert.ok(evs.length >= 1)
    for (let i = 1; i < evs.length; i++) assert.ok(evs[i].t_ms >= evs[i - 1].t_ms, "events out of time order")
    const start = evs.find(e => e.type === "round_start")
    assert.ok(start, "no round_start event")
    assert.equal(start.player, 2)
    assert.equal(start.difficulty, "medium")
})

test("CRLF line ends and extra columns are accepted", () => {
    const r = replay("crlf.csv", [META + "\r", HEADER + ",temp_c\r", ROW0 + ",21\r", ROW2 + ",21\r", ...REST.map(l => l + ",21\r")])
    assert.equal(r.code, 0, r.err)
    assert.ok(r.out.includes('"round_start"'))
})

const BAD: [string, string[], RegExp, number][] = [
    ["no metadata", [HEADER, ROW0], /line 1: the first line must be the metadata/, 1],
    ["bad JSON", ["# {\"format\":\"librium-trace\",", HEADER, ROW0], /line 1: .*not valid JSON/, 1],
    ["bad difficulty", [META.replace("medium", "insane"), HEADER, ROW0], /line 1: .*difficulty.*easy, medium, hard or lunacy/, 1],
    ["no header", [META], /line 1: no header row/, 1],
    ["duplicate column", [META, HEADER + ",load_g", ROW0 + ",1"], /line 2: duplicate column "load_g"/, 2],
    ["non-numeric cell", [META, HEADER, ROW0, "5,,,,,,,12x,"], /line 4: column load_g: "12x" is not a number/, 4],
    ["cut line", [META, HEADER, ROW0, "5,0.01,-0.02"], /line 4: expected 9 cells, found 3/, 4],
    ["time going backwards", [META, HEADER, ROW2, ROW0], /line 4: t_ms goes backwards/, 4],
]

for (const [what, lines, message] of BAD) {
    test(`malformed trace (${what}): message on stderr naming file and line, exit 2, empty stdout`, () => {
        const name = what.replace(/\W+/g, "-") + ".csv"
        const r = replay(name, lines)
        assert.equal(r.code, 2, `exit code; stderr: ${r.err}`)
        assert.equal(r.out, "", "stdout must stay empty")
        assert.match(r.err, message)
        assert.ok(r.err.includes(r.file), "the message names the file: " + r.err)
        assert.equal(r.err.trim().split("\n").length, 1, "one line of message: " + r.err)
    })
}

test("a missing file: exit 2, message names the file", () => {
    const file = join(dir, "does-not-exist.csv")
    const r = spawnSync(process.execPath, ["--import", "tsx", "devs/replay.ts", file], { cwd: root, encoding: "utf8" })
    assert.equal(r.status, 2)
    assert.equal(r.stdout, "")
    assert.ok(r.stderr.includes(file) && /no such file/.test(r.stderr), r.stderr)
})
