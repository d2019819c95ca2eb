/**
 * Finds the referee's serial port by USB vendor id. serialport's list() needs
 * udevadm (absent on minimal systems), so the Linux sysfs tree is read as a
 * fallback: /sys/class/tty/NAME/device/../idVendor (CDC-ACM, the ESP32-C3's
 * own USB) or ../../idVendor (USB-serial bridges).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

/** USB vendor ids of the boards' USB links */
export const USB_VENDORS: { [vid: string]: string } = {
    "303a": "Espressif native USB (ESP32-C3/S3)",
    "10c4": "Silicon Labs CP210x",
    "1a86": "WCH CH340",
}

export interface FoundPort {
    path: string
    vendorId: string
    what: string
}

/** ports under a sysfs tty class dir whose USB vendor id is one of ours */
export function findPortsInSysfs(ttyClassDir = "/sys/class/tty", devDir = "/dev"): FoundPort[] {
    if (!existsSync(ttyClassDir)) return []
    const out: FoundPort[] = []
    for (const name of readdirSync(ttyClassDir).sort()) {
        // `device` is a symlink: the ".." must be resolved by the kernel, not by path.join
        for (const up of ["..", "../.."]) {
            const f = `${ttyClassDir}/${name}/device/${up}/idVendor`
            if (!existsSync(f)) continue
            const vid = readFileSync(f, "utf8").trim().toLowerCase()
            if (USB_VENDORS[vid]) out.push({ path: join(devDir, name), vendorId: vid, what: USB_VENDORS[vid] })
            break
        }
    }
    return out
}

/** ours among serialport's list() (empty when it cannot list) */
export async function findPortsWithSerialport(): Promise<FoundPort[]> {
    try {
        const { SerialPort } = await import("serialport")
        const ports = await SerialPort.list()
        return ports
            .filter(p => p.vendorId && USB_VENDORS[p.vendorId.toLowerCase()])
            .map(p => ({ path: p.path, vendorId: p.vendorId.toLowerCase(), what: USB_VENDORS[p.vendorId.toLowerCase()] }))
    } catch {
        return []
    }
}

export async function findPorts(): Promise<FoundPort[]> {
    const listed = await findPortsWithSerialport()
    return listed.length > 0 ? listed : findPortsInSysfs()
}
