/**
 * What the report page shows, gathered in one streaming pass over a trace:
 * decimated plot series (load above tare; tilt from rest, swing and spin from
 * the gyro, in the rod's frame learned while the rig is still at the start),
 * the referee's calls (replayed here, or read from an events file) and, when
 * a truth file is given, each call and truth event marked matched/missed/false
 * by the benchmark's matcher; and the rig measured against the simulated ones
 * (rig-check.ts, `npm run rig`'s checks).
 */
import { fmtNum } from "../../src/core/num.ts"
import { Sample } from "../../src/core/sample.ts"
import { RunningMedian } from "../../src/core/signal/filters.ts"
import { RefEvent } from "../../src/core/referee/types.ts"
import { Truth } from "../../src/sim/truth.ts"
import { Columns, MinMaxDecimator } from "./decimate.ts"
import { CaseMatch, matchCase } from "./match.ts"
import { Figures, figures } from "./score.ts"
import { readEvents, readTrace, readTruth, replayTrace, TraceInfo } from "./trace-file.ts"
import { evidenceWords } from "./event-words.ts"
import { RigCheck, RigMeter, rigChecks } from "./rig-check.ts"
import { settingsFor } from "../../src/core/config.ts"

/** the spec's fields per event type (trace-format.md); any other field is evidence */
export const SPEC_FIELDS: { [type: string]: string[] } = {
    round_start: ["player", "players", "difficulty"],
    turn: ["player"],
    placed: ["player", "cards"],
    removed: ["player", "cards"],
    card_fell: ["player"],
    collapse: ["player"],
    touch: ["player"],
    warning: ["player", "count"],
    out: ["player", "reason"],
    winner: ["player"],
    librium: ["cards"],
    phase: ["phase"],
    fault: ["sensor", "message"],
}

/** the rest attitude and gyro bias are averaged over this first stretch of the trace (the rig starts at rest) */
const REST_MS = 1000
const RAD_TO_DEG = 180 / Math.PI

/** load-cell bit-error spikes (thousands of grams) would swamp the plot: the shown load is a running median of this many samples */
const LOAD_MEDIAN_SAMPLES = 7

/** streams samples into the plot series: load above tare (median-filtered, and raw), and tilt / swing / spin in the rod's frame */
export class PlotSeries {
    /** load_g above tare: median of LOAD_MEDIAN_SAMPLES, raw */
    readonly load = new MinMaxDecimator(2)
    private loadMedian = new RunningMedian({ window: LOAD_MEDIAN_SAMPLES })
    /** tilt_deg, swing_dps, spin_dps */
    readonly imu = new MinMaxDecimator(3)
    private restN = 0
    private restSum = [0, 0, 0, 0, 0, 0]
    private loadN = 0
    private loadSum = 0
    private t0_ms = NaN

    /** while learning the rest (tare) means are running means; afterwards they stay fixed */
    add(s: Sample) {
        if (this.t0_ms !== this.t0_ms) this.t0_ms = s.t_ms
        const learning = s.t_ms - this.t0_ms < REST_MS
        if (s.hasLoad) {
            // the tare is the mean of the median-filtered load, so a spike in the first second does not shift it
            const med_g = this.loadMedian.update(s.load_g)
            if (learning || this.loadN === 0) {
                this.loadN++
                this.loadSum += med_g
            }
            const tare_g = this.loadSum / this.loadN
            this.load.add(s.t_ms, [med_g - tare_g, s.load_g - tare_g])
        }
        if (!s.hasImu) return
        const v = [s.ax_g, s.ay_g, s.az_g, s.gx_dps, s.gy_dps, s.gz_dps]
        if (learning || this.restN === 0) {
            for (let i = 0; i < 6; i++) this.restSum[i] += v[i]
            this.restN++
        }
        const r = this.restSum
        const n = Math.hypot(r[0], r[1], r[2]) || 1
        const up = [r[0] / n, r[1] / n, r[2] / n]
        const bias = [r[3] / this.restN, r[4] / this.restN, r[5] / this.restN]
        const an = Math.hypot(v[0], v[1], v[2]) || 1
        const cosTilt = (v[0] * up[0] + v[1] * up[1] + v[2] * up[2]) / an
        const tilt = Math.acos(Math.max(-1, Math.min(1, cosTilt))) * RAD_TO_DEG
        const gx = v[3] - bias[0]
        const gy = v[4] - bias[1]
        const gz = v[5] - bias[2]
        const spin = gx * up[0] + gy * up[1] + gz * up[2]
        const swing = Math.hypot(gx - spin * up[0], gy - spin * up[1], gz - spin * up[2])
        this.imu.add(s.t_ms, [tilt, swing, spin])
    }
}

