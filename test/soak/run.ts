/**
 * Host side of the soak: runs a soak entry (test/soak/short.ts or long.ts)
 * in a device-like VM run, reads its `SOAK` lines, and samples the VM
 * process's resident memory (the VM exposes no heap figures to programs, and
 * the CLI has no heap-size option: an exhausted DeviceScript heap shows as
 * `Exception: OutOfMemory`). Used by test/node/props/soak.test.ts and devs/soak.ts.
 */
import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"

const root = new URL("../..", import.meta.url).pathname

export interface SoakGame {
    game: number
    t_h: number
    placed: number
    collapse: number
    out: number
    winner: number
    fault: number
    events: number
    tare_g: number
    /** resident memory of the VM process when the game ended */
    rss_mb: number
}

export interface SoakRun {
    games: SoakGame[]
    finished: boolean
    /** VM exceptions (OutOfMemory, InfiniteLoop, panics) */
    errors: string[]
}

function rssMb(pid: number): number {
    try {
        const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
        return m ? Math.round(Number(m[1]) / 102.4) / 10 : 0
    } catch {
        return 0
    }
}

export function runSoak(entry: string, onGame?: (g: SoakGame) => void): Promise<SoakRun> {
    return new Promise(resolve => {
        const child = spawn(process.execPath, ["devs/vm-run.cjs", entry], { cwd: root })
        const run: SoakRun = { games: [], finished: false, errors: [] }
        let buf = ""
        const onData = (d: Buffer) => {
            buf += d.toString()
            const lines = buf.split("\n")
            buf = lines.pop()
            for (const raw of lines) {
                const l = raw.replace(/\x1b\[[0-9;]*m/g, "").replace(/^WASM> /, "")
                if (l.startsWith("SOAKEND")) run.finished = true
                if (/Exception|panic|PANIC/.test(l)) run.errors.push(l.trim())
                if (!l.startsWith("SOAK game")) continue
                const w = l.split(" ")
                const f = (k: string) => Number(w[w.indexOf(k) + 1])
                const g: SoakGame = { game: f("game"), t_h: f("t_h"), placed: f("placed"), collapse: f("collapse"), out: f("out"), winner: f("winner"), fault: f("fault"), events: f("events"), tare_g: f("tare_g"), rss_mb: rssMb(child.pid) }
                run.games.push(g)
                onGame?.(g)
            }
        }
        child.stdout.on("data", onData)
        child.stderr.on("data", onData)
        // stopped (Ctrl-C, a killed npm): the VM goes too (it does not stop on SIGTERM by itself)
        const stop = (sig: NodeJS.Signals) => {
            child.kill("SIGKILL")
            process.exit(sig === "SIGINT" ? 130 : 143)
        }
        process.once("SIGINT", stop)
        process.once("SIGTERM", stop)
        child.on("exit", () => {
            process.removeListener("SIGINT", stop)
            process.removeListener("SIGTERM", stop)
            resolve(run)
        })
    })
}

export function soakTable(run: SoakRun): string {
    const rows = ["| game | game time h | placed | collapse | out | winner | fault | events | tare g | VM RSS MB |", "|---|---|---|---|---|---|---|---|---|---|"]
    for (const g of run.games) rows.push(`| ${g.game} | ${g.t_h} | ${g.placed} | ${g.collapse} | ${g.out} | ${g.winner} | ${g.fault} | ${g.events} | ${g.tare_g} | ${g.rss_mb} |`)
    return rows.join("\n")
}
