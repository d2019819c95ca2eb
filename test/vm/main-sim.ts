// VM suites, group 3 of 3: the portable rig simulator in the VM (see main.ts for why groups).
import "./sim.test"
