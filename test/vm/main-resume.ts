// VM suites, group 4 of 5: the firmware on emulated chips with the real referee, a reset mid-game (see main.ts
// for why groups: the firmware and its referee are most of the VM's 64 KB of function code, so this group holds
// nothing else).
import "./hw/resume.test"
