/**
 * The heap probe: how much of the VM's heap a game leaves free. The DeviceScript VM gives programs no heap
 * statistics, so the probe plays `npm start`'s game (the firmware against the simulated rig, devs/lib/vm-entries.ts)
 * and, once the game time reaches the moment asked for, fills the heap with HEAP_PIECE-byte buffers until it runs out
 * (test/start/heap-probe.ts). The VM collects its garbage before giving up, so what the probe took is the heap the
 * game's live objects left free, in pieces (fragmentation hides the rest). The simulator's VM and the ESP32-C3 build
 * both give the heap 64 KB (JD_GC_KB: devicescript-esp32's main/jd_user_config.h at v2.16.1, jacdac-c's default);
 * the simulator's own objects live in it here too, and no device service does.
 */
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { join } from "node:path"
import { rmSync } from "node:fs"
import { CODE_LIMIT_ERROR } from "./bytes.ts"
import { START_ENTRY_DEFAULTS, StartEntryOptions, writeStartEntry } from "./vm-entries.ts"

/** the piece the probe allocates, bytes (test/start/heap-probe.ts PIECE) */
export const HEAP_PIECE = 256
/** the VM's heap, bytes (JD_GC_KB) */
export const VM_HEAP = 64 * 1024

const root = join(import.meta.dirname, "../..")

/** what one probe saw */
export interface HeapReading {
    /** the game time the probe started at, ms */
    at_ms: number
    /** the bytes of pieces the probe held when the heap ran out (besides its ballast) */
    free_bytes: number
}

/**
 * Plays `game` in the VM and fills the heap at game time `at_ms`, holding `ballast` bytes first (to check the probe:
 * what it holds first, it finds that much less of). Rejects when the game ended before `at_ms`, the VM stopped for
 * another reason, or the build failed.
 */
export function probeHeap(at_ms: number, ballast = 0, game: StartEntryOptions = START_ENTRY_DEFAULTS): Promise<HeapReading> {
    const dir = join(root, "out", "heap")
    const { entry } = writeStartEntry(dir, game, { at_ms, ballast })
    const vm = spawn(process.execPath, [join(root, "devs/vm-run.cjs"), entry], { cwd: root, stdio: ["ignore", "pipe", "pipe"] })
    let filled = -1
    let outOfMemory = false
    let inProbe = false
    let tail: string[] = []
    createInterface({ input: vm.stdout }).on("line", raw => {
        const line = raw.replace(/\x1b\[[0-9;]*m/g, "")
        const m = /^WASM> HEAP-FILL (\d+)$/.exec(line)
        if (m) filled = Number(m[1])
        else if (line.includes("Exception: OutOfMemory")) outOfMemory = true
        else if (outOfMemory && line.includes(" at fillHeap ")) inProbe = true
        tail = [...tail.slice(-19), line]
    })
    let stderr = ""
    vm.stderr.on("data", d => (stderr += d))
    return new Promise((resolve, reject) => {
        vm.on("close", () => {
            rmSync(entry, { force: true })
            if (filled >= 0 && outOfMemory && inProbe) resolve({ at_ms, free_bytes: filled })
            else if (filled < 0 && tail.some(l => l.includes("START-END")))
                reject(new Error(`the game ended before ${at_ms / 1000} s: the probe never ran`))
            else if (CODE_LIMIT_ERROR.test(tail.join("\n") + stderr))
                reject(new Error("npm start's image with the probe passes the VM's 64 KB function-code limit (verifier check 1051): npm run bytes -- --generated start"))
            else reject(new Error(`the VM run did not end in the probe's OutOfMemory:\n${[...tail, stderr].join("\n").slice(-2000)}`))
        })
    })
}
