// The short soak (test/soak/short.ts, ~20 min of game time on the virtual
// clock, one firmware playing game after game): no VM exception, every game
// plausible, tare and card counts do not drift, memory flat.
// The first version ran out of VM heap after ~19 games: not the firmware, the
// test's own tune recorder kept every tune played. test/soak/soak.ts now
// empties the recorders after each game.
import { test } from "node:test"
import assert from "node:assert/strict"
import { runSoak, soakTable } from "../../soak/run.ts"

test("short soak: games go on without a VM exception, no drift, memory flat", async () => {
    const run = await runSoak("test/soak/short.ts")
    console.log(soakTable(run))
    assert.deepEqual(run.errors, [], "VM exceptions")
    assert.ok(run.finished, "the soak did not finish")
    assert.ok(run.games.length >= 15, `only ${run.games.length} games`)
    const first = run.games[0]
    for (const g of run.games) {
        // 3 players: two collapses put two out, one winner; 3 to 7 cards a round
        assert.deepEqual([g.collapse, g.out, g.winner, g.fault], [2, 2, 1, 0], `game ${g.game} calls`)
        assert.ok(g.placed >= 6 && g.placed <= 14, `game ${g.game}: ${g.placed} cards placed`)
        assert.ok(Math.abs(g.tare_g - first.tare_g) < 0.5, `game ${g.game}: tare drifted to ${g.tare_g} g from ${first.tare_g} g`)
    }
    const late = run.games.slice(-3).map(g => g.rss_mb)
    assert.ok(Math.max(...late) <= run.games[1].rss_mb + 20, `VM memory grew: ${run.games[1].rss_mb} MB after game 2, ${late.join("/")} MB at the end`)
})
