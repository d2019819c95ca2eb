// The benchmark's blame check (devs/lib/blame.ts): the rows on both clocks from crafted truths and observations,
// the table's figures, and the watch on the rules engine in a real replay.
import { test } from "node:test"
import assert from "node:assert/strict"
import { blameRows, blameTable, BlameObs, unwatchBlame, watchBlame } from "../../../devs/lib/blame.ts"
import { Rules } from "../../../src/core/referee/rules.ts"
import { PASS_MS } from "../../../src/sim/director.ts"
import { Truth, TruthEvent } from "../../../src/sim/truth.ts"
import { feed, game, obs, placements } from "../../parity/rules-script.ts"

const truth = (events: TruthEvent[]): Truth => ({ events, outcome: { outs: [], winner: null, final_cards: [], turns: 0 } })

test("blame rows: each truth collapse and touch after a pass, with the first observation of its kind in its window, whoever it was for", () => {
    const t = truth([
        { t_ms: 0, kind: "round_start", player: 1 },
        { t_ms: 1000, kind: "collapse", player: 1 }, // before any pass: no row
        { t_ms: 2000, kind: "place", player: 1, cards: 1 }, // passes at 3500
        { t_ms: 5000, kind: "collapse", player: 1 }, // the mover's, 1.5 s after the pass
        { t_ms: 20000, kind: "place", player: 2, cards: 2 }, // passes at 21500
        { t_ms: 23500, kind: "touch", player: 3, t_end_ms: 23700 }, // the next player's, 2 s after
        { t_ms: 30000, kind: "touch", player: 3, t_end_ms: 30100 }, // never observed: no row
    ])
    const seen: BlameObs[] = [
        { kind: "touch", t_ms: 4000, after_ms: 500 }, // nothing of the truth's near it
        { kind: "collapse", t_ms: 5200, after_ms: 1900 },
        { kind: "collapse", t_ms: 5300, after_ms: 2000 }, // a second call for the same collapse: not taken
        { kind: "touch", t_ms: 24100, after_ms: 2300 },
        { kind: "touch", t_ms: 30700, after_ms: 9000 }, // past the touch's window (end + 500 ms)
    ]
    assert.equal(PASS_MS, 1500)
    assert.deepEqual(blameRows("c", seen, t), [
        { id: "c", kind: "collapse", who: "mover", truth_after_ms: 1500, ref_after_ms: 1900 },
        { id: "c", kind: "touch", who: "next", truth_after_ms: 2000, ref_after_ms: 2300 },
    ])
})

test("blame table: the lag's spread, the movers' latest and the next players' earliest on the referee's clock, and who is on the wrong side of the window", () => {
    const row = (id: string, who: "mover" | "next", truth_after_ms: number, ref_after_ms: number) => ({ id, kind: "collapse", who, truth_after_ms, ref_after_ms })
    const rows = [row("a", "mover", 2000, 2200), row("b", "mover", 2500, 3100), row("c", "next", 4000, 3300), row("d", "next", 3600, 3900)]
    const table = blameTable(rows, { collapse: 3200, touch: 1700 })
    const line = table.split("\n")[2].split(/\s{2,}/)
    // lags 200, 600, -700, 300: sorted -700, 200, 300, 600 (nearest-rank percentiles)
    // (two of each: the percentiles are the extremes)
    assert.deepEqual(line, ["collapse", "4", "-700", "200", "600", "3100", "3100 (b)", "3300", "3300 (c)", "3200", "0"])
    const tight = blameTable(rows, { collapse: 3000, touch: 1700 }).split("\n")[2].split(/\s{2,}/)
    assert.equal(tight[10], "1", "at 3 s the mover's 3.1 s is on the next player's side")
    assert.equal(table.split("\n").length, 3, "no touch row without touches")
})

test("the watch sees what the rules judged: the onset less the pass, for collapses and touches only, and only while watching", () => {
    const seen = watchBlame()
    const r = new Rules(game(3, "easy", 30, "out"))
    feed(r, [obs("rest_at_tare", 0), ...placements(1000, 1)])
    feed(r, [{ ...obs("collapse", 4300), onset_ms: 3900 }])
    unwatchBlame()
    const after = new Rules(game(3, "easy", 30, "out"))
    feed(after, [obs("rest_at_tare", 0), ...placements(1000, 1), obs("touch", 2000)])
    assert.deepEqual(seen, [{ kind: "collapse", t_ms: 4300, after_ms: 2900 }])
})
