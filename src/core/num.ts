/**
 * Deterministic number formatting, identical in Node and in the DeviceScript
 * VM (whose own number printing keeps only about 7 significant digits).
 * Everything the core prints goes through here.
 */

/** `x` rounded to `decimals` places (0..6), without trailing zeros. */
export function fmtNum(x: number, decimals: number): string {
    if (x !== x) return "NaN"
    if (x === Infinity) return "Infinity"
    if (x === -Infinity) return "-Infinity"
    let scale = 1
    for (let i = 0; i < decimals; i++) scale *= 10
    let neg = x < 0
    let v = Math.round(Math.abs(x) * scale)
    if (v === 0) neg = false
    let intPart = Math.floor(v / scale)
    let frac = v - intPart * scale
    let s = intDigits(intPart)
    if (frac > 0) {
        let digits = ""
        for (let i = 0; i < decimals; i++) {
            scale = scale / 10
            const d = Math.floor(frac / scale)
            digits += String.fromCharCode(48 + d)
            frac -= d * scale
        }
        let end = digits.length
        while (end > 0 && digits.charCodeAt(end - 1) === 48) end--
        s += "." + digits.slice(0, end)
    }
    return neg ? "-" + s : s
}

function intDigits(n: number): string {
    if (n === 0) return "0"
    let s = ""
    while (n > 0) {
        const q = Math.floor(n / 10)
        s = String.fromCharCode(48 + (n - q * 10)) + s
        n = q
    }
    return s
}

/** a JSON string literal for plain ASCII text (escapes quotes, backslashes and control characters) */
export function jsonStr(s: string): string {
    let out = "\""
    for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i)
        if (c === 34) out += "\\\""
        else if (c === 92) out += "\\\\"
        else if (c < 32) out += " "
        else out += s.charAt(i)
    }
    return out + "\""
}
