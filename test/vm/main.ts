// VM suites, group 1 of 5: the pure core. `npm test` runs every test/vm/main*.ts
// entry with `devs run ENTRY --test --test-self-exit`.
// Why several entries: the DeviceScript VM refuses a program whose function
// code reaches 64 KB (bytecode verifier check 1051), and all suites together
// pass that. Group suites so each entry stays well below it (npm test prints sizes).
import "./filters.test"
import "./trace.test"
import "./telemetry.test"
import "./rules.test"
import "./signal.test"
