// VM suites, group 2 of 3: drivers, sampler, settings and outputs against fake buses (see main.ts for why groups).
import "./hw/drivers.test"
import "./hw/rig.test"
