/**
 * Where a DeviceScript image's function code comes from, by source file: the compiler's debug
 * file (`.devicescript/bin/bytecode-dbg.json`) lists every function (start pc, size, source
 * location) and a source map of triples [position delta, length, pc delta] (position into the
 * sources laid end to end, pc into the function code). Each byte of a function goes to the source
 * file of the last map entry at or before it (before the first, to the function's own file), so
 * module initialisation (`main`, `prototype`: every file's top-level constants and class set-up)
 * is split among the files it comes from.
 */

/** the part of the debug file read here */
export interface DebugInfo {
    sources: { path: string; text: string }[]
    functions: { name: string; startpc: number; size: number; location: number[] }[]
    srcmap: number[]
}

export interface FileBytes {
    path: string
    bytes: number
}

/** the VM refuses an image whose function code ends at this byte or later (bytecode verifier check 1051) */
export const VM_CODE_END = 0x10000
/** what `devs build` and `devs run` print when an image's function code passes VM_CODE_END */
export const CODE_LIMIT_ERROR = /verification (error|failure):? -?1051/

/** the image header before the function code, bytes */
export const IMAGE_HEADER = 112

/** the index of the source file holding `pos` (a position into the sources laid end to end) */
function fileAt(starts: number[], pos: number): number {
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
        const mid = (lo + hi + 1) >> 1
        if (starts[mid] <= pos) lo = mid
        else hi = mid - 1
    }
    return lo
}

/** function code bytes per source file, most first (ties by path) */
export function bytesByFile(dbg: DebugInfo): FileBytes[] {
    if (!Array.isArray(dbg.sources) || !Array.isArray(dbg.functions) || !Array.isArray(dbg.srcmap) || dbg.srcmap.length % 3 !== 0)
        throw new Error("not a DeviceScript debug file: it needs sources, functions and a source map of triples")
    const starts: number[] = []
    let o = 0
    for (const s of dbg.sources) {
        starts.push(o)
        o += s.text.length
    }
    // the map's entries, as absolute [pc, file], in pc order
    const marks: [number, number][] = []
    let pos = 0
    let pc = 0
    for (let i = 0; i < dbg.srcmap.length; i += 3) {
        pos += dbg.srcmap[i]
        pc += dbg.srcmap[i + 2]
        marks.push([pc, fileAt(starts, pos)])
    }
    marks.sort((a, b) => a[0] - b[0])
    const bytes = new Array<number>(dbg.sources.length).fill(0)
    let m = 0
    for (const f of [...dbg.functions].sort((a, b) => a.startpc - b.startpc)) {
        const end = f.startpc + f.size
        while (m < marks.length && marks[m][0] < f.startpc) m++
        let at = f.startpc
        let file = fileAt(starts, f.location[0])
        for (; m < marks.length && marks[m][0] < end; m++) {
            bytes[file] += marks[m][0] - at
            at = marks[m][0]
            file = marks[m][1]
        }
        bytes[file] += end - at
    }
    return dbg.sources
        .map((s, i) => ({ path: s.path, bytes: bytes[i] }))
        .filter(r => r.bytes > 0)
        .sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1))
}

/** the files' bytes summed by package (node_modules/@scope/name) or by the project's folder (src/core/signal, boards) */
export function bytesByPackage(files: FileBytes[]): FileBytes[] {
    const sums = new Map<string, number>()
    for (const f of files) {
        const m = /^node_modules\/((@[^/]+\/)?[^/]+)\//.exec(f.path)
        const key = m ? m[1] : f.path.includes("/") ? f.path.slice(0, f.path.lastIndexOf("/")) : f.path
        sums.set(key, (sums.get(key) ?? 0) + f.bytes)
    }
    return [...sums.entries()].map(([path, bytes]) => ({ path, bytes })).sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1))
}
