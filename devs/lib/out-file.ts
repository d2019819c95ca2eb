/**
 * Output files of the host tools: a file's folder must be there before a long run, not found missing after it
 * (bench --json/--misses/--latency, report --out). The tools refuse at once, naming it; they never create it.
 */
import { existsSync } from "node:fs"
import { dirname } from "node:path"

/** what is wrong with writing `file` (given as `flag`): its folder is missing; null when nothing is */
export function outFolderProblem(flag: string, file: string): string | null {
    return existsSync(dirname(file)) ? null : `${flag} ${file}: no folder ${dirname(file)}`
}
