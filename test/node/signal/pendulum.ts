// A crafted rod for the push tests: a pendulum swinging about x, driven by an external torque.

const DPS = 180 / Math.PI

/**
 * A pendulum about x with W^2 = `w2` (1/s^2), at `th0_rad` and at rest at 0 ms, driven by an external torque per
 * unit inertia u(t) (degrees/s^2), integrated at 1 ms (explicit Euler, the rate first) up to until_ms; `each(t,
 * rate_dps)` gets the swing rate after each step
 */
export function swingPendulum(until_ms: number, w2: number, th0_rad: number, u: (t_ms: number) => number, each: (t_ms: number, rate_dps: number) => void) {
    let th = th0_rad
    let w = 0
    for (let t = 0; t <= until_ms; t++) {
        w += (-w2 * th + u(t) / DPS) * 0.001
        th += w * 0.001
        each(t, w * DPS)
    }
}
