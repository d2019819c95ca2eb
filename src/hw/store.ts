/**
 * Key-value storage for calibration, configuration and the game snapshot:
 * DeviceScript settings in flash on the device (FlashStore, in device-io.ts),
 * memory in tests and the simulated rig (which can make it full or corrupt
 * what it holds). Keys <= 13 characters, values up
 * to STORE_MAX_VALUE bytes: flash settings are small and wear out, so the
 * firmware writes rarely (turn boundaries, menu changes).
 */
export const STORE_MAX_KEY = 13
export const STORE_MAX_VALUE = 200

export interface KvStore {
    /** the stored text, or undefined */
    get(key: string): Promise<string>
    /** throws when the key or value is too long or the store is full */
    set(key: string, value: string): Promise<void>
    delete(key: string): Promise<void>
}

export function checkEntry(key: string, value: string) {
    if (key.length > STORE_MAX_KEY) throw new RangeError("settings key '" + key + "' is longer than " + STORE_MAX_KEY)
    if (value.length > STORE_MAX_VALUE) throw new RangeError("settings value for '" + key + "' is " + value.length + " bytes, over " + STORE_MAX_VALUE)
}

export class MemoryStore implements KvStore {
    data: { [k: string]: string } = {}
    /** writes that happened (flash wear) */
    writes = 0
    /** when true, every write fails like a full flash partition */
    full = false

    async get(key: string): Promise<string> {
        return this.data[key]
    }
    async set(key: string, value: string) {
        checkEntry(key, value)
        if (this.full) throw new Error("settings store full")
        this.writes++
        this.data[key] = value
    }
    async delete(key: string) {
        delete this.data[key]
    }
}
