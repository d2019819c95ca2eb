/**
 * What the IMU shows of each hand (`npm run hands`): for every hand the simulator's truth lists (a placer's
 * slotting hand, a touch on the structure or on the hanger), the highest push the touch detector saw while it
 * was there and a round was in play, as a share of the cue's line (over 1: the push cue's condition holds;
 * TouchDetector's pushMargin_dpss over swing_push_dpss or spin_push_dpss, the larger). A touch the load cannot
 * see (a hand on the hanger with little vertical force) is caught only if its push stands above what the
 * slotting hands push: these figures say how far the two overlap, so the question "could a lower line catch
 * it?" has an answer anyone can rerun.
 */
import { Truth, TruthEvent } from "../../src/sim/truth.ts"
import { HANGER_BANDS, hangerBand, MATCH_DEFAULTS, TOUCH_CLASSES } from "./match.ts"
import { percentile } from "./score.ts"
import { formatTable, pct, num } from "./table.ts"

/** a hand's window: from its start to its end (a touch: and the matcher's allowance after it, as its call may come then) */
export interface HandWindow {
    group: string
    t0_ms: number
    t1_ms: number
    /** the highest push over the line seen in the window (NaN: no IMU sample) */
    peak: number
}

/** truth events whose force on the rod is no hand's (a jolt of cards, a table's shake, a hand handling the pivot): a slotting window that meets one is left out */
const FOREIGN = ["touch", "collapse", "card_fell", "bump"]

/** the group a touch counts in: target, class, and for the hanger its vertical force's band (match.ts's: what the load cell sees of it); "?" where the truth lacks one */
export function touchGroup(e: TruthEvent): string {
    const target = e.target === "hanger" || e.target === "structure" ? e.target : "?"
    const base = `touch ${target} ${e.force_class ?? "?"}`
    if (target !== "hanger") return base
    const band = hangerBand(e.force_z_n)
    return base + " " + (band === null ? "?" : band) + " g"
}

/**
 * the hands of one case, apart from each other and from what else moves the rod: each placement's slotting hand
 * (from its start to the card's weight fully on) that no touch, collapse, fallen card or bump meets, and each
 * touch (to the matcher's allowance after its end) that meets no slotting hand (a touch during a placement shows
 * both hands' push). `left` counts the touches left out so.
 */
export function handWindows(truth: Truth, left?: { touches: number }): HandWindow[] {
    const ev = truth.events
    const after = MATCH_DEFAULTS.touchAfterEnd_ms
    const span = (e: TruthEvent) => [e.t_ms, (e.t_end_ms ?? e.t_ms) + (e.kind === "touch" ? after : 0)]
    const foreign = ev.filter(e => FOREIGN.indexOf(e.kind) >= 0).map(span)
    const slotting = ev.filter(e => e.kind === "place" && e.t_start_ms !== undefined).map(e => [e.t_start_ms as number, e.t_ms])
    const meets = (spans: number[][], t0: number, t1: number) => spans.some(s => s[1] >= t0 && s[0] <= t1)
    const out: HandWindow[] = []
    for (const s of slotting) if (!meets(foreign, s[0], s[1])) out.push({ group: "slotting", t0_ms: s[0], t1_ms: s[1], peak: NaN })
    for (const e of ev) {
        if (e.kind !== "touch") continue
        const s = span(e)
        if (meets(slotting, s[0], s[1])) {
            if (left) left.touches++
            continue
        }
        out.push({ group: touchGroup(e), t0_ms: s[0], t1_ms: s[1], peak: NaN })
    }
    return out.sort((a, b) => a.t0_ms - b.t0_ms)
}

/** the peak of a measure over each window, fed sample by sample in time order */
export class WindowPeaks {
    private w: HandWindow[]
    /** the first window that may still be open */
    private first = 0

    constructor(windows: HandWindow[]) {
        this.w = windows
    }

    step(t_ms: number, x: number) {
        const w = this.w
        while (this.first < w.length && w[this.first].t1_ms < t_ms) this.first++
        for (let i = this.first; i < w.length && w[i].t0_ms <= t_ms; i++) {
            if (t_ms > w[i].t1_ms || x !== x) continue
            if (!(w[i].peak >= x)) w[i].peak = x
        }
    }
}

/** the groups in the table's order */
export const GROUPS = [
    "slotting",
    ...TOUCH_CLASSES.map(c => `touch structure ${c}`),
    ...TOUCH_CLASSES.flatMap(c => HANGER_BANDS.map(b => `touch hanger ${c} ${b} g`)),
]

export interface GroupFigures {
    group: string
    n: number
    /** percentiles of the peak push over the line */
    p50: number | null
    p90: number | null
    p95: number | null
    p99: number | null
    /** share of the hands whose push passed the line (the push cue's condition; the detector also asks for play, an armed cue and the load) */
    over_line: number | null
    /** share whose push stood above the slotting hands' 95th and 99th percentile */
    over_slot_p95: number | null
    over_slot_p99: number | null
}

/** the windows' groups outside GROUPS (a truth without a target, class or vertical force), with how many each */
export function unlisted(windows: HandWindow[]): { [group: string]: number } {
    const u: { [group: string]: number } = {}
    for (const w of windows) if (GROUPS.indexOf(w.group) < 0) u[w.group] = (u[w.group] ?? 0) + 1
    return u
}

export function handFigures(windows: HandWindow[]): GroupFigures[] {
    const peaks = (g: string) => windows.filter(w => w.group === g && w.peak === w.peak).map(w => w.peak)
    const slot = peaks("slotting")
    const s95 = percentile(slot, 95)
    const s99 = percentile(slot, 99)
    const share = (v: number[], line: number | null) => (v.length === 0 || line === null ? null : v.filter(x => x > line).length / v.length)
    return GROUPS.map(g => {
        const v = peaks(g)
        return {
            group: g,
            n: v.length,
            p50: percentile(v, 50),
            p90: percentile(v, 90),
            p95: percentile(v, 95),
            p99: percentile(v, 99),
            over_line: share(v, 1),
            over_slot_p95: share(v, s95),
            over_slot_p99: share(v, s99),
        }
    })
}

export function handTable(figs: GroupFigures[]): string {
    const rows = figs.map(f => [f.group, String(f.n), num(f.p50, 2), num(f.p90, 2), num(f.p95, 2), num(f.p99, 2), pct(f.over_line), pct(f.over_slot_p95), pct(f.over_slot_p99)])
    return formatTable(["hand", "n", "p50", "p90", "p95", "p99", "over the line %", "over slotting p95 %", "over slotting p99 %"], rows)
}
