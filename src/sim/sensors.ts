/**
 * Sensor models: what the IMU on the rod and the load-cell ADC in the clamp
 * report for the rig's true state. No allocation per sample.
 */
import { Rng } from "../core/rand"
import { Sample } from "../core/sample"
import { cos, rad, sin } from "./trig"
import { G_MPS2, ImuParams, LoadParams } from "./params"
import { RigPhysics } from "./physics"

const RAD_TO_DEG = 57.29577951308232

function quantise(x: number, lsb: number, fullScale: number): number {
    const q = Math.round(x / lsb) * lsb
    return q > fullScale ? fullScale : q < -fullScale ? -fullScale : q
}

/**
 * IMU at `imu_depth_m` below the pivot on the rod. Specific force f = a - g at the
 * mounting point, in the rod's axes (z along the rod, up):
 *   world:  (a_base_x, a_base_y, g + a_base_z - z'')            (z'': the hanger's bounce)
 *   swing frame: Ry(thy)^T Rx(thx)^T world + (-r thy'', r thx'', r (thx'^2 + thy'^2))
 *                 (tangential and centripetal acceleration of a point r below the pivot)
 *   rod frame: Rz(psi)^T swing frame; then the mounting misalignment.
 * Angular rate: Rz(psi)^T (thx', thy', 0) + (0, 0, psi'). Then bias, white noise of
 * sigma = density x sqrt(ODR / 2) (the output filter passes up to Nyquist),
 * quantisation to the range's LSB and saturation at full scale.
 */
export class ImuModel {
    readonly p: ImuParams
    readonly period_ms: number
    readonly gyroSigma_dps: number
    readonly accelSigma_g: number
    private m: number[]
    /** the reading being made: ax, ay, az (g), gx, gy, gz (dps) */
    private v = [0, 0, 0, 0, 0, 0]
    private rng: Rng

    constructor(p: ImuParams, rng: Rng) {
        this.p = p
        this.rng = rng
        this.period_ms = (1000 / p.odr_hz) * (1 + p.clock_err)
        this.gyroSigma_dps = p.gyro_nd_dps_rthz * Math.sqrt(p.odr_hz / 2)
        this.accelSigma_g = p.accel_nd_g_rthz * Math.sqrt(p.odr_hz / 2)
        // misalignment: sensor axes = Rx(a) Ry(b) Rz(c) applied to the rod's axes (transposed)
        const ca = cos(rad(p.mis_deg[0]))
        const sa = sin(rad(p.mis_deg[0]))
        const cb = cos(rad(p.mis_deg[1]))
        const sb = sin(rad(p.mis_deg[1]))
        const cc = cos(rad(p.mis_deg[2]))
        const sc = sin(rad(p.mis_deg[2]))
        // R = Rx Ry Rz, row-major; the sensor reads R^T v
        const r = [
            cb * cc, -cb * sc, sb,
            sa * sb * cc + ca * sc, -sa * sb * sc + ca * cc, -sa * cb,
            -ca * sb * cc + sa * sc, ca * sb * sc + sa * cc, ca * cb,
        ]
        this.m = [r[0], r[3], r[6], r[1], r[4], r[7], r[2], r[5], r[8]]
    }

