// `npm run bytes`: a crafted debug file's function code split by source file and by package.
import { test } from "node:test"
import assert from "node:assert/strict"
import { bytesByFile, bytesByPackage, DebugInfo } from "../../../devs/lib/bytes.ts"

// three sources of 10 characters each, laid end to end: boards/x.ts 0-9, src/core/y.ts 10-19, the package's 20-29
const DBG: DebugInfo = {
    sources: [
        { path: "boards/x.ts", text: "0123456789" },
        { path: "src/core/y.ts", text: "0123456789" },
        { path: "node_modules/@devicescript/core/src/z.ts", text: "0123456789" },
    ],
    functions: [
        // module set-up from all three files: pc 100-110 x.ts, 110-125 y.ts, 125-140 z.ts
        { name: "main", startpc: 100, size: 40, location: [2, 5] },
        // declared in x.ts; its first map entry comes 2 bytes in: 140-142 x.ts (its own file), 142-146 y.ts, 146-152 x.ts
        { name: "f", startpc: 140, size: 12, location: [5, 3] },
        // no map entry inside: all to its own file, z.ts
        { name: "g", startpc: 160, size: 8, location: [25, 1] },
    ],
    // [position delta, length, pc delta]: positions 2, 14, 21, 12, 3 at pcs 100, 110, 125, 142, 146
    srcmap: [2, 1, 100, 12, 1, 10, 7, 1, 15, -9, 1, 17, -9, 1, 4],
}

test("function code by source file: each byte to the file of the map entry before it, most first", () => {
    assert.deepEqual(bytesByFile(DBG), [
        { path: "node_modules/@devicescript/core/src/z.ts", bytes: 23 },
        { path: "src/core/y.ts", bytes: 19 },
        { path: "boards/x.ts", bytes: 18 },
    ])
    // every byte of every function is somewhere
    assert.equal(bytesByFile(DBG).reduce((s, f) => s + f.bytes, 0), 40 + 12 + 8)
})

test("function code by package or project folder", () => {
    assert.deepEqual(bytesByPackage(bytesByFile(DBG)), [
        { path: "@devicescript/core", bytes: 23 },
        { path: "src/core", bytes: 19 },
        { path: "boards", bytes: 18 },
    ])
})

test("a file that is not a DeviceScript debug file is an error that says what is missing", () => {
    assert.throws(() => bytesByFile({ ...DBG, srcmap: [1, 2] }), /source map of triples/)
    assert.throws(() => bytesByFile({ sources: [] } as unknown as DebugInfo), /not a DeviceScript debug file/)
})
