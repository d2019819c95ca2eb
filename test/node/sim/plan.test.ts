// A plan recorded from the director on the host and replayed (what npm start's VM image does for lack of
// room for the director) drives the simulator to the very same trace.
import { test } from "node:test"
import assert from "node:assert/strict"
import { CaseOptions, caseSeed, makeCase } from "../../../src/sim/cases.ts"
import { DIRECTOR } from "../../../src/sim/director.ts"
import { recordPlan, replayPlan } from "../../../src/sim/plan.ts"
import { PlannerFactory, RigSim } from "../../../src/sim/rigsim.ts"
import { Sample } from "../../../src/core/sample.ts"

function trace(category: string, seed: number, planner: PlannerFactory, opts: CaseOptions = { quick: true }): string[] {
    const spec = makeCase(seed, category, opts)
    const sim = new RigSim(spec, planner)
    const s = new Sample()
    const rows: string[] = []
    while (sim.next(s)) rows.push([s.t_ms, s.hasImu ? s.gx_dps : "", s.hasLoad ? s.load_g : "", s.input].join(","))
    return rows
}

for (const category of ["multi_round", "librium", "collapse_catch", "touch"]) {
    test(`a recorded plan replays the director's ${category} game sample for sample`, () => {
        const seed = caseSeed(31, 1)
        const { text, planner } = recordPlan(makeCase(seed, category, { quick: true }), DIRECTOR)
        const actions = text.split("\n").filter(l => l.startsWith("a,")).length
        assert.ok(actions > 2 && planner.events.length > 2, `${actions} actions, ${planner.events.length} truth events`)
        const direct = trace(category, seed, DIRECTOR)
        const replayed = trace(category, seed, replayPlan(text))
        assert.equal(replayed.length, direct.length)
        const first = replayed.findIndex((r, i) => r !== direct[i])
        assert.equal(first, -1, `rows differ from ${first}: ${direct[first]} vs ${replayed[first]}`)
    })
}

test("an 8-player game whose clean-up plans 38 actions in one step replays sample for sample, its actions made as they come due", () => {
    // npm start -- --players 8 --level medium --seed 16: the longest of 160 eight-player games drawn; made at once,
    // the clean-up's actions ran the VM's heap out (devs/lib/vm-entries.ts draws npm start's game this way)
    const opts: CaseOptions = { quick: true, players: 8, difficulty: "medium" }
    const { text } = recordPlan(makeCase(16, "multi_round", opts), DIRECTOR)
    let run = 0
    let longest = 0
    for (const l of text.split("\n")) {
        run = l.startsWith("a,") ? run + 1 : l.startsWith("s,") ? 0 : run
        longest = Math.max(longest, run)
    }
    assert.ok(longest >= 30, `the longest step plans ${longest} actions`)
    const direct = trace("multi_round", 16, DIRECTOR, opts)
    const replayed = trace("multi_round", 16, replayPlan(text), opts)
    assert.equal(replayed.length, direct.length)
    const first = replayed.findIndex((r, i) => r !== direct[i])
    assert.equal(first, -1, `rows differ from ${first}: ${direct[first]} vs ${replayed[first]}`)
})
