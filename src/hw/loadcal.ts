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

/** a 1 kg cell, 2 mV/V at 3.3 V: 6.6 mV per kg against the +-0.5 * 3.3 V / 128 = 12.9 mV full scale of 2^23 counts */
export const LOAD_CAL_DEFAULTS: LoadCal = { offset_counts: 0, counts_per_kg: 4294967 }

export function gramsFromCounts(counts: number, cal: LoadCal): number {
    return ((counts - cal.offset_counts) * 1000) / cal.counts_per_kg
}

/** calibration with a known mass: the empty reading, the loaded reading, and the mass */
export function calibrate(empty_counts: number, loaded_counts: number, mass_g: number): LoadCal {
    const per_kg = Math.round(((loaded_counts - empty_counts) * 1000) / mass_g)
    if (per_kg === 0) throw new RangeError("calibration mass made no difference: is the load cell connected?")
    return { offset_counts: Math.round(empty_counts), counts_per_kg: per_kg }
}
