// The report page in a real browser (Debian's Chromium, headless, through
// playwright-core): the charts render, every referee call has a marker, the
// page logs no errors and asks for nothing on the network; a screenshot is
// saved to look at (path printed).
import { test } from "node:test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { chromium } from "playwright-core"
import { writeFixture } from "./fixture.ts"

const root = new URL("../../..", import.meta.url).pathname
const CHROMIUM = "/usr/bin/chromium"
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]
export const OUT_DIR = join(tmpdir(), "librium-report-test")

function makeReport(args: string[]) {
    const r = spawnSync(process.execPath, ["--import", "tsx", "devs/report.ts", ...args], { cwd: root, encoding: "utf8" })
    assert.equal(r.status, 0, r.stderr)
    return r
}

test("report page: charts, a marker per call, truth lanes, no console errors, no network; screenshot", async () => {
    mkdirSync(OUT_DIR, { recursive: true })
    const csv = join(OUT_DIR, "fixture.csv")
    const truth = join(OUT_DIR, "fixture.truth.json")
    const html = join(OUT_DIR, "fixture.html")
    writeFixture(csv, truth)
    makeReport([csv, "--truth", truth, "--out", html])
    const page = readFileSync(html, "utf8")
    assert.ok(!/(src|href)=["']?https?:/i.test(page), "the page must not load anything from the network")
    const replay = spawnSync(process.execPath, ["--import", "tsx", "devs/replay.ts", csv], { cwd: root, encoding: "utf8" })
    const calls = replay.stdout.trim().split("\n").filter(l => l.length > 0).map(l => JSON.parse(l))
    assert.ok(calls.length > 0, "the referee made no calls on the fixture")

    assert.ok(existsSync(CHROMIUM), `${CHROMIUM} missing: test/setup.mjs installs it`)
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
    try {
        const tab = await browser.newPage({ viewport: { width: 1400, height: 900 } })
        const problems: string[] = []
        tab.on("console", m => {
            if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`)
        })
        tab.on("pageerror", e => problems.push("page error: " + e.message))
        tab.on("request", r => {
            if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) problems.push("network request: " + r.url())
        })
        await tab.goto(pathToFileURL(html).href)
        await tab.waitForSelector("body[data-ready='1']", { timeout: 10000 })
        assert.equal(await tab.locator("#charts canvas").count(), 3, "three chart panels")
        assert.equal(await tab.locator("#lane-calls .marker.call").count(), calls.length, "one marker per referee call")
        for (let i = 0; i < calls.length; i++) {
            const m = tab.locator(`#lane-calls .marker.call[data-index="${i}"]`)
            assert.ok((await m.getAttribute("class")).includes(calls[i].type), `marker ${i} is a ${calls[i].type}`)
            assert.ok(await m.isVisible(), `marker ${i} (${calls[i].type} at ${calls[i].t_ms} ms) is visible`)
        }
        // markers sit in time order along the lane
        const xs = await tab.locator("#lane-calls .marker.call").evaluateAll(els => els.map(e => e.getBoundingClientRect().left + e.getBoundingClientRect().width / 2))
        for (let i = 1; i < xs.length; i++) assert.ok(xs[i] >= xs[i - 1] - 0.5, "markers out of time order")
        assert.ok((await tab.locator("#lane-truth .marker.truth.collapse").count()) === 1, "the truth's collapse is marked")
        assert.equal(await tab.locator("table.calls tbody tr").count(), calls.length, "one table row per call")
        const shot = join(OUT_DIR, "report.png")
        await tab.screenshot({ path: shot, fullPage: true })
        console.log("report screenshot: " + shot)
        assert.deepEqual(problems, [])
    } finally {
        await browser.close()
    }
})
