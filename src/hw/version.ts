/** the firmware's version, in the telemetry's hello line (a module of its own: the simulated rig of `npm start` reads it without the device's drivers) */
export const FIRMWARE_VERSION = "0.1.0"