export interface MarkedCall {
    t_ms: number
    type: string
    player: number | null
    /** hit / false / wrong_player / info, or "unscored" without a truth */
    status: string
    /** the spec's fields for its type, "k=v" */
    details: string
    /** any other fields: the detectors' evidence, "k=v" */
    evidence: string
    /** a call's evidence in words (event-words.ts), "" for an event that is not a call */
    why: string
}

export interface MarkedTruth {
    t_ms: number
    t_end_ms: number | null
    kind: string
    player: number | null
    status: string
    label: string
}

export interface ReportData {
    file: string
    info: TraceInfo
    /** x in ms, then series */
    load: Columns
    imu: Columns
    calls: MarkedCall[]
    truth: MarkedTruth[] | null
    outs: { player: number; reason: string; t_ms: number }[]
    winner: number | null
    /** this trace's benchmark figures (with a truth) */
    figures: Figures | null
    /** where the events came from */
    eventsFrom: string
    /** the rig against the simulated rigs the benchmark speaks for (npm run rig's checks) */
    rig: RigCheck[]
}

export interface ReportInputs {
    trace: string
    events?: string
    truth?: string
}

function fields(e: RefEvent, keys: string[], keep: boolean): string {
    return Object.keys(e)
        .filter(k => k !== "t_ms" && k !== "type" && keys.indexOf(k) >= 0 === keep)
        // numbers as the event lines print them (at most 3 decimals), not as the float happens to be
        .map(k => `${k}=${typeof e[k] === "number" ? fmtNum(e[k] as number, 3) : e[k]}`)
        .join(" ")
}

export async function collectReport(inp: ReportInputs): Promise<ReportData> {
    const plot = new PlotSeries()
    const meter = new RigMeter()
    const sample = (s: Sample) => {
        plot.add(s)
        meter.add(s)
    }
    let events: RefEvent[] = []
    let info: TraceInfo
    if (inp.events) {
        events = readEvents(inp.events)
        info = await readTrace(inp.trace, sample)
    } else info = await replayTrace(inp.trace, e => events.push(e), sample)
    for (const e of events) meter.event(e)
    const truth: Truth = inp.truth ? readTruth(inp.truth) : null
    let m: CaseMatch = null
    if (truth) m = matchCase(events, truth, String(truth.case?.["category"] ?? "recorded"), info.lastT_ms)
    const calls = events.map((e, i) => ({
        t_ms: e.t_ms,
        type: e.type,
        player: typeof e["player"] === "number" ? (e["player"] as number) : null,
        status: m ? m.calls[i] : "unscored",
        details: fields(e, SPEC_FIELDS[e.type] ?? [], true),
        evidence: fields(e, SPEC_FIELDS[e.type] ?? [], false),
        why: evidenceWords(e),
    }))
    const marked = truth
        ? truth.events.map((t, i) => ({
              t_ms: t.t_ms,
              t_end_ms: t.t_end_ms ?? null,
              kind: t.kind,
              player: t.player ?? null,
              status: m.truth[i],
              label: [t.kind, t.force_class, t.what, t.phase].filter(x => x).join(" "),
          }))
        : null
    const winners = events.filter(e => e.type === "winner")
    return {
        file: inp.trace,
        info,
        load: plot.load.columns(),
        imu: plot.imu.columns(),
        calls,
        truth: marked,
        outs: events.filter(e => e.type === "out").map(e => ({ player: e["player"] as number, reason: String(e["reason"]), t_ms: e.t_ms })),
        winner: winners.length > 0 ? (winners[winners.length - 1]["player"] as number) : null,
        figures: m ? figures(m.score) : null,
        eventsFrom: inp.events ? inp.events : "replayed by the referee",
        rig: rigChecks(meter, settingsFor(info.config.difficulty)).checks,
    }
}
