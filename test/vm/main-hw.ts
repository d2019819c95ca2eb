// VM suites, group 2 of 5: the drivers against fake buses and emulated chips (see main.ts for why groups).
import "./hw/drivers.test"
import "./hw/chips.test"
