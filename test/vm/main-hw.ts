// VM suites, group 2 of 4: the drivers against fake buses (see main.ts for why groups).
import "./hw/drivers.test"
