/**
 * The simulated rig's physical parameters, and how a case draws them from
 * realistic ranges. Units are in every name. Every drawn number ends up in the
 * trace metadata and in the truth's `case`.
 */
import { Rng } from "../core/rand"

export const G_MPS2 = 9.80665

/** the mechanics: hanger, rod, fulcrum, cards */
export interface RigParams {
    /** pivot (top hook) to the rod's foot, m (20-40 cm rods) */
    rod_len_m: number
    rod_mass_kg: number
    /** tilt card clamp + fulcrum card + IMU board at the rod's foot, kg */
    foot_mass_kg: number
    /** wire hanger and hook: on the load cell but does not swing, kg */
    hanger_mass_kg: number
    /** swing amplitude e-folding time, s (lightly damped: tens of seconds) */
    swing_decay_s: number
    /** the second swing axis' stiffness relative to the first (the ring on the wire is not round) */
    swing_aniso: number
    /** free-turn connector (medium, lunacy): spin about the vertical is free */
    spin_free: boolean
    /** ring on the wire (easy, hard): torsional mode of the ring, Hz, and its damping ratio */
    spin_ring_hz: number
    spin_ring_zeta: number
    /** free-turn connector: spin-rate e-folding time, s */
    spin_decay_s: number
    /** tilt pivot released (hard, lunacy) */
    tilt_free: boolean
    /** depth of the structure's centre of mass below the tilt pivot, m */
    tilt_depth_m: number
    /** the structure's radius of gyration about its own centre of mass, m */
    tilt_gyr_m: number
    tilt_zeta: number
    /** vertical mode of the wire hanger with the empty rig, Hz, and damping ratio */
    vert_hz: number
    vert_zeta: number
    /** table/clamp structural mode excited by bumps, Hz, and its decay time, s */
    table_hz: number
    table_decay_s: number
    /** where the IMU sits on the rod, m below the pivot */
    imu_depth_m: number
    /** the mean card mass, g, and the card-to-card spread (fraction, 1 sigma) */
    card_mass_g: number
    card_mass_sd: number
    /** how far from the rod axis cards hang, m (horizontal), and how far below/above the foot */
    reach_m: number
    spread_depth_m: number
}

export type ImuPart = "LSM6DSOX" | "MPU6050"

export interface ImuParams {
    part: ImuPart
    odr_hz: number
    /** relative clock error of the IMU's oscillator */
    clock_err: number
    /** noise densities (datasheet figure x a per-unit factor) */
    gyro_nd_dps_rthz: number
    accel_nd_g_rthz: number
    /** LSB sizes of the ranges in use (+-4 g, +-500 dps) and the full scales */
    gyro_lsb_dps: number
    accel_lsb_g: number
    gyro_fs_dps: number
    accel_fs_g: number
    /** zero-rate / zero-g offsets per axis */
    gyro_bias_dps: number[]
    accel_bias_g: number[]
    /** mounting misalignment, degrees about x, y, z */
    mis_deg: number[]
    /** sampler timestamp jitter, ms (1 sigma), and the chance a sample is lost */
    jitter_ms: number
    drop_prob: number
}

export type AdcPart = "NAU7802" | "HX711" | "HX71708"

export interface LoadParams {
    part: AdcPart
    rate_sps: number
    /** relative error of the converter's conversion period (a negative one is a fast clock): loadClockErr */
    clock_err: number
    /** white noise per sample at the chosen rate, g (1 sigma) */
    noise_g: number
    /** ADC counts per gram after gain (quantisation step = 1/counts_per_g) */
    counts_per_g: number
    /** calibration gain error (fraction) */
    gain_err: number
    /** the arbitrary zero: reading with nothing on the cell, g */
    zero_g: number
    /** zero drift: linear (thermal), g/min, and random walk, g/sqrt(s) */
    drift_g_per_min: number
    walk_g_rts: number
    /** creep: fraction of a load change that follows with this time constant */
    creep_frac: number
    creep_tau_s: number
    /** chance per sample of an HX711-family bit-error spike (0 for the NAU7802) */
    spike_prob: number
    jitter_ms: number
}

export interface SimParams {
    rig: RigParams
    imu: ImuParams
    load: LoadParams
}

/**
 * Card mass: Librium's cards are laser-cut from 3 mm birch plywood
 * (about 680 kg/m3). A card's outline is roughly 100 x 60 mm (18 cm3 solid, 12 g)
 * with slots and cut-outs removing 40-60 %: 5-7 g. Plywood density varies
 * by +-15 % between sheets and makers, so the case mean is drawn from 4.5-8.5 g,
 * with a 4 % card-to-card spread.
 */
export function drawRig(rng: Rng, spinFree: boolean, tiltFree: boolean): RigParams {
    return {
        rod_len_m: rng.range(0.2, 0.4),
        rod_mass_kg: rng.range(0.02, 0.06),
        foot_mass_kg: rng.range(0.04, 0.09),
        hanger_mass_kg: rng.range(0.03, 0.08),
        swing_decay_s: rng.range(15, 60),
        swing_aniso: rng.range(0.97, 1.03),
        spin_free: spinFree,
        spin_ring_hz: rng.range(2, 5),
        spin_ring_zeta: rng.range(0.05, 0.2),
        spin_decay_s: rng.range(5, 20),
        tilt_free: tiltFree,
        tilt_depth_m: rng.range(0.01, 0.03),
        tilt_gyr_m: rng.range(0.04, 0.08),
        tilt_zeta: rng.range(0.05, 0.15),
        vert_hz: rng.range(4, 9),
        vert_zeta: rng.range(0.03, 0.1),
        table_hz: rng.range(15, 60),
        table_decay_s: rng.range(0.04, 0.15),
        imu_depth_m: rng.range(0.02, 0.1),
        card_mass_g: rng.range(4.5, 8.5),
        card_mass_sd: 0.04,
        reach_m: rng.range(0.06, 0.12),
        spread_depth_m: rng.range(0.03, 0.1),
    }
}

