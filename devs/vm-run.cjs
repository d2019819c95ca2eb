#!/usr/bin/env node
// Runs a DeviceScript program in the CLI's WASM VM the way a device would:
// like `devs run FILE --test --test-self-exit`, but with the VM's GC stress
// mode off, and room in its flash for a large image (below). `--test` always
// turns GC stress on (it makes calls ~10-25x slower); VM test suites keep it,
// long runs (npm start, parity, soak) use this.
//
// How: the CLI attaches `devsGcStress` to the VM module by assignment; an
// inherited no-op accessor on Object.prototype swallows that assignment, so
// the test runner's `inst.devsGcStress(true)` does nothing. Everything else is
// the pinned CLI, unchanged.
//
// usage: node devs/vm-run.cjs FILE.ts [devs run options...]
const path = require("path")
Object.defineProperty(Object.prototype, "devsGcStress", {
    configurable: true,
    get() {
        return () => {}
    },
    set(_v) {},
})
// The simulated device's flash: the DeviceScript manager keeps the program in the settings store there, and the
// WASM VM gives it 128 KB unless the module says otherwise (`Module.flashSize`, which `devs run` never sets). An
// image of more than about 108 KB did not fit: `npm start` with 8 players (its plan text makes a 111 KB image) was
// refused, and the VM ran its empty built-in program, printing nothing, until killed. The same hook gives it 256 KB
// (the largest of 160 eight-player games drawn, a 46 KB entry, makes a 127 KB image). The ESP32's program partition
// is its own: this is the simulator's only.
Object.defineProperty(Object.prototype, "flashSize", {
    configurable: true,
    get() {
        return 256 * 1024
    },
    set(_v) {},
})
const args = process.argv.slice(2)
if (!args.length) {
    console.error("usage: node devs/vm-run.cjs FILE.ts [options]")
    process.exit(2)
}
const rest = args.slice(1)
if (!rest.includes("--test")) rest.push("--test")
if (!rest.includes("--test-self-exit")) rest.push("--test-self-exit")
if (!rest.some(a => a === "-T" || a.startsWith("--test-timeout"))) rest.push("--test-timeout", "3600000")
process.argv = [process.argv[0], "devs", "run", args[0], ...rest]
const cli = require(path.join(__dirname, "..", "node_modules", "@devicescript", "cli", "built", "devicescript-cli.cjs"))
cli.mainCli()
