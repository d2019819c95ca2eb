// The simulator's motion against physical estimates (noise-free sensors, the
// physics' own rates). Each bound comes from the physics, not from what the
// detectors need:
//  - placement, swing: a card of m <= 8.5 g set r <= 12 cm off the rod axis moves
//    the hanging centre of mass by m r / M; the rest attitude turns by m r / (M d).
//    Worst case (first card, M = 60 g rig, d = 20 cm): 0.074 rad; if that happened
//    as a step the rod would swing at up to 0.074 x sqrt(g / d) = 0.52 rad/s = 30 dps.
//    The weight goes on over 0.3-1.2 s and later cards move a heavier structure
//    less, so 95 % of placements must stay under 30 dps.
//  - placement, spin: the slotting hand presses toward the axis; a 2 % tangential
//    part of <= 15 mN at 12 cm is <= 3.6e-5 N m, against Iz >= 1.3e-4 kg m2 damped
//    by the grip (>= 2 /s): <= 0.14 rad/s = 8 dps.
//  - a draught (0.2-2 mN, centre of pressure 1-5 mm off the axis, <= 1e-5 N m)
//    turns the structure on the free-turn connector at a few dps: under 20 dps.
//  - touches: the harder the push, the faster the swing (light < medium < heavy).
//  - a touch is brief contact: a finger moves in a few mm and the structure moves
//    away from it, so a harder push lasts shorter (impulse sqrt(2 h f I) / p). Cards
//    interlocked on the fulcrum card come off past a ~15-20 deg swing (a collapse),
//    so the touches the structure survives swing it by < 20 deg (the old fixed
//    100-400 ms contact at up to 1 N threw a 137 g rig ~35 deg and more).
import { test } from "node:test"
import assert from "node:assert/strict"
import { Sample } from "../../../src/core/sample.ts"
import { caseSeed, makeCase } from "../../../src/sim/cases.ts"
import { RigSim, simTruth } from "../../../src/sim/rigsim.ts"
import { DIRECTOR } from "../../../src/sim/director.ts"
import { Difficulty } from "../../../src/core/referee/types.ts"

const RAD_TO_DEG = 180 / Math.PI

interface Peaks { swing_dps: number[]; spin_dps: number[]; swing_deg: number[] }

/** peak swing and spin rates (physics, degrees/s) inside each truth event's window, by event key */
function peaks(category: string, difficulty: Difficulty, count: number): Map<string, Peaks> {
    const out = new Map<string, Peaks>()
    for (let i = 0; i < count; i++) {
        const sim = new RigSim(makeCase(caseSeed(77, i), category, { quick: true, difficulty }), DIRECTOR, { ideal: true })
        const s = new Sample()
        const t: number[] = [], swing: number[] = [], spin: number[] = [], thx: number[] = [], thy: number[] = []
        while (sim.next(s)) {
            if (t.length > 0 && s.t_ms - t[t.length - 1] < 5) continue
            const ph = sim.physics
            t.push(s.t_ms)
            swing.push(Math.hypot(ph.wx, ph.wy) * RAD_TO_DEG)
            spin.push(Math.abs(ph.wpsi) * RAD_TO_DEG)
            thx.push(ph.thx)
            thy.push(ph.thy)
        }
        for (const e of simTruth(sim).events) {
            let key = ""
            let a = 0
            let b = 0
            if (e.kind === "place") [key, a, b] = ["place", e.t_start_ms!, e.t_ms + 1500]
            else if (e.kind === "touch" && e.target === "structure") [key, a, b] = ["touch_" + e.force_class, e.t_ms, e.t_end_ms! + 500]
            else if (e.kind === "bump" && e.what === "air") [key, a, b] = ["air", e.t_ms, e.t_end_ms!]
            else continue
            let p = out.get(key)
            if (!p) out.set(key, (p = { swing_dps: [], spin_dps: [], swing_deg: [] }))
            let m1 = 0
            let m2 = 0
            let m3 = 0
            const k0 = t.findIndex((x) => x >= a)
            for (let k = Math.max(k0, 0); k < t.length && t[k] <= b; k++) {
                ;[m1, m2] = [Math.max(m1, swing[k]), Math.max(m2, spin[k])]
                m3 = Math.max(m3, Math.hypot(thx[k] - thx[k0], thy[k] - thy[k0]) * RAD_TO_DEG)
            }
            p.swing_dps.push(m1)
            p.spin_dps.push(m2)
            p.swing_deg.push(m3)
        }
    }
    return out
}

function quantile(a: number[], q: number): number {
    const s = [...a].sort((x, y) => x - y)
    return s[Math.min(s.length - 1, Math.floor(q * s.length))]
}

test("a placement on medium: swing peak < 30 dps and spin peak < 10 dps in 95 % of placements", () => {
    const p = peaks("place", "medium", 6).get("place")!
    assert.ok(p.swing_dps.length >= 30, `enough placements (${p.swing_dps.length})`)
    assert.ok(quantile(p.swing_dps, 0.95) < 30, `swing p95 ${quantile(p.swing_dps, 0.95)} dps`)
    assert.ok(quantile(p.spin_dps, 0.95) < 10, `spin p95 ${quantile(p.spin_dps, 0.95)} dps`)
})

test("a placement on easy (ring on the wire): swing peak < 30 dps in 95 %, and the ring hardly turns (< 2 dps)", () => {
    const p = peaks("place", "easy", 6).get("place")!
    assert.ok(quantile(p.swing_dps, 0.95) < 30, `swing p95 ${quantile(p.swing_dps, 0.95)} dps`)
    assert.ok(quantile(p.spin_dps, 0.95) < 2, `spin p95 ${quantile(p.spin_dps, 0.95)} dps`)
})

test("a draught turns the structure on the free-turn connector slowly: spin peak < 20 dps", () => {
    const p = peaks("air", "medium", 6).get("air")!
    assert.ok(p.spin_dps.length >= 6, `enough draughts (${p.spin_dps.length})`)
    assert.ok(Math.max(...p.spin_dps) < 20, `spin max ${Math.max(...p.spin_dps)} dps`)
})

test("touches move the structure as their force dictates: median swing light < medium < heavy", () => {
    const m = peaks("touch", "easy", 24)
    const med = (k: string) => quantile(m.get(k)!.swing_dps, 0.5)
    assert.ok(med("touch_light") < med("touch_medium") && med("touch_medium") < med("touch_heavy"), `${med("touch_light")} ${med("touch_medium")} ${med("touch_heavy")}`)
})

test("a touch the structure survives swings it < 20 deg (contact ends as the structure moves away from the finger)", () => {
    const m = peaks("touch", "easy", 40)
    const all = ["touch_light", "touch_medium", "touch_heavy"].flatMap((k) => m.get(k)!.swing_deg)
    assert.ok(all.length >= 20, `enough touches (${all.length})`)
    assert.ok(Math.max(...all) < 20, `swing max ${Math.max(...all)} deg`)
    assert.ok(quantile(m.get("touch_heavy")!.swing_deg, 0.5) > 3, `heavy touches still swing it (median ${quantile(m.get("touch_heavy")!.swing_deg, 0.5)} deg)`)
})
