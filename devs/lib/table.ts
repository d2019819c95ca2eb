/** plain-text tables for the terminal: a header row, a rule, right-aligned cells (the first column, and the last with `lastLeft`, left-aligned) */
export function formatTable(header: string[], rows: string[][], lastLeft = false): string {
    const widths = header.map((h, c) => Math.max(h.length, ...rows.map(r => r[c].length)))
    const left = (c: number) => c === 0 || (lastLeft && c === header.length - 1)
    const line = (cells: string[]) => cells.map((x, c) => (left(c) ? x.padEnd(widths[c]) : x.padStart(widths[c]))).join("  ").trimEnd()
    return [line(header), widths.map(w => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n")
}

/** a fraction as a percentage with one decimal, "-" when there is no figure */
export function pct(x: number | null): string {
    return x === null ? "-" : (100 * x).toFixed(1)
}

/** a number with `decimals` places, "-" when there is no figure */
export function num(x: number | null, decimals: number): string {
    return x === null ? "-" : x.toFixed(decimals)
}

/** CSV text: the header, then the rows, a line each (the callers' fields hold no comma or quote) */
export function csvText(header: string[], rows: string[][]): string {
    return [header.join(","), ...rows.map(r => r.join(","))].join("\n") + "\n"
}

/** a CSV field: a number with `digits` places, "" when there is none (not a finite number) */
export function csvNum(x: unknown, digits: number): string {
    return typeof x === "number" && Number.isFinite(x) ? x.toFixed(digits) : ""
}
