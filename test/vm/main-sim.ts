// VM suites, group 5 of 5: the portable rig simulator in the VM (see main.ts for why groups).
import "./sim.test"
