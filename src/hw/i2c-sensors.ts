/**
 * The sensors on an I2C bus, as the device wires them: the IMU found by
 * probing, the NAU7802 at 0x2A. Its own module, shared by the device's rig
 * (devicerig.ts) and the VM tests' rig on emulated chips, which must not
 * import devicerig.ts: that brings the device's own adapters (device-io.ts)
 * and what they import into the image.
 */
import { LoadSensor } from "../main"
import { I2C } from "./bus"
import { Clock } from "./clock"
import { ImuDriver } from "./imu"
import { NAU_DEFAULTS, Nau7802Driver } from "./nau7802"
import { SensorDriver } from "./sensor"

/** the sensors on an I2C bus: the IMU found by probing, the NAU7802 at 0x2A (calibration set at boot) */
export function i2cSensors(bus: I2C, clock: Clock): { imu: SensorDriver; load: LoadSensor } {
    const delay = async (ms: number) => {
        await clock.sleep(ms)
    }
    return { imu: new ImuDriver(bus, delay), load: new Nau7802Driver(bus, delay, { offset_counts: 0, counts_per_kg: 1 }, NAU_DEFAULTS) }
}
