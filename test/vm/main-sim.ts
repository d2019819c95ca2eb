// VM suites, group 4 of 4: the portable rig simulator in the VM (see main.ts for why groups).
import "./sim.test"
