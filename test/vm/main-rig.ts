// VM suites, group 3 of 5: the firmware on emulated chips with a scripted referee: sampler, settings, faults, a new
// game, turn boundaries saved (see main.ts for why groups: with a scripted referee the firmware's image leaves the
// real referee out; the chips' own suites are in group 2, the real referee's reset in group 4).
import "./hw/rig.test"
