// The report page's script (runs in the browser; DATA and uPlot are inlined
// before it). Three uPlot panels on one time axis: cursor and zoom are synced
// (drag to zoom, double-click to reset). The referee's calls and the truth are
// drawn as vertical lines on every panel and as labelled markers in two lanes
// above the charts, kept in place on zoom.
/* global DATA, uPlot */
"use strict"

const TYPE_COLOUR = {
    round_start: "#6b7280", turn: "#9ca3af", placed: "#16a34a", removed: "#0d9488", card_fell: "#9333ea",
    collapse: "#dc2626", touch: "#ea580c", warning: "#f59e0b", out: "#7f1d1d", winner: "#ca8a04",
    librium: "#2563eb", phase: "#3b82f6", fault: "#111827",
}
const TRUTH_KIND = { place: "placed", remove: "removed", card_fell: "card_fell", collapse: "collapse", touch: "touch", round_start: "round_start", librium: "librium", phase: "phase", fault: "fault" }
const ABBR = {
    round_start: "R", turn: "T", placed: "+", removed: "-", card_fell: "F", collapse: "C", touch: "X", warning: "W",
    out: "OUT", winner: "WIN", librium: "L", phase: "P", fault: "!", place: "+", remove: "-", bump: "B",
}
const colourOf = type => TYPE_COLOUR[type] || TYPE_COLOUR[TRUTH_KIND[type]] || "#64748b"
const sec = ms => ms / 1000

const width = () => Math.max(600, document.getElementById("charts").clientWidth - 10)
const PANELS = [
    {
        title: "load above tare (g, median of 7 samples; raw: click its legend)",
        data: [DATA.load[0].map(sec), DATA.load[1], DATA.load[2]],
        series: [["load_g median", "#1d4ed8"], ["load_g raw", "#93c5fd", false]],
    },
    { title: "tilt from rest (deg)", data: [DATA.imu[0].map(sec), DATA.imu[1]], series: [["tilt_deg", "#b45309"]] },
    { title: "swing and spin (deg/s)", data: [DATA.imu[0].map(sec), DATA.imu[2], DATA.imu[3]], series: [["swing_dps", "#047857"], ["spin_dps", "#7c3aed"]] },
]

function drawLines(u) {
    const ctx = u.ctx
    const top = u.bbox.top
    const h = u.bbox.height
    ctx.save()
    ctx.lineWidth = Math.max(1, devicePixelRatio)
    const line = (t_ms, colour, dash) => {
        const x = Math.round(u.valToPos(sec(t_ms), "x", true))
        if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) return
        ctx.strokeStyle = colour
        ctx.setLineDash(dash)
        ctx.beginPath()
        ctx.moveTo(x, top)
        ctx.lineTo(x, top + h)
        ctx.stroke()
    }
    for (const t of DATA.truth || []) if (t.status !== "info") line(t.t_ms, colourOf(t.kind) + "99", [4 * devicePixelRatio, 4 * devicePixelRatio])
    for (const c of DATA.calls) if (c.type !== "turn") line(c.t_ms, colourOf(c.type) + "cc", [])
    ctx.restore()
}

const plots = []
let syncing = false
function syncZoom(u, key) {
    if (key !== "x" || syncing) return
    syncing = true
    const { min, max } = u.scales.x
    for (const p of plots) if (p !== u) p.setScale("x", { min, max })
    syncing = false
}

// marker lanes above the first panel, aligned with its plotting area
const lanes = document.getElementById("lanes")
const callLane = document.getElementById("lane-calls")
const truthLane = document.getElementById("lane-truth")
const markers = []
const BAD_STATUS = ["false", "missed", "wrong_player"]
function marker(lane, t_ms, cls, status, colour, text, title) {
    const m = document.createElement("div")
    m.className = "marker " + cls + " status-" + status
    m.style.borderColor = colour
    m.style.background = BAD_STATUS.indexOf(status) >= 0 ? "#fff" : colour
    m.textContent = text
    m.title = title
    lane.appendChild(m)
    markers.push({ el: m, t_ms, lane })
    return m
}
DATA.calls.forEach((c, i) => {
    const who = c.player === null ? "" : String(c.player)
    const m = marker(callLane, c.t_ms, "call " + c.type, c.status, colourOf(c.type), (ABBR[c.type] || "?") + who,
        `${(c.t_ms / 1000).toFixed(3)} s ${c.type} ${c.details}${c.why ? " \u2190 " + c.why : ""} [${c.status}]\n${c.evidence}`)
    m.dataset.index = String(i)
})
for (const t of DATA.truth || []) {
    if (t.status === "info" && t.kind !== "bump") continue
    marker(truthLane, t.t_ms, "truth " + t.kind, t.status, colourOf(t.kind), (ABBR[t.kind] || "?") + (t.player === null ? "" : t.player),
        `truth ${(t.t_ms / 1000).toFixed(3)} s ${t.label} player ${t.player} [${t.status}]`)
}
if (!DATA.truth) truthLane.style.display = "none"

const chartsEl = document.getElementById("charts")
for (const panel of PANELS) {
    const el = document.createElement("div")
    el.className = "panel"
    chartsEl.appendChild(el)
    const opts = {
        title: panel.title,
        width: width(),
        height: 200,
        scales: { x: { time: false } },
        axes: [{ label: "time (s)" }, {}],
        cursor: { sync: { key: "librium", setSeries: false }, drag: { x: true, y: false } },
        series: [{ label: "t (s)" }].concat(panel.series.map(([label, stroke, show]) => ({ label, stroke, show: show !== false, width: 1, spanGaps: false }))),
        hooks: { draw: plots.length === 0 ? [drawLines, placeMarkers] : [drawLines], setScale: [syncZoom] },
    }
    plots.push(new uPlot(opts, panel.data, el))
}

const ROW_PX = 17
/** markers at their time on the first panel's x scale (its draw hook); one that would overlap its neighbour goes down a row */
function placeMarkers(u) {
    const left = u.over.getBoundingClientRect().left - lanes.getBoundingClientRect().left
    const w = u.over.clientWidth
    for (const lane of [callLane, truthLane]) {
        lane.style.marginLeft = left + "px"
        lane.style.width = w + "px"
        const rowEnds = []
        for (const m of markers) {
            if (m.lane !== lane) continue
            const x = u.valToPos(sec(m.t_ms), "x")
            m.el.style.display = x < 0 || x > w ? "none" : ""
            if (m.el.style.display === "none") continue
            m.el.style.left = x + "px"
            const half = m.el.offsetWidth / 2
            let row = rowEnds.findIndex(end => end + 2 <= x - half)
            if (row < 0) row = rowEnds.push(0) - 1
            rowEnds[row] = x + half
            m.el.style.top = 2 + row * ROW_PX + "px"
        }
        lane.style.height = Math.max(1, rowEnds.length) * ROW_PX + 4 + "px"
    }
}
window.addEventListener("resize", () => {
    for (const p of plots) p.setSize({ width: width(), height: 200 })
})
document.body.dataset.ready = "1"
