/**
 * `npm run soak`: the long soak, 8 hours of game time (test/soak/long.ts) on
 * the virtual clock in a device-like VM run; prints one row per game (cards,
 * calls, tare, the VM's resident memory) and any VM exception. Exit 1 on an
 * exception or an unfinished run; Ctrl-C stops the VM too.
 */
import { Command } from "commander"
import { runSoak, soakTable } from "../test/soak/run.ts"

new Command()
    .name("npm run soak")
    .description("the long soak: 8 hours of game time on the firmware in the VM (about 20 minutes on 2 cores); one row per game, exit 1 on a VM exception")
    .parse()

const t0 = Date.now()
const run = await runSoak("test/soak/long.ts", g => process.stderr.write(`\rsoak: game ${g.game}, ${g.t_h} h of game time, VM RSS ${g.rss_mb} MB   `))
process.stderr.write("\n")
console.log(soakTable(run))
console.log(`${run.games.length} games in ${Math.round((Date.now() - t0) / 1000)} s; ${run.finished ? "finished" : "NOT finished"}; exceptions: ${run.errors.join("; ") || "none"}`)
process.exit(run.finished && run.errors.length === 0 ? 0 : 1)
