/**
 * A large trace made on the fly into a named pipe (nothing on disk), read by
 * `devs/replay.ts` as a child process whose resident memory is sampled from
 * /proc while it runs. The trace is the rig at rest (noise, the load at half
 * the IMU rate) and its LAST line is cut: the replay must stream all of it,
 * then name that line (exit 2, one line on stderr, nothing on stdout).
 */
import { spawn, spawnSync } from "node:child_process"
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Rng } from "../../../src/core/rand.ts"
import { fmtNum } from "../../../src/core/num.ts"

const root = new URL("../../..", import.meta.url).pathname

export interface BigReplay {
    ok: boolean
    /** what was wrong when not ok */
    problem: string
    code: number
    stderr: string
    /** lines written, the cut one included (it is the line the error must name) */
    lines: number
    maxRss: number
    seconds: number
}

function rssOf(pid: number): number {
    try {
        const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
        return m ? Number(m[1]) * 1024 : 0
    } catch {
        return 0
    }
}

/** row bodies after t_ms: the rig at rest with noise, the load on every other row */
function restBodies(n: number): string[] {
    const rng = new Rng(11)
    const out: string[] = []
    for (let i = 0; i < n; i++) {
        const imu = [0.01 + rng.gauss() * 0.002, -0.02 + rng.gauss() * 0.002, 0.999 + rng.gauss() * 0.002].map(v => fmtNum(v, 4))
        const gyro = [rng.gauss() * 0.1, rng.gauss() * 0.1, rng.gauss() * 0.1].map(v => fmtNum(v, 3))
        out.push("," + [...imu, ...gyro, i % 2 === 0 ? fmtNum(512.5 + rng.gauss() * 0.3, 2) : "", ""].join(","))
    }
    return out
}

/** streams about `bytes` of trace into a replay; `onProgress(fractionWritten, rss)` now and then */
export async function replayBigTrace(bytes: number, onProgress?: (done: number, rss: number) => void): Promise<BigReplay> {
    const dir = mkdtempSync(join(tmpdir(), "bigtrace-"))
    const fifo = join(dir, "big.csv")
    spawnSync("mkfifo", [fifo])
    const t0 = Date.now()
    const child = spawn(process.execPath, ["--import", "tsx", "devs/replay.ts", fifo], { cwd: root, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", d => (stdout += d))
    child.stderr.on("data", d => (stderr += d))
    let maxRss = 0
    let written = 0
    const poll = setInterval(() => {
        maxRss = Math.max(maxRss, rssOf(child.pid))
        onProgress?.(written / bytes, maxRss)
    }, 100)
    const exited = new Promise<number>(resolve => child.on("exit", code => resolve(code ?? -1)))

    const out = createWriteStream(fifo)
    const bodies = restBodies(997)
    let lines = 2
    let t_ms = 0
    const write = (s: string) => new Promise<void>(resolve => (out.write(s) ? resolve() : out.once("drain", resolve)))
    await write('# {"format":"librium-trace","version":1,"players":4,"difficulty":"hard","cards":40,"source":"fuzz big trace"}\nt_ms,ax_g,ay_g,az_g,gx_dps,gy_dps,gz_dps,load_g,input\n')
    while (written < bytes) {
        const chunk: string[] = []
        for (let i = 0; i < 2000; i++) {
            t_ms += 10
            chunk.push(t_ms + bodies[t_ms % bodies.length])
        }
        const text = chunk.join("\n") + "\n"
        written += text.length
        lines += chunk.length
        try {
            await write(text)
        } catch {
            break
        }
    }
    lines++
    await new Promise<void>(resolve => out.end(`${t_ms + 10},0.01,-0.0`, () => resolve()))
    const code = await exited
    clearInterval(poll)
    rmSync(dir, { recursive: true, force: true })
    const seconds = (Date.now() - t0) / 1000
    const problems: string[] = []
    if (code !== 2) problems.push(`exit code ${code}, want 2`)
    if (stdout !== "") problems.push("stdout is not empty")
    const errLines = stderr.trim().split("\n")
    if (errLines.length !== 1) problems.push(`stderr has ${errLines.length} lines, want 1`)
    const want = `replay: ${fifo}: line ${lines}: expected 9 cells, found 3`
    if (!errLines[0].startsWith(want)) problems.push(`stderr "${errLines[0].slice(0, 300)}", want "${want}"`)
    return { ok: problems.length === 0, problem: problems.join("; "), code, stderr, lines, maxRss, seconds }
}
