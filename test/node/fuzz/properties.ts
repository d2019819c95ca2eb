/**
 * The host-path properties, shared by the Node tests (fixed seed, few runs)
 * and `npm run fuzz` (fresh seeds, as many runs as time allows). Each one is
 * a fast-check property over generated bad input: a clear error naming the
 * right place, or the input skipped and counted, and never a crash.
 */
import fc from "fast-check"
import { Sample } from "../../../src/core/sample.ts"
import { formatRow, TraceReader } from "../../../src/core/trace.ts"
import { Rules } from "../../../src/core/referee/rules.ts"
import { DIFFICULTIES, GameConfig } from "../../../src/core/referee/types.ts"
import { LogCleaner, LineKind } from "../../../devs/lib/logparse.ts"
import { fakeDevice } from "../telemetry/fake-device.ts"
import { mutatedTraceArb, readLines } from "./traces.ts"

export interface NamedProperty {
    name: string
    property: fc.IRawProperty<any>
}

/**
 * The settings decoders of the firmware (src/hw/persist.ts). Imported by a
 * computed path: its @devicescript imports are types only, harmless in Node,
 * but tsc would pull the DeviceScript typings into the Node type-check.
 */
interface Persist {
    KEY_CAL: string
    KEY_CFG: string
    KEY_GAME: string
    decodeCal(t: string): { offset_counts: number; counts_per_kg: number }
    decodeCfg(t: string): GameConfig
    loadStored(store: any): Promise<{ cal: { offset_counts: number; counts_per_kg: number }; cfg: GameConfig; game: string; warnings: string[] }>
    resumeGame(ref: any, snap: string, warnings: string[]): boolean
}
const PERSIST_PATH: string = "../../../src/hw/persist.ts"
const { KEY_CAL, KEY_CFG, KEY_GAME, decodeCal, decodeCfg, loadStored, resumeGame } = (await import(PERSIST_PATH)) as Persist

const readerMutations = fc.property(mutatedTraceArb, ({ good, m }) => {
    const base = readLines(good.lines)
    if (base.error) throw new Error("the generated good trace does not read: " + base.error.message)
    const got = readLines(m.lines)
    if (m.expect === "accept") {
        if (got.error) throw new Error(`${m.name}: must be accepted, got "${got.error.message}"`)
        if (got.samples.join("\n") !== base.samples.join("\n")) throw new Error(`${m.name}: samples differ from the unchanged trace`)
        return
    }
    if (!got.error) throw new Error(`${m.name}: accepted, but line ${m.expect} is malformed`)
    if (got.error.line !== m.expect || !got.error.message.startsWith(`line ${m.expect}: `))
        throw new Error(`${m.name}: the error must name line ${m.expect}, got "${got.error.message.slice(0, 200)}"`)
    // every row before the bad line came out as in the good trace
    const before = base.samples.slice(0, got.samples.length)
    if (got.samples.join("\n") !== before.join("\n")) throw new Error(`${m.name}: rows before the bad line changed`)
})

const sampleArb = fc.record({
    t: fc.integer({ min: 0, max: 86400000 }),
    imu: fc.option(fc.tuple(fc.double({ min: -16, max: 16, noNaN: true }), fc.double({ min: -16, max: 16, noNaN: true }), fc.double({ min: -16, max: 16, noNaN: true }), fc.double({ min: -2000, max: 2000, noNaN: true }), fc.double({ min: -2000, max: 2000, noNaN: true }), fc.double({ min: -2000, max: 2000, noNaN: true })), { nil: null }),
    load: fc.option(fc.double({ min: -100000, max: 100000, noNaN: true }), { nil: null }),
    input: fc.constantFrom("", "start", "next", "mode"),
})

/** what the firmware prints, the strict reader reads back to print precision (0.1 mg, 1 mdps, 10 mg) */
const rowRoundTrip = fc.property(fc.array(sampleArb, { minLength: 1, maxLength: 30 }), smps => {
    const s = new Sample()
    const r = new TraceReader()
    r.line('# {"format":"librium-trace","version":1,"players":2,"difficulty":"easy","cards":30}')
    r.line("t_ms,ax_g,ay_g,az_g,gx_dps,gy_dps,gz_dps,load_g,input")
    const sorted = smps.slice().sort((a, b) => a.t - b.t)
    for (const x of sorted) {
        s.clear(x.t)
        if (x.imu) s.setImu(x.imu[0], x.imu[1], x.imu[2], x.imu[3], x.imu[4], x.imu[5])
        if (x.load !== null) s.setLoad(x.load)
        s.input = x.input
        if (!r.line(formatRow(s, 0))) throw new Error("a formatted row produced no sample")
        const g = r.sample
        const near = (a: number, b: number, eps: number, what: string) => {
            if (!(Math.abs(a - b) <= eps)) throw new Error(`${what}: wrote ${b}, read ${a}`)
        }
        near(g.t_ms, x.t, 0, "t_ms")
        if (g.hasImu !== !!x.imu || g.hasLoad !== (x.load !== null) || g.input !== x.input) throw new Error("presence or input changed")
        if (x.imu) [g.ax_g, g.ay_g, g.az_g].forEach((v, i) => near(v, x.imu[i], 0.5e-4 + 1e-12, "accel"))
        if (x.imu) [g.gx_dps, g.gy_dps, g.gz_dps].forEach((v, i) => near(v, x.imu[i + 3], 0.5e-3 + 1e-9, "gyro"))
        if (x.load !== null) near(g.load_g, x.load, 0.5e-2 + 1e-9, "load")
    }
})

