#!/usr/bin/env node
// Test set-up, run first by `npm test`: Debian packages the tests need.
// Idempotent: a package whose binary already exists is skipped. Runs as root
// in CI; another user needs passwordless sudo (`sudo -n`: it never prompts).
// `apt-get update` runs once, only when something must be installed.
import { existsSync } from "node:fs"
import { spawnSync } from "node:child_process"

// [binary that proves the package is installed, Debian package, what needs it]
const NEEDS = [
    ["/usr/bin/chromium", "chromium", "the report's browser test (playwright-core)"],
    ["/usr/bin/socat", "socat", "the logger's pseudo-terminal test (test/node/telemetry)"],
]

const missing = NEEDS.filter(([bin]) => !existsSync(bin))
for (const [bin, pkg] of NEEDS) if (existsSync(bin)) console.log(`setup: ${pkg} present (${bin})`)
if (missing.length > 0) {
    // root runs apt-get itself; anyone else through passwordless sudo (-n: fail at once rather than ask)
    const asRoot = typeof process.getuid !== "function" || process.getuid() === 0 ? [] : ["sudo", "-n"]
    const pkgs = missing.map(([, pkg]) => pkg)
    const sh = (args) => {
        const cmd = [...asRoot, ...args]
        console.log("setup: " + cmd.join(" "))
        const r = spawnSync(cmd[0], cmd.slice(1), { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } })
        if (r.status !== 0) {
            console.error(`setup: ${cmd.join(" ")} failed (exit ${r.status}${r.error ? ", " + r.error.message : ""})`)
            console.error(`setup: install the Debian packages ${pkgs.join(" ")} once (as root: apt-get install ${pkgs.join(" ")}), then run npm test again`)
            process.exit(1)
        }
    }
    for (const [, pkg, why] of missing) console.log(`setup: installing ${pkg}, needed by ${why}`)
    sh(["apt-get", "update", "-q"])
    sh(["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-q", "-o", "DPkg::Lock::Timeout=600", "--no-install-recommends", ...pkgs])
    for (const [bin, pkg] of missing) if (!existsSync(bin)) {
        console.error(`setup: ${pkg} installed but ${bin} is missing`)
        process.exit(1)
    }
}