    /** fill `s` with a reading of the rig's present state (true values when `ideal`) */
    read(ph: RigPhysics, s: Sample, ideal: boolean) {
        const r = ph.p.imu_depth_m
        const ca = cos(ph.thx)
        const sa = sin(ph.thx)
        const cb = cos(ph.thy)
        const sb = sin(ph.thy)
        // world specific force, m/s^2 (ph.az is z'' with z down)
        const wx = ph.lastAbx
        const wy = ph.lastAby
        const wz = G_MPS2 + ph.lastAbz - ph.az
        // Rx^T
        const y1 = ca * wy + sa * wz
        const z1 = -sa * wy + ca * wz
        // Ry^T, plus the pendulum's own acceleration at depth r
        const fx = cb * wx - sb * z1 - r * ph.ay
        const fy = y1 + r * ph.ax
        const fz = sb * wx + cb * z1 + r * (ph.wx * ph.wx + ph.wy * ph.wy)
        // Rz^T
        const cp = cos(ph.psi)
        const sp = sin(ph.psi)
        const bx = cp * fx + sp * fy
        const by = -sp * fx + cp * fy
        const gx = cp * ph.wx + sp * ph.wy
        const gy = -sp * ph.wx + cp * ph.wy
        const gz = ph.wpsi
        // the specific force (g) and the rate (dps) on the sensor's axes, then each axis's bias, noise and quantisation
        // (one loop per triple, in the order the readings draw their noise)
        const m = this.m
        const v = this.v
        for (let i = 0; i < 3; i++) {
            v[i] = (m[3 * i] * bx + m[3 * i + 1] * by + m[3 * i + 2] * fz) / G_MPS2
            v[i + 3] = (m[3 * i] * gx + m[3 * i + 1] * gy + m[3 * i + 2] * gz) * RAD_TO_DEG
        }
        if (!ideal) {
            const p = this.p
            const rng = this.rng
            for (let i = 0; i < 3; i++) v[i] = quantise(v[i] + p.accel_bias_g[i] + this.accelSigma_g * rng.gauss(), p.accel_lsb_g, p.accel_fs_g)
            for (let i = 0; i < 3; i++) v[i + 3] = quantise(v[i + 3] + p.gyro_bias_dps[i] + this.gyroSigma_dps * rng.gauss(), p.gyro_lsb_dps, p.gyro_fs_dps)
        }
        s.setImu(v[0], v[1], v[2], v[3], v[4], v[5])
    }
}

/**
 * Load-cell ADC: averages the force over each conversion (a sinc1 filter, so a
 * 10 SPS part hides the hanger's few-Hz ringing and an 320 SPS part shows it),
 * then gain error, creep (a first-order lag of creep_frac of the load), zero drift
 * (linear plus random walk), white noise, quantisation to counts, and the
 * HX711 family's bit-error spikes (+-2^21, 2^22 counts).
 */
export class LoadModel {
    readonly p: LoadParams
    readonly period_ms: number
    private rng: Rng
    private sum = 0
    private n = 0
    private creep_g = NaN
    private walk_g = 0
    private lastT_ms = 0
    /** the last value read (a stuck sensor repeats it) */
    last_g = NaN

    constructor(p: LoadParams, rng: Rng) {
        this.p = p
        this.rng = rng
        this.period_ms = (1000 / p.rate_sps) * (1 + p.clock_err)
    }

    /** add one physics step's force, N */
    accumulate(force_n: number) {
        this.sum += force_n
        this.n++
    }

    /** the reading at t_ms: the mean force since the last reading, through the ADC model */
    read(t_ms: number, ideal: boolean): number {
        const p = this.p
        const grams = this.n > 0 ? ((this.sum / this.n) * 1000) / G_MPS2 : this.last_g
        this.sum = 0
        this.n = 0
        if (ideal) {
            this.last_g = grams
            return grams
        }
        const dt_s = (t_ms - this.lastT_ms) / 1000
        this.lastT_ms = t_ms
        if (this.creep_g !== this.creep_g) this.creep_g = p.creep_frac * grams
        else this.creep_g += ((p.creep_frac * grams - this.creep_g) * dt_s) / p.creep_tau_s
        this.walk_g += p.walk_g_rts * Math.sqrt(dt_s) * this.rng.gauss()
        let v = grams * (1 + p.gain_err) + this.creep_g + p.zero_g + (p.drift_g_per_min * t_ms) / 60000 + this.walk_g
        v += p.noise_g * this.rng.gauss()
        let counts = Math.round(v * p.counts_per_g)
        if (p.spike_prob > 0 && this.rng.chance(p.spike_prob)) {
            const k = this.rng.int(0, 2)
            counts += k === 0 ? 2097152 : k === 1 ? -2097152 : 4194304
        }
        this.last_g = counts / p.counts_per_g
        return this.last_g
    }
}
