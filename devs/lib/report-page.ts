/**
 * The report as one self-contained HTML page (no network): uPlot's script and
 * style, the data and the page script (report-client.js) are inlined.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { Figures } from "./score.ts"
import { ReportData } from "./report-data.ts"
import type { RigCheck } from "./rig-check.ts"

const require = createRequire(import.meta.url)
const uplotDir = dirname(require.resolve("uplot/package.json"))

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
/** JSON safe inside a <script> element */
const scriptJson = (x: unknown) => JSON.stringify(x).replace(/</g, "\\u003c")
const pct = (x: number | null) => (x === null ? "-" : (100 * x).toFixed(1) + " %")

function table(header: string[], rows: string[][], cls = ""): string {
    const th = header.map(h => `<th>${esc(h)}</th>`).join("")
    const trs = rows.map(r => "<tr>" + r.map(c => `<td>${esc(c)}</td>`).join("") + "</tr>").join("\n")
    return `<table class="${cls}"><thead><tr>${th}</tr></thead><tbody>\n${trs}\n</tbody></table>`
}

function scoreTable(f: Figures): string {
    const byForce = f.touch.recall_by_force
    return table(
        ["call", "truth", "calls", "recall", "precision"],
        [
            ["collapse", String(f.collapse.truth), String(f.collapse.calls), pct(f.collapse.recall), pct(f.collapse.precision)],
            ["touch (light/medium/heavy)", String(f.touch.truth), String(f.touch.calls), `${pct(f.touch.recall)} (${pct(byForce["light"])} / ${pct(byForce["medium"])} / ${pct(byForce["heavy"])})`, pct(f.touch.precision)],
            ["placed", String(f.place.truth), String(f.place.calls), pct(f.place.recall), pct(f.place.precision)],
            ["removed", String(f.remove.truth), String(f.remove.calls), pct(f.remove.recall), pct(f.remove.precision)],
            ["card_fell", String(f.card_fell.truth), String(f.card_fell.calls), pct(f.card_fell.recall), pct(f.card_fell.precision)],
        ],
        "scores",
    ) + `<p>wrongful outs: ${f.wrongful_outs.count}; outcome ${f.outcome.right === 1 ? "right" : "WRONG"}; final card count exact in ${f.final_cards.exact} of ${f.final_cards.rounds} rounds</p>`
}

/** npm run rig's checks: a check outside the simulated range shaded as a false call is */
function rigTable(checks: RigCheck[]): string {
    const note = "<p class=legend>Inside: the benchmark's simulated rigs drew this; outside: its figures say nothing about this rig there (<code>npm run rig</code>).</p>"
    const rows = checks.map(c => [c.name, c.measured, c.simulated, c.verdict, c.note])
    let i = 0
    return note + table(["check", "measured", "simulated", "verdict", "note"], rows, "rig").replace(/<tr><td>/g, () => `<tr class="rig-${esc(checks[i++].verdict)}"><td>`)
}

function summary(d: ReportData): string {
    const c = d.info.config
    const counts = new Map<string, number>()
    for (const e of d.calls) counts.set(e.type, (counts.get(e.type) ?? 0) + 1)
    const outs = d.outs.length > 0 ? d.outs.map(o => `player ${o.player} (${o.reason}, ${(o.t_ms / 1000).toFixed(1)} s)`).join(", then ") : "none"
    const facts: [string, string][] = [
        ["trace", d.file],
        ["players", String(c.players) + `, first player ${c.first_player}`],
        ["level", c.difficulty],
        ["cards", String(c.cards)],
        ["touch penalty", c.touch_penalty],
        ["source", String(d.info.meta["source"] ?? "-")],
        ["duration", (d.info.lastT_ms / 1000).toFixed(1) + ` s, ${d.info.rows} rows`],
        ["events", d.eventsFrom],
        ["outs", outs],
        ["winner", d.winner === null ? "none yet" : `player ${d.winner}`],
        ["calls", [...counts].map(([t, n]) => `${t} ${n}`).join(", ")],
    ]
    return `<dl>${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>`
}

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #111; }
h1 { font-size: 20px; margin: 0 0 8px; } h2 { font-size: 16px; margin: 20px 0 6px; }
dl { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; margin: 0; }
dt { font-weight: 600; } dd { margin: 0; }
table { border-collapse: collapse; font-size: 13px; } td, th { border: 1px solid #ddd; padding: 2px 6px; text-align: left; }
tr.status-false td, tr.status-wrong_player td, tr.rig-outside td { background: #fee2e2; }
#lanes { position: relative; }
.lane { position: relative; height: 21px; border-bottom: 1px dotted #ccc; }
.lane::before { position: absolute; right: 100%; margin-right: 6px; font-size: 11px; color: #555; white-space: nowrap; line-height: 21px; }
#lane-calls::before { content: "referee"; } #lane-truth::before { content: "truth"; }
.marker { position: absolute; top: 2px; transform: translateX(-50%); font-size: 10px; line-height: 14px; padding: 0 2px;
  border: 2px solid; border-radius: 3px; color: #fff; white-space: nowrap; cursor: default; }
.marker.call.turn { opacity: 0.35; }
.marker.status-false, .marker.status-missed, .marker.status-wrong_player { color: #b91c1c; font-weight: 700; }
.marker.status-missed { border-style: dashed; }
.legend span { display: inline-block; margin-right: 10px; }
`

export function renderPage(d: ReportData): string {
    const uplotJs = readFileSync(join(uplotDir, "dist/uPlot.iife.min.js"), "utf8")
    const uplotCss = readFileSync(join(uplotDir, "dist/uPlot.min.css"), "utf8")
    const client = readFileSync(new URL("./report-client.js", import.meta.url), "utf8")
    const data = { load: d.load, imu: d.imu, calls: d.calls, truth: d.truth }
    const callRows = d.calls.map(e => [(e.t_ms / 1000).toFixed(3), e.type, e.player === null ? "" : String(e.player), e.status, e.details, e.why, e.evidence])
    const callTable = table(["t (s)", "type", "player", "status", "fields", "why", "evidence"], callRows, "calls").replace(
        /<tr><td>/g,
        (() => {
            let i = 0
            return () => `<tr class="status-${esc(d.calls[i++].status)}"><td>`
        })(),
    )
    const legend =
        "<p class=legend>Markers: R round start, T turn, + placed, - removed, F card fell, C collapse, X touch, W warning, OUT out, WIN winner, L librium, P phase, ! fault; " +
        "the number is the player. Filled: a matched call (or no truth given); white with red text: a false call, a wrong-player call or a missed truth event (dashed). " +
        "Drag on a chart to zoom, double-click to reset.</p>"
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Librium referee report: ${esc(d.file)}</title>
<style>${uplotCss}</style><style>${STYLE}</style></head>
<body>
<h1>Librium referee report</h1>
${summary(d)}
${d.figures ? "<h2>Calls against the truth</h2>" + scoreTable(d.figures) : ""}
<h2>The rig against the simulated ones</h2>
${rigTable(d.rig)}
<h2>Signals and calls</h2>
${legend}
<div id="lanes"><div class="lane" id="lane-calls"></div><div class="lane" id="lane-truth"></div></div>
<div id="charts"></div>
<h2>Referee calls</h2>
${callTable}
<script>${uplotJs}</script>
<script>const DATA = ${scriptJson(data)};</script>
<script>${client}</script>
</body></html>
`
}
