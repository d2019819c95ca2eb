/**
 * How often the firmware reads its sensors (src/main.ts FIRMWARE_DEFAULTS), in a module of their own so the host can
 * read them too: `npm start` sets its simulated chips to them on the host (devs/lib/vm-entries.ts)
 */
export const IMU_PERIOD_MS = 10
/** 80 SPS: the NAU7802's default rate (src/hw/nau7802.ts) */
export const LOAD_PERIOD_MS = 12.5
