/**
 * A worker thread's entry as one plain ES module, bundled by esbuild, so the thread loads no TypeScript.
 *
 * Under tsx on Node 20 a worker thread inherits tsx's `--import` and registers module-loader hooks of its own to
 * load TypeScript, and a worker once stayed idle in its start-up for good (pool.ts). A bundle needs no hooks: the
 * worker starts with no tsx at all (pool.ts gives it its own execArgv).
 *
 * Each source file's import.meta.url and import.meta.dirname are fixed to where that file is, as if it had been
 * loaded itself (devs/lib/real-data.ts finds the recordings so). The bundle ends by posting { ready: true }: the
 * pool feeds a worker only then. It is written to a fresh folder under the system's temporary one, with an inline
 * source map (with --enable-source-maps, errors name the TypeScript files and lines); the caller removes it (a
 * run killed midway leaves its folder, about 200 KB).
 */
import { build, Plugin } from "esbuild"
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { basename, dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

/** each TypeScript file's import.meta.url / dirname as the literal of where it is */
const metaUrl: Plugin = {
    name: "import-meta-url",
    setup(b) {
        b.onLoad({ filter: /\.[cm]?ts$/ }, async args => {
            const text = await readFile(args.path, "utf8")
            const contents = text.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)).replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
            return { contents, loader: "ts" }
        })
    },
}

/** a worker module on disk: where it is, and how to remove it */
export interface WorkerModule {
    url: URL
    remove: () => Promise<void>
}

/** the worker module for `entry` (a TypeScript file): it loads the entry, then posts { ready: true } */
export async function workerModule(entry: URL): Promise<WorkerModule> {
    const path = fileURLToPath(entry)
    // imports run in order: the entry (and any top-level await in it) first, then the ready message
    const main = [`import ${JSON.stringify(path)}`, `import { parentPort } from "node:worker_threads"`, `parentPort.postMessage({ ready: true })`, ""].join("\n")
    const r = await build({
        stdin: { contents: main, resolveDir: dirname(path), sourcefile: "worker-ready.js", loader: "js" },
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        sourcemap: "inline",
        write: false,
        logLevel: "silent",
        plugins: [metaUrl],
    })
    const dir = await mkdtemp(join(tmpdir(), "librium-worker-"))
    const file = join(dir, basename(path).replace(/\.[cm]?ts$/, "") + ".mjs")
    await writeFile(file, r.outputFiles[0].contents)
    return { url: pathToFileURL(file), remove: () => rm(dir, { recursive: true, force: true }) }
}
