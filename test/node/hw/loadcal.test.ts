// The load cell's calibration (src/hw/loadcal.ts): integers, and a calibration that cannot be right is refused
// rather than saved to flash and used on every later boot.
import { test } from "node:test"
import assert from "node:assert/strict"
import { CAL_MIN_PER_KG, LOAD_CAL_DEFAULTS, calibrate, gramsFromCounts } from "../../../src/hw/loadcal.ts"

test("a 100 g mass read against the empty rig gives the offset and the counts per kg; grams come back", () => {
    const cal = calibrate(1_466_418, 1_466_418 + 429_501, 100)
    assert.deepEqual(cal, { offset_counts: 1_466_418, counts_per_kg: 4_295_010 })
    assert.ok(Math.abs(gramsFromCounts(1_466_418 + 429_501, cal) - 100) < 1e-6)
    // wires the other way round: a negative scale is fine
    assert.equal(calibrate(1000, 1000 - 429_501, 100).counts_per_kg, -4_295_010)
})

test("a mass left off (noise alone), a reading missing (the cell in fault) or no change at all is refused", () => {
    assert.ok(LOAD_CAL_DEFAULTS.counts_per_kg / CAL_MIN_PER_KG > 100, "the floor is far under a real cell's scale")
    for (const loaded of [1000 + 300, 1000 - 150, 1000, NaN])
        assert.throws(() => calibrate(1000, loaded, 100), /the mass changed the reading by .* counts: was it on, the cell answering\?/, String(loaded))
    assert.throws(() => calibrate(NaN, 5000, 100), /was it on/)
})
