// A small synthetic trace with known truth for the report tests: the empty
// rig at rest, five cards placed (load steps of one card, each weighed in over
// 0.4 s, a decaying swing after each), then a collapse (most of the load gone, a gyro jolt).
import { writeFileSync } from "node:fs"
import { formatHeader, formatMeta, formatRow } from "../../../src/core/trace.ts"
import { Sample } from "../../../src/core/sample.ts"
import { Rng } from "../../../src/core/rand.ts"
import { Truth } from "../../../src/sim/truth.ts"

export const CARD_G = 9
export const PLACE_MS = [8000, 16000, 24000, 32000, 40000]
export const COLLAPSE_MS = 52000
const END_MS = 60000
const RIG_G = 812.4
const WEIGH_MS = 400

export function writeFixture(csv: string, truthFile: string) {
    const rng = new Rng(7)
    const cfg = { players: 3, difficulty: "easy" as const, cards: 30, first_player: 1, touch_penalty: "out" as const }
    const lines = [formatMeta(cfg, "report-fixture"), formatHeader()]
    const s = new Sample()
    for (let t = 0; t <= END_MS; t += 5) {
        s.clear(t)
        const placed = PLACE_MS.filter(p => t >= p)
        const cards = t >= COLLAPSE_MS ? 1 : placed.length
        const since = placed.length > 0 ? t - placed[placed.length - 1] : Infinity
        const swing = since < 8000 ? 12 * Math.exp(-since / 2500) * Math.sin((2 * Math.PI * since) / 1000) : 0
        const jolt = t >= COLLAPSE_MS && t < COLLAPSE_MS + 600 ? 150 * Math.exp(-(t - COLLAPSE_MS) / 150) * Math.sin((2 * Math.PI * (t - COLLAPSE_MS)) / 120) : 0
        if (t % 10 === 0) {
            const tilt = (swing / 12) * 0.02
            s.setImu(0.03 + tilt + rng.gauss() * 0.002, -0.02 + rng.gauss() * 0.002, 0.999 + rng.gauss() * 0.002, swing + jolt + rng.gauss() * 0.1, 0.5 * jolt + rng.gauss() * 0.1, rng.gauss() * 0.1)
        }
        // each card's weight comes on over the 400 ms before its placement time (the truth's "fully on"), as a hand
        // lets a card go: a step with the swing's kick at the same instant is a card dropped on with a push
        const next = PLACE_MS.find(p => t >= p - WEIGH_MS && t < p)
        const weight = cards + (next === undefined ? 0 : (t - next + WEIGH_MS) / WEIGH_MS)
        if (t % 25 === 0) s.setLoad(RIG_G + weight * CARD_G + rng.gauss() * 0.3 + (jolt !== 0 ? jolt / 5 : 0))
        if (s.hasImu || s.hasLoad) lines.push(formatRow(s, 0))
    }
    writeFileSync(csv, lines.join("\n") + "\n")
    const truth: Truth = {
        events: [
            { t_ms: 0, kind: "round_start", player: 1 },
            ...PLACE_MS.map((t, i) => ({ t_ms: t, t_start_ms: t - 1500, kind: "place" as const, player: (i % 3) + 1, cards: i + 1 })),
            { t_ms: COLLAPSE_MS, kind: "collapse", player: 3, cards: 4 },
        ],
        outcome: { outs: [{ player: 3, reason: "collapse", t_ms: COLLAPSE_MS }], winner: null, final_cards: [5], turns: 5 },
        case: { category: "collapse" },
    }
    writeFileSync(truthFile, JSON.stringify(truth, null, 1) + "\n")
}
