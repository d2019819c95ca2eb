// Port discovery from a fake sysfs tree laid out like Linux's (symlinked
// `device` dirs; idVendor one level up for CDC-ACM, two for USB-serial bridges).
import { test } from "node:test"
import assert from "node:assert/strict"
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { scratchDir } from "../scratch.ts"
import { join } from "node:path"
import { findPortsInSysfs } from "../../../devs/lib/serial-find.ts"

test("finds an ESP32-C3 (ttyACM, 303a) and a CH340 (ttyUSB, 1a86), skips other vendors and non-USB ttys", () => {
    const root = scratchDir("librium-sysfs-")
    const dev = (usb: string, vid: string, iface: string, ttyDepth: boolean) => {
        const usbDir = join(root, "devices", usb)
        mkdirSync(join(usbDir, iface, ttyDepth ? "ttyUSBx" : ""), { recursive: true })
        writeFileSync(join(usbDir, "idVendor"), vid + "\n")
        return join(usbDir, iface, ttyDepth ? "ttyUSBx" : "")
    }
    const cls = join(root, "class", "tty")
    const link = (name: string, target: string) => {
        mkdirSync(join(cls, name), { recursive: true })
        symlinkSync(target, join(cls, name, "device"))
    }
    link("ttyACM0", dev("1-1", "303a", "1-1:1.0", false))
    link("ttyUSB0", dev("1-2", "1A86", "1-2:1.0", true))
    link("ttyACM1", dev("1-3", "2341", "1-3:1.0", false)) // an Arduino: not ours
    mkdirSync(join(cls, "ttyS0"), { recursive: true }) // a UART with no USB parent
    const found = findPortsInSysfs(cls, "/dev")
    assert.deepEqual(
        found.map(f => [f.path, f.vendorId]),
        [["/dev/ttyACM0", "303a"], ["/dev/ttyUSB0", "1a86"]],
    )
    assert.deepEqual(findPortsInSysfs(join(root, "nothing")), [])
})
