// One definition of a game configuration (checkGameConfig, src/core/referee/types.ts) behind every way in:
// a trace's metadata line, the device's settings store, the rules engine. They accept and refuse the same
// configurations, with the same message naming the key.
import { test } from "node:test"
import assert from "node:assert/strict"
import fc from "fast-check"
import { configFromMeta } from "../../../src/core/trace.ts"
import { Rules } from "../../../src/core/referee/rules.ts"
import { GameConfig, MAX_CARDS, checkGameConfig } from "../../../src/core/referee/types.ts"

// persist.ts is imported by a computed path: its @devicescript imports would pull the DeviceScript typings into tsc
const PERSIST_PATH: string = "../../../src/hw/persist.ts"
const { decodeCfg } = (await import(PERSIST_PATH)) as { decodeCfg(t: string): GameConfig }

/** what each way in makes of `j`: the configuration as JSON, or the error's message less its prefix */
function ways(j: any): string[] {
    const attempt = (f: () => any, prefix: string) => {
        try {
            return JSON.stringify(f())
        } catch (e) {
            const m = (e as Error).message
            assert.ok(m.startsWith(prefix), "prefix " + prefix + ": " + m)
            return "error: " + m.slice(prefix.length)
        }
    }
    return [
        attempt(() => configFromMeta({ format: "librium-trace", version: 1, ...j }), "metadata "),
        attempt(() => decodeCfg(JSON.stringify(j)), ""),
        attempt(() => new Rules(j).cfg, ""),
    ]
}

const value = fc.oneof(fc.integer({ min: -2, max: 260 }), fc.double({ min: -5, max: 300, noNaN: true }), fc.constantFrom<any>(null, "3", true, "easy", "warn", "out", "lunacy"))
/** mostly a good value (so most configurations get past the first keys), sometimes anything */
const mostly = (good: fc.Arbitrary<any>) => fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: value, weight: 1 })
const configArb = fc.record(
    {
        players: mostly(fc.integer({ min: 1, max: 9 })),
        difficulty: mostly(fc.constantFrom("easy", "medium", "hard", "lunacy", "Easy", "")),
        cards: mostly(fc.integer({ min: 0, max: MAX_CARDS + 1 })),
        first_player: mostly(fc.integer({ min: 0, max: 9 })),
        touch_penalty: mostly(fc.constantFrom("out", "warn", "Out")),
    },
    { requiredKeys: ["players", "difficulty", "cards"] },
)

test("the trace reader, the settings store and the rules accept and refuse the same configurations, with the same message", () => {
    let accepted = 0
    const refused = new Set<string>()
    fc.assert(
        fc.property(configArb, j => {
            const got = ways(j)
            assert.equal(got[1], got[0], "settings store vs trace: " + JSON.stringify(j))
            assert.equal(got[2], got[0], "rules vs trace: " + JSON.stringify(j))
            if (!got[0].startsWith("error")) accepted++
            else refused.add(got[0].split(" ")[1])
        }),
        { seed: 4242, numRuns: 400 },
    )
    assert.ok(accepted >= 40, "the generator makes good configurations too: " + accepted)
    assert.deepEqual([...refused].sort(), ['"cards"', '"difficulty"', '"first_player"', '"players"', '"touch_penalty"'], "every key is refused somewhere")
})

test("a configuration is checked key by key, each message naming the key", () => {
    const good = { players: 4, difficulty: "hard", cards: 40 }
    assert.deepEqual(checkGameConfig(good), { players: 4, difficulty: "hard", cards: 40, first_player: 1, touch_penalty: "out" })
    const bad: [any, RegExp][] = [
        [null, /not a JSON object/],
        [{ ...good, players: 9 }, /"players" must be a whole number 2..8/],
        [{ ...good, players: 2.5 }, /"players" must be a whole number 2..8/],
        [{ ...good, difficulty: "Hard" }, /"difficulty" must be easy, medium, hard or lunacy/],
        [{ ...good, cards: 0 }, /"cards" must be a whole number 1..200/],
        [{ ...good, cards: MAX_CARDS + 1 }, /"cards" must be a whole number 1..200/],
        [{ ...good, first_player: 5 }, /"first_player" must be a seat 1..4/],
        [{ ...good, touch_penalty: "kick" }, /"touch_penalty" must be out or warn/],
    ]
    for (const [j, want] of bad) assert.throws(() => checkGameConfig(j), want, JSON.stringify(j))
    // one card and MAX_CARDS cards are games
    assert.equal(checkGameConfig({ ...good, cards: 1 }).cards, 1)
    assert.equal(checkGameConfig({ ...good, cards: MAX_CARDS }).cards, MAX_CARDS)
})
