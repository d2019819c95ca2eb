// The report page's content without a browser: the summary from an events
// file, calls marked against the truth, self-contained, and errors for bad input.
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { scratchDir } from "../scratch.ts"
import { join } from "node:path"
import { writeFixture, COLLAPSE_MS, PLACE_MS } from "./fixture.ts"

const root = new URL("../../..", import.meta.url).pathname
const dir = scratchDir("report-page-")
const csv = join(dir, "fix.csv")
const truth = join(dir, "fix.truth.json")
writeFixture(csv, truth)

function report(args: string[]) {
    return spawnSync(process.execPath, ["--import", "tsx", "devs/report.ts", ...args], { cwd: root, encoding: "utf8" })
}

/** the page's embedded data */
function pageData(html: string): any {
    const m = /<script>const DATA = (.*);<\/script>/.exec(html)
    assert.ok(m, "no DATA in the page")
    return JSON.parse(m[1])
}

test("with --events: the summary names the outs and the winner; calls are marked against the truth", () => {
    const events = [
        { t_ms: 2000, type: "round_start", player: 1, players: 3, difficulty: "easy" },
        ...PLACE_MS.map((t, i) => ({ t_ms: t + 1500, type: "placed", player: (i % 3) + 1, cards: i + 1, delta_g: 9 })),
        { t_ms: COLLAPSE_MS + 100, type: "collapse", player: 3, delta_g: -36, detector: "load_drop" },
        { t_ms: COLLAPSE_MS + 100, type: "out", player: 3, reason: "collapse" },
        { t_ms: COLLAPSE_MS + 4000, type: "collapse", player: 1 },
    ]
    const evFile = join(dir, "fix.events.jsonl")
    writeFileSync(evFile, events.map(e => JSON.stringify(e)).join("\n") + "\n")
    const out = join(dir, "with-events.html")
    const r = report([csv, "--events", evFile, "--truth", truth, "--out", out])
    assert.equal(r.status, 0, r.stderr)
    const html = readFileSync(out, "utf8")
    assert.match(html, /<dt>outs<\/dt><dd>player 3 \(collapse, 52\.1 s\)<\/dd>/)
    assert.match(html, /<dt>winner<\/dt><dd>none yet<\/dd>/)
    assert.match(html, /<dt>events<\/dt><dd>[^<]*fix\.events\.jsonl<\/dd>/)
    const data = pageData(html)
    assert.deepEqual(
        data.calls.map((c: any) => c.status),
        ["info", "hit", "hit", "hit", "hit", "hit", "hit", "hit", "false"],
        "placements and the first collapse match; the second collapse (4 s late) is false",
    )
    assert.equal(data.calls[6].evidence, "delta_g=-36 detector=load_drop", "evidence = the fields beyond the spec's")
    assert.equal(data.calls[6].details, "player=3")
    assert.equal(data.calls[6].why, "load drop: \u221236.00 g", "the evidence in words, as npm start shows it")
    assert.match(html, /<td>load drop: \u221236\.00 g<\/td>/, "in the calls table's why column")
    assert.equal(data.calls[0].why, "", "no why for what is not a call")
    assert.ok(data.truth.every((t: any) => t.status !== "missed"), "every truth event was caught")
    // the rig against the simulated ones: a row per npm run rig check, those outside shaded: the fixture's cell has
    // 0.3 g of noise at 40 SPS (the simulated cells at most 0.24) and its cards weigh 9 g (at most 8.5)
    const rig = /<h2>The rig against the simulated ones<\/h2>[\s\S]*?<table class="rig">([\s\S]*?)<\/table>/.exec(html)
    assert.ok(rig, "the rig's table")
    const rows = [...rig[1].matchAll(/<tr class="rig-(inside|outside|-)"><td>([^<]*)<\/td>/g)].map(m => [m[2], m[1]])
    assert.deepEqual(rows.map(r => r[0]), ["IMU rate", "IMU rows lost", "gyro noise at rest", "gyro bias", "accelerometer at rest", "load rate", "bit-error spikes at rest", "load noise at rest", "load drift at rest", "card mass"])
    assert.deepEqual(rows.filter(r => r[1] === "outside").map(r => r[0]), ["load noise at rest", "card mass"])
    assert.ok(!/(src|href)=["']?https?:/i.test(html), "self-contained: nothing from the network")
    assert.ok(html.includes("uPlot"), "uPlot is inlined")
    // 60 s of IMU rows every 10 ms into at most 1500 buckets: 5 ms doubles to 80 ms (750 buckets, two points
    // each), and the row at exactly 60 s is alone in bucket 750 (one point)
    assert.equal(data.imu[0].length, 1501)
})

test("without --truth nothing is scored; without --events the trace is replayed", () => {
    const out = join(dir, "plain.html")
    const r = report([csv, "--out", out])
    assert.equal(r.status, 0, r.stderr)
    const html = readFileSync(out, "utf8")
    assert.match(html, /<dt>events<\/dt><dd>replayed by the referee<\/dd>/)
    const data = pageData(html)
    assert.equal(data.truth, null)
    assert.ok(data.calls.length > 0 && data.calls.every((c: any) => c.status === "unscored"))
    assert.ok(!html.includes("Calls against the truth"))
})

test("a bad trace or events file: exit 2 with the file and line", () => {
    const bad = join(dir, "bad.jsonl")
    writeFileSync(bad, '{"t_ms":1,"type":"turn","player":1}\nnot json\n')
    const r = report([csv, "--events", bad, "--out", join(dir, "x.html")])
    assert.equal(r.status, 2)
    assert.match(r.stderr, /bad\.jsonl: line 2: not a JSON object/)
    const r2 = report([join(dir, "missing.csv")])
    assert.equal(r2.status, 2)
    assert.match(r2.stderr, /missing\.csv: no such file/)
})

test("--out into a folder that is not there: exit 2 naming it, before any work", () => {
    const r = report([csv, "--out", join(dir, "no-such-folder", "x.html")])
    assert.equal(r.status, 2)
    assert.match(r.stderr, /report: --out .*no-such-folder\/x\.html: no folder .*no-such-folder/)
    assert.equal(existsSync(join(dir, "no-such-folder")), false)
})
