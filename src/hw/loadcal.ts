/**
 * Load-cell calibration in integers (what flash stores): the raw count of
 * the empty clamp and the counts per kilogram. grams = (counts - offset) *
 * 1000 / counts_per_kg. The referee tares anyway; the offset only keeps the
 * numbers readable.
 */
export interface LoadCal {
    offset_counts: number
    counts_per_kg: number
}

/** a 1 kg cell, 2 mV/V: 2 mV/V per kg against the +-0.5 / 128 V/V full scale of 2^23 counts (ratiometric: AVDD excites the bridge and is the reference) */
export const LOAD_CAL_DEFAULTS: LoadCal = { offset_counts: 0, counts_per_kg: 4294967 }

export function gramsFromCounts(counts: number, cal: LoadCal): number {
    return ((counts - cal.offset_counts) * 1000) / cal.counts_per_kg
}

/**
 * the fewest counts per kg a calibration may find: a 20 kg cell still gives some 200,000; a mass left off (the
 * noise of a few hundred counts alone) gives a few thousand, and would scale every reading up a thousandfold
 */
export const CAL_MIN_PER_KG = 20000

/** calibration with a known mass: the empty reading, the loaded reading (NaN: none), and the mass */
export function calibrate(empty_counts: number, loaded_counts: number, mass_g: number): LoadCal {
    const per_kg = Math.round(((loaded_counts - empty_counts) * 1000) / mass_g)
    if (!(Math.abs(per_kg) >= CAL_MIN_PER_KG)) throw new RangeError("the mass changed the reading by " + (loaded_counts - empty_counts) + " counts: was it on, the cell answering?")
    return { offset_counts: Math.round(empty_counts), counts_per_kg: per_kg }
}
