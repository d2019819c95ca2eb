// VM suites, group 3 of 4: the firmware on emulated chips: sampler, settings, faults, a new game, a reset
// mid-game (see main.ts for why groups: the firmware alone is most of the VM's 64 KB of function code, so the
// chips' own suites are in group 2).
import "./hw/rig.test"
