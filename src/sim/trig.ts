/**
 * sin/cos for the simulator: the DeviceScript VM has no Math.sin/cos.
 * Range reduction to [-pi, pi], then to [-pi/2, pi/2] with sin(pi - x) = sin(x),
 * then the Taylor series to x^13 (error < 1e-9 on [-pi/2, pi/2]). Exact at small
 * angles (sin(x) = x - x^3/6 + ...), which is where the rig lives.
 */
export const PI = 3.141592653589793
export const TWO_PI = 2 * PI
const HALF_PI = PI / 2

export function sin(x: number): number {
    let r = x - TWO_PI * Math.round(x / TWO_PI)
    if (r > HALF_PI) r = PI - r
    else if (r < -HALF_PI) r = -PI - r
    const r2 = r * r
    // Horner form of r - r^3/3! + r^5/5! - ... - r^13/13!
    let p = 1 / 6227020800
    p = p * r2 - 1 / 39916800
    p = p * r2 + 1 / 362880
    p = p * r2 - 1 / 5040
    p = p * r2 + 1 / 120
    p = p * r2 - 1 / 6
    return r + r * r2 * p
}

export function cos(x: number): number {
    return sin(x + HALF_PI)
}

/** degrees to radians */
export function rad(deg: number): number {
    return (deg * PI) / 180
}
