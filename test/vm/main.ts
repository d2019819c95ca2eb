// The one entry file of the VM suites: `devs run test/vm/main.ts --test --test-self-exit`.
// Import every @devicescript/test suite here.
import "./filters.test"
import "./trace.test"
import "./telemetry.test"
import "./rules.test"
import "./hw/drivers.test"
import "./sim.test"
import "./hw/rig.test"
import "./signal.test"