/** device-log damage with a known effect on the logger's output and counters */
type Damage = { kind: "noise" | "overlong" | "crlf" | "drop"; at: number; text: string }
const damageArb = fc.record({
    kind: fc.constantFrom("noise", "overlong", "crlf", "drop"),
    at: fc.nat(),
    text: fc.string({ minLength: 1, maxLength: 60, unit: "binary" }),
}) as fc.Arbitrary<Damage>

function cleanAll(lines: string[]) {
    const c = new LogCleaner()
    const files: string[][] = []
    const events: string[] = []
    const kinds: { [k in LineKind]?: number } = {}
    for (const l of lines) {
        const r = c.line(l)
        kinds[r.kind] = (kinds[r.kind] ?? 0) + 1
        if (r.newSession) files.push([...r.newSession])
        if (r.kind === "row") files[files.length - 1].push(r.out)
        if (r.kind === "event") events.push(r.out)
    }
    return { c, files, events, kinds }
}

/** every file the logger writes is a trace the strict reader (and so `npm run replay`) accepts */
function assertReadable(files: string[][]) {
    for (const f of files) {
        const got = readLines(f)
        if (got.error) throw new Error("the logger wrote a trace the reader rejects: " + got.error.message)
    }
}

const loggerKnownDamage = fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(damageArb, { maxLength: 25 }), (seed, damage) => {
    const dev = fakeDevice(seed, 150, 60)
    const stream = [...dev.before, ...dev.after]
    const base = cleanAll(stream)
    const rowSet = new Set(dev.rows)
    // rows that can go missing and be seen missing: not the first or last row of the stream
    const rowAt = stream.map((l, i) => (rowSet.has(l) ? i : -1)).filter(i => i >= 0).slice(1, -1)
    const lines = stream.slice()
    const dropped = new Set<number>()
    let noise = 0
    let overlong = 0
    for (const d of damage) {
        if (d.kind === "crlf") {
            const i = d.at % lines.length
            if (!lines[i].endsWith("\r")) lines[i] += "\r"
        } else if (d.kind === "drop") dropped.add(rowAt[d.at % rowAt.length])
        else if (d.kind === "noise") {
            // binary noise: at least one byte the link never prints
            lines[d.at % lines.length] += "\n" + "\u0007" + d.text.replace(/[\r\n]/g, "")
            noise++
        } else {
            lines[d.at % lines.length] += "\n" + "9,".repeat(80) + d.text.length
            overlong++
        }
    }
    // a dropped row goes, the noise appended after it stays
    const fed = lines.flatMap((l, i) => l.split("\n").slice(dropped.has(i) ? 1 : 0))
    const got = cleanAll(fed)
    assertReadable(got.files)
    const total = Object.values(got.kinds).reduce((a, b) => a + b, 0)
    if (total !== fed.length) throw new Error(`${fed.length} lines in, ${total} classified`)
    const want = { ...base.c.stats, rows: base.c.stats.rows - dropped.size, lost: base.c.stats.lost + dropped.size, garbage: base.c.stats.garbage + noise, cut: base.c.stats.cut + overlong }
    if (JSON.stringify(got.c.stats) !== JSON.stringify(want)) throw new Error(`counters ${JSON.stringify(got.c.stats)}, want ${JSON.stringify(want)}`)
    const keptRows = base.files[0].filter(l => !dropped.has(stream.indexOf(l)))
    if (got.files.length !== 1 || got.files[0].join("\n") !== keptRows.join("\n")) throw new Error("the trace written differs from the rows that arrived")
    if (got.events.join("\n") !== base.events.join("\n")) throw new Error("the events written differ")
})

/** anything at all on the link: the cleaner never throws, counts every line, writes only readable traces */
const loggerChaos = fc.property(
    fc.integer({ min: 1, max: 1e6 }),
    fc.array(fc.oneof(fc.string({ maxLength: 200, unit: "binary" }), fc.string({ maxLength: 40, unit: fc.constantFrom(..."0123456789.,-+e#{}\":tseqmnrxy ") })), { maxLength: 60 }),
    fc.nat(),
    (seed, junk, where) => {
        const dev = fakeDevice(seed, 40, 10)
        const stream = [...dev.before, ...dev.after]
        const k = where % (stream.length + 1)
        const fed = [...stream.slice(0, k), ...junk, ...stream.slice(k)].flatMap(l => l.split("\n"))
        const got = cleanAll(fed)
        assertReadable(got.files)
        const total = Object.values(got.kinds).reduce((a, b) => a + b, 0)
        if (total !== fed.length) throw new Error(`${fed.length} lines in, ${total} classified`)
    },
)

