/**
 * The parity program: deterministic input sequences through the core, one
 * output line per step. Run in the DeviceScript VM (test/parity/main.ts) and
 * in Node (test/node/parity.test.ts); the two transcripts must be identical.
 * Portable code only (it is compiled by the DeviceScript compiler too).
 *
 * Each module under test registers a `ParityCase`; `runChunk` advances all of
 * them by a bounded number of steps so the VM can yield between chunks.
 */
import { fmtNum } from "../../src/core/num"
import { Rng } from "../../src/core/rand"
import { Biquad, Ema, RunningMedian } from "../../src/core/signal/filters"
import { Sample } from "../../src/core/sample"
import { formatEvent, formatRow } from "../../src/core/trace"
import { LineQueue, RowGate, telemetryEvent, telemetryRow } from "../../src/core/telemetry-format"
import { RandomGames } from "./rules-script"
import { refereeCase, signalsCase } from "./signal-cases"
import { ParityCase } from "./run"


function filtersCase(): ParityCase {
    const rng = new Rng(42)
    const ema = new Ema({ tau_ms: 150 })
    const bq = new Biquad({ b0: 0.0201, b1: 0.0402, b2: 0.0201, a1: -1.561, a2: 0.6414 })
    const med = new RunningMedian({ window: 7 })
    let t = 0
    return {
        name: "filters",
        steps: 3000,
        step: (i: number) => {
            t += 10 + rng.range(-2, 2)
            let x = 100 * rng.gauss() + (i > 1500 ? 250 : 0)
            if (rng.chance(0.02)) x += 1 << 21
            const a = ema.update(t, x)
            const b = bq.update(x)
            const c = med.update(x)
            return [i, fmtNum(t, 3), fmtNum(a, 6), fmtNum(b, 6), fmtNum(c, 6)].join(" ")
        },
    }
}

function traceCase(): ParityCase {
    const rng = new Rng(7)
    const s = new Sample()
    return {
        name: "trace",
        steps: 1000,
        step: (i: number) => {
            s.clear(i * 7.25)
            if (rng.chance(0.7)) s.setImu(rng.gauss() * 0.1, rng.gauss() * 0.1, 1 + rng.gauss() * 0.01, rng.gauss() * 50, rng.gauss() * 50, rng.gauss() * 5)
            if (rng.chance(0.5)) s.setLoad(1234.5 + rng.gauss() * 300)
            const row = formatRow(s, 1)
            const ev = formatEvent({ t_ms: s.t_ms, type: "placed", player: 1 + (i % 8), cards: i, delta_g: rng.gauss() * 10 })
            return row + " " + ev
        },
    }
}

function telemetryCase(): ParityCase {
    const rng = new Rng(11)
    const s = new Sample()
    const gate = new RowGate("decimated", 3)
    const q = new LineQueue(16)
    let seq = 0
    return {
        name: "telemetry",
        steps: 600,
        step: (i: number) => {
            s.clear(i * 9.6)
            s.setImu(rng.gauss() * 0.2, rng.gauss() * 0.2, 1 + rng.gauss() * 0.02, rng.gauss() * 80, rng.gauss() * 80, rng.gauss() * 8)
            if (rng.chance(0.01)) s.input = "next"
            if (gate.pass(s)) q.pushRow(telemetryRow(s, ++seq))
            if (rng.chance(0.05)) q.pushOther(telemetryEvent({ t_ms: s.t_ms, type: "touch", player: 1 + (i % 8), swing_dps: rng.gauss() * 100, detector: "gyro_jolt_without_load_step" }))
            // one printed line per step (the VM cuts lines at 150 characters)
            const line = rng.chance(0.25) ? q.shift() : null // slower than lines come in: the queue fills and drops rows
            return line === null ? "" : line + " q" + q.size() + " d" + q.droppedRows
        },
    }
}

/** random games through the rules engine (test/parity/rules-script.ts), one event line per step */
function rulesCase(): ParityCase {
    const games = new RandomGames(new Rng(23))
    return { name: "rules", steps: 1500, step: (i: number) => games.nextLine() }
}

/** the core's cases (test/parity/main.ts); the simulator's rows (sim-case.ts) and whole games (games-case.ts) have their own images (main-simrows.ts, main-sim.ts): one image holding them all passed the VM's code limit */
export const PARITY_CASES: (() => ParityCase)[] = [filtersCase, traceCase, telemetryCase, rulesCase, signalsCase, refereeCase]
