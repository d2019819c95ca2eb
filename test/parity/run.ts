/**
 * The parity runner: advances the cases in turn by a bounded number of steps,
 * so the VM can yield between chunks (test/parity/program.ts says more).
 */
export interface ParityCase {
    name: string
    steps: number
    /** run step i, return one line of output ("" for none) */
    step(i: number): string
}

export class ParityRun {
    /** the cases to run, in order */
    private cases: (() => ParityCase)[]
    /** the case running now; made when it starts and dropped when it ends (the VM's heap is small) */
    private current: ParityCase = null
    private ci = 0
    private i = 0
    constructor(cases: (() => ParityCase)[]) {
        this.cases = cases
    }
    /** runs up to `budget` steps; returns false when everything is done */
    runChunk(budget: number, emit: (line: string) => void): boolean {
        while (budget > 0 && this.ci < this.cases.length) {
            if (this.current === null) {
                this.current = this.cases[this.ci]()
                emit("case " + this.current.name)
            }
            const c = this.current
            // a step may return several lines joined by "\n" (the VM cuts long printed lines)
            const text = c.step(this.i)
            if (text.length > 0) {
                const lines = text.split("\n")
                for (let k = 0; k < lines.length; k++) emit(lines[k])
            }
            this.i++
            budget--
            if (this.i >= c.steps) {
                this.ci++
                this.i = 0
                this.current = null
            }
        }
        return this.ci < this.cases.length
    }
}