const cfgArb = fc.record({
    players: fc.integer({ min: 2, max: 8 }),
    difficulty: fc.constantFrom(...DIFFICULTIES),
    cards: fc.constantFrom(30, 40, 50),
    first_player: fc.constant(1),
    touch_penalty: fc.constantFrom("out" as const, "warn" as const),
}) as fc.Arbitrary<GameConfig>

/** a stored text with one to four bytes changed, dropped or added (flash corruption) */
const corruptArb = (text: string) =>
    fc.array(fc.tuple(fc.constantFrom("set", "drop", "add"), fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }).map(ops => {
        let s = text
        for (const [op, p, b] of ops) {
            const i = p % (s.length + 1)
            const ch = String.fromCharCode(b)
            if (op === "set") s = s.slice(0, i) + ch + s.slice(i + 1)
            else if (op === "drop") s = s.slice(0, i) + s.slice(i + 1)
            else s = s.slice(0, i) + ch + s.slice(i)
        }
        return s
    })

const storedArb = cfgArb.chain(cfg => {
    const rules = new Rules(cfg)
    rules.handle({ kind: "rest_at_tare", t_ms: 0 }, [])
    rules.handle({ kind: "card_on", t_ms: 2000 }, [])
    const texts = { [KEY_CAL]: '{"offset_counts":150000,"counts_per_kg":4295000}', [KEY_CFG]: JSON.stringify(cfg), [KEY_GAME]: rules.snapshot() }
    const one = (t: string) => fc.oneof(corruptArb(t), fc.constant(t), fc.string({ maxLength: 220, unit: "binary" }), fc.constantFrom("", "null", "[]", "{}", "1e999", '{"players":1e308}'))
    return fc.record({ cfg: fc.constant(cfg), cal: one(texts[KEY_CAL]), game_cfg: one(texts[KEY_CFG]), game: one(texts[KEY_GAME]) })
})

/** the settings decoders: corrupt flash falls back to defaults with a message naming the key, never throws */
const settingsDecoders = fc.asyncProperty(storedArb, async st => {
    const data: { [k: string]: string } = { [KEY_CAL]: st.cal, [KEY_CFG]: st.game_cfg, [KEY_GAME]: st.game }
    const store = { get: async (k: string) => data[k], set: async () => {}, delete: async () => {} }
    const got = await loadStored(store)
    const decodes = (f: (t: string) => any, t: string) => {
        try {
            f(t)
            return true
        } catch (e) {
            if (!(e instanceof Error) || e.message.length === 0) throw new Error("a decoder threw something without a message")
            return false
        }
    }
    const bad = [KEY_CAL, KEY_CFG].filter(k => !decodes(k === KEY_CAL ? decodeCal : decodeCfg, data[k]))
    const named = got.warnings.map(w => /^settings '(\w+)' unreadable \(.+\): using defaults$/s.exec(w)?.[1]).filter(Boolean)
    if (named.join() !== bad.join()) throw new Error(`warnings ${JSON.stringify(got.warnings)} for unreadable ${bad.join()}`)
    const c = got.cfg
    if (!(c.players >= 2 && c.players <= 8 && DIFFICULTIES.includes(c.difficulty) && c.first_player >= 1 && c.first_player <= c.players)) throw new Error("an invalid config came through: " + JSON.stringify(c))
    if (!Number.isInteger(got.cal.offset_counts) || !Number.isInteger(got.cal.counts_per_kg) || got.cal.counts_per_kg === 0) throw new Error("an invalid calibration came through")
    // the saved game: resumed into a valid state, or dropped with a message
    const rules = { r: new Rules(st.cfg) }
    const ref = { update: (): any[] => [], snapshot: () => rules.r.snapshot(), view: () => rules.r.view(), restore: (s: string) => (rules.r = Rules.restore(st.cfg, s)) }
    const warnings: string[] = []
    if (resumeGame(ref, got.game, warnings)) {
        const v = ref.view()
        if (!(v.turn >= 0 && v.turn <= st.cfg.players && v.cards >= 0 && v.cards <= st.cfg.cards && v.out.length === st.cfg.players)) throw new Error("a resumed game is invalid: " + JSON.stringify(v))
        if (Rules.restore(st.cfg, ref.snapshot()).snapshot() !== ref.snapshot()) throw new Error("a resumed game does not save the same")
    } else if (got.game !== "" && !/^saved game unreadable \(corrupt rules snapshot: .+\): starting a new game$/s.test(warnings.join())) {
        throw new Error("a dropped game without a clear message: " + JSON.stringify(warnings))
    }
})

export const HOST_PROPERTIES: NamedProperty[] = [
    { name: "trace reader: each malformation is an error naming its line; harmless changes read the same", property: readerMutations },
    { name: "trace reader: a formatted row reads back to print precision", property: rowRoundTrip },
    { name: "logger: known damage gives known counters and the same trace and events", property: loggerKnownDamage },
    { name: "logger: any junk is counted, never thrown, and every written trace reads", property: loggerChaos },
    { name: "settings: corrupt flash falls back with a message naming the key; a resumed game is valid", property: settingsDecoders },
]
