/**
 * The benchmark's cases: where they come from (a folder of traces with
 * `*.truth.json`, or the simulator in-process) and how one is run and scored.
 * Runs in the worker threads (bench-worker.ts) and in-process for tests.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { basename, join } from "node:path"
import { GameConfig } from "../../src/core/referee/types.ts"
import { Truth } from "../../src/sim/truth.ts"
import { CaseScore, matchCase } from "./match.ts"
import { SampleBuffer } from "./sample-buffer.ts"
import { readTrace, readTruth } from "./trace-file.ts"

/** a recorded or previously simulated trace on disk */
export interface FileJob {
    source: "file"
    id: string
    csv: string
    truth: string
    category: string
}

export type CaseJob = FileJob

export interface CaseResult {
    id: string
    category: string
    difficulty: string
    score: CaseScore
    events: number
}

/** a case ready to replay: its samples, configuration and truth */
export interface LoadedCase {
    config: GameConfig
    samples: SampleBuffer
    truth: Truth
}

async function loadFile(job: FileJob): Promise<LoadedCase> {
    const samples = new SampleBuffer()
    const info = await readTrace(job.csv, s => samples.push(s))
    return { config: info.config, samples, truth: readTruth(job.truth) }
}

/** replay one case through the referee (timed) and score it against its truth */
export async function runCase(job: CaseJob): Promise<CaseResult> {
    const c = await loadFile(job)
    const r = c.samples.replay(c.config)
    const m = matchCase(r.events, c.truth, job.category, c.samples.lastT_ms())
    m.score.referee_ms = r.referee_ms
    return { id: job.id, category: job.category, difficulty: c.config.difficulty, score: m.score, events: r.events.length }
}

/**
 * The cases of a folder: DIR/index.json's list when there is one (the
 * simulator writes it: `cases[].file` or `.id`, `.category`), else every
 * `*.csv` with a `*.truth.json` beside it (category from the truth's `case`,
 * else "recorded").
 */
export function dirJobs(dir: string): FileJob[] {
    if (!existsSync(dir)) throw new Error(`${dir}: no such folder`)
    const index = join(dir, "index.json")
    const names: { id: string; category: string | null }[] = []
    if (existsSync(index)) {
        const list = JSON.parse(readFileSync(index, "utf8"))
        const cases: any[] = Array.isArray(list) ? list : list.cases
        if (!Array.isArray(cases)) throw new Error(`${index}: expected a "cases" array`)
        for (const c of cases) names.push({ id: basename(String(c.file ?? c.id), ".csv"), category: c.category ?? null })
    } else {
        for (const f of readdirSync(dir).sort()) if (f.endsWith(".csv")) names.push({ id: basename(f, ".csv"), category: null })
    }
    const jobs: FileJob[] = []
    for (const n of names) {
        const truth = join(dir, n.id + ".truth.json")
        if (!existsSync(truth)) continue
        const category = n.category ?? readTruth(truth).case?.["category"] ?? "recorded"
        jobs.push({ source: "file", id: n.id, csv: join(dir, n.id + ".csv"), truth, category })
    }
    return jobs
}