function signed(rng: Rng, mag: number): number {
    return rng.range(-mag, mag)
}

/**
 * IMU figures from the datasheets: LSM6DSOX gyro 3.8 mdps/rtHz, accel 70-110 ug/rtHz,
 * zero-rate level +-1 dps, zero-g +-20 mg; MPU-6050 gyro 5 mdps/rtHz, accel
 * 400 ug/rtHz, ZRO +-20 dps, zero-g +-50 mg. Real parts are noisier than the
 * typical figure: the recordings in shared/data/real show gyro sigma 0.03-0.06 dps
 * at 52 Hz (LSM6DSOX) and 0.10-0.13 dps at 100 Hz (x-io), i.e. 1-3x the density,
 * so the density is drawn as datasheet x 1-3.
 */
export function drawImu(rng: Rng): ImuParams {
    const lsm = rng.chance(0.6)
    const f = rng.range(1, 3)
    const gb = lsm ? 1 : 5
    const ab = lsm ? 0.02 : 0.05
    return {
        part: lsm ? "LSM6DSOX" : "MPU6050",
        odr_hz: lsm ? (rng.chance(0.5) ? 104 : 208) : (rng.chance(0.5) ? 100 : 200),
        clock_err: signed(rng, 0.01),
        gyro_nd_dps_rthz: (lsm ? 0.0038 : 0.005) * f,
        accel_nd_g_rthz: (lsm ? rng.range(70e-6, 110e-6) : 400e-6) * rng.range(1, 2),
        gyro_lsb_dps: lsm ? 0.0175 : 1 / 65.5,
        accel_lsb_g: lsm ? 0.000122 : 1 / 8192,
        gyro_fs_dps: 500,
        accel_fs_g: 4,
        gyro_bias_dps: [signed(rng, gb), signed(rng, gb), signed(rng, gb)],
        accel_bias_g: [signed(rng, ab), signed(rng, ab), signed(rng, ab)],
        mis_deg: [signed(rng, 4), signed(rng, 4), signed(rng, 10)],
        jitter_ms: rng.range(0.05, 0.8),
        drop_prob: rng.range(0, 0.005),
    }
}

/**
 * Each converter's clock error, the least and the most, as the relative error of its conversion period (a
 * negative one is a fast clock). The NAU7802 and the HX71708 within 3 %. The HX711's internal oscillator has no
 * tolerance in its datasheet ("typically" 10 or 80 SPS; a crystal "if accurate output data rate is needed") and
 * runs fast: 11.1 SPS in its 10 SPS mode in shared/data/real's recording and 10.8 in a Klipper user's log
 * (klipper issue garethky/klipper#14), 92-94 SPS in its 80 SPS mode on the HX711_ADC author's boards
 * (olkal/HX711_ADC#29, #98: "will usually run a bit faster"), 8-17 % fast; drawn from 2 % slow to 19 % fast.
 */
export function loadClockErr(part: AdcPart): number[] {
    // a function, not a table: the npm start image carries this module (its constants) but not its unused functions
    return part === "HX711" ? [-0.16, 0.02] : [-0.03, 0.03]
}

/**
 * Load-cell ADC. A 1 kg cell (2 mV/V, 3.3 V excitation) at gain 128 gives about
 * 400-1800 counts/g on a 24-bit converter. Noise: the HX711 recording in
 * shared/data/real shows sigma 40-55 counts at 10 SPS on a 20 kg cell (1.1-1.5 g);
 * the same electronics on a 1 kg cell are 20x finer, 0.05-0.1 g, and the NAU7802
 * is a little quieter. White noise grows with the data rate as sqrt(rate).
 * HX711-family parts get occasional bit-error spikes of about +-2^21 and 2^22
 * counts (the HX71708 recording: 14 % of samples on a bad board; a few per mille
 * on a good one).
 */
export function drawLoad(rng: Rng): LoadParams {
    const k = rng.int(0, 2)
    const part: AdcPart = k === 0 ? "NAU7802" : k === 1 ? "HX711" : "HX71708"
    let rate = 10
    if (part === "NAU7802") rate = [10, 20, 40, 80, 320][rng.int(0, 4)]
    else if (part === "HX711") rate = rng.chance(0.5) ? 10 : 80
    else rate = 320
    const noise10 = rng.range(0.03, 0.12)
    const clock = loadClockErr(part)
    return {
        part: part,
        rate_sps: rate,
        clock_err: rng.range(clock[0], clock[1]),
        noise_g: noise10 * Math.sqrt(rate / 10),
        counts_per_g: rng.range(400, 1800),
        gain_err: signed(rng, 0.01),
        zero_g: rng.range(-3000, 3000),
        drift_g_per_min: signed(rng, 0.3),
        walk_g_rts: rng.range(0.002, 0.02),
        creep_frac: rng.range(0.0002, 0.001),
        creep_tau_s: rng.range(60, 300),
        spike_prob: part === "NAU7802" ? 0 : rng.chance(0.5) ? rng.range(0.0005, 0.005) : 0,
        jitter_ms: rng.range(0.05, 0.8),
    }
}
