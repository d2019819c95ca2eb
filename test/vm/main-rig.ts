// VM suites, group 3 of 4: the firmware on emulated chips: sampler, settings, outputs, faults, a reset
// mid-game (see main.ts for why groups: with the drivers' suites beside it this group's function code
// passed the VM's limit).
import "./hw/rig.test"
