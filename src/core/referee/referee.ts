/**
 * The referee: samples in, events out. Wires the signal modules and detectors
 * (which see forces and motion) to the rules engine (which knows players).
 *
 * API contract used by the firmware (src/main.ts, the sampler) and by every
 * host tool (replay, bench, tune, start, report):
 *   const ref = new Referee(cfg)            // cfg: GameConfig from the trace metadata / device settings
 *   const evs = ref.update(sample)          // events decided on this sample; the array is reused: copy to keep
 *   ref.snapshot() / ref.restore(s)         // compact game state for flash (turn boundaries, outs, warnings)
 *   ref.view()                              // what the LEDs show
 *   ref.sensorFault(t, sensor, message)     // the sampler could not read a sensor (its events, as update's)
 *
 * Per sample: faults are checked first (a faulted sensor feeds nothing), then
 * the healthy sensors step their signal modules, then either the rest
 * detector (no round on: waits for the tare) or the play detectors (collapse,
 * placement, the hanger, touch) run. Their observations go to the rules in order.
 */
import { Sample } from "../sample"
import { Overrides, RefereeSettings, settingsFor, withOverrides } from "../config"
import { Attitude } from "../signal/attitude"
import { CardMass, Load } from "../signal/load"
import { Motion } from "../signal/motion"
import { Push } from "../signal/push"
import { RING_LEARN_CUE_MS, RING_LEARN_MAX_DPS, RING_LEARN_MIN_DPS, RING_LEARN_PUSH_DPSS, SwingRing } from "../signal/ring"
import { CollapseDetector } from "./detectors/collapse"
import { FaultDetector } from "./detectors/faults"
import { HangerDetector } from "./detectors/hanger"
import { PlacementDetector } from "./detectors/placement"
import { RestDetector } from "./detectors/rest"
import { Signals } from "./detectors/signals"
import { TouchDetector } from "./detectors/touch"
import { Rules } from "./rules"
import { fmtNum } from "../num"
import { Difficulty, GameConfig, GameView, Obs, RefEvent } from "./types"

export class Referee {
    readonly cfg: GameConfig
    /** the settings in force (the tilt phase may raise the level); read by host tools, written by the referee alone */
    settings: RefereeSettings
    /** the settings of the game's own level (given, or its tuned ones) */
    private base: RefereeSettings
    private level: Difficulty
    /** the signals the detectors read; read by host tools (npm run hands), written by the referee alone */
    sig: Signals
    private rules: Rules
    private faults: FaultDetector
    private rest: RestDetector
    private placement: PlacementDetector
    private collapse: CollapseDetector
    private touch: TouchDetector
    private hanger: HangerDetector
    private ring: SwingRing
    private overrides: Overrides = null
    private events: RefEvent[] = []
    private obs: Obs[] = []
    private playing = false
    /** the rest detector took a fresh tare on this sample */
    private tared = false
    /** the detectors ran on this sample (a round in play); read by host tools, written by the referee alone */
    judging = false

    /**
     * `settings` replaces the game level's own settings (the tuner's candidates); a level the tilt phase moves
     * to gives the detectors its own, while the signal modules keep the game's (README, Decisions: the raised
     * level's load.ring_tau_ms lost placements). `overrides` are applied on every level's settings (a what-if run,
     * bench --override)
     */
    constructor(cfg: GameConfig, settings?: RefereeSettings, overrides?: Overrides) {
        this.cfg = cfg
        this.level = cfg.difficulty
        this.overrides = overrides ? overrides : null
        const s = settings ? settings : this.levelSettings(cfg.difficulty)
        this.settings = s
        this.base = s
        this.sig = new Signals(new Attitude(s.attitude), new Motion(s.motion), new Load(s.load), new CardMass(s.card_mass), new Push(s.push))
        this.rules = new Rules(cfg)
        this.faults = new FaultDetector(s.fault)
        this.rest = new RestDetector(s.rest)
        this.placement = new PlacementDetector(s.placement)
        this.collapse = new CollapseDetector(s.collapse)
        this.touch = new TouchDetector(s.touch)
        this.hanger = new HangerDetector(s.hanger)
        this.ring = new SwingRing(s.ring)
    }

    update(s: Sample): RefEvent[] {
        const out = this.events
        // (arr.length = 0 on these reused arrays aborts the DeviceScript VM: pop instead)
        while (out.length > 0) out.pop()
        const obs = this.obs
        const t = s.t_ms
        const sig = this.sig
        this.faults.update(s, obs)
        sig.imuOk = !this.faults.imuFault
        const loadOk = !this.faults.loadFault
        // a load going into fault: its steadiness window starts afresh (nothing feeds it until the data comes back; a
        // stuck cell's readings before the call are no level: 20000-178, where the hanger took one as its base and read
        // the load back as a lift)
        if (sig.loadOk && !loadOk) sig.load.steadiness.reset()
        sig.loadOk = loadOk
        sig.loadSameN = this.faults.loadSameN
        if (s.hasImu && sig.imuOk) {
            sig.attitude.update(t, s.ax_g, s.ay_g, s.az_g)
            sig.motion.update(t, s.gx_dps, s.gy_dps, s.gz_dps)
            sig.push.update(t, sig.motion.rateX, sig.motion.rateY, sig.motion.rateZ)
            sig.load.setSwing(sig.push.swingEnvDps(), sig.push.w2Est())
        }
        if (s.hasLoad && sig.loadOk) sig.load.update(t, this.lessRing(t, s.load_g))
        if (s.input.length > 0) obs.push({ kind: "input", t_ms: t, which: s.input })
        this.flush(t)
        const phase = this.rules.context().phase
        this.tared = false
        this.judging = false
        if (phase === "waiting" || phase === "between") this.tared = this.rest.update(s, phase === "waiting", sig, obs)
        else if (phase !== "over") {
            this.judging = true
            if (sig.ref_g !== sig.ref_g && sig.load.isSteady()) sig.ref_g = sig.load.steadyMean_g()
            sig.dismantle = phase === "dismantle"
            if (s.hasLoad) {
                this.collapse.update(t, sig, obs)
                this.placement.update(t, sig, obs)
            }
            if (sig.loadOk && sig.load.lastReading_ms === t) {
                const h = this.hanger.update(t, sig)
                if (h) this.touch.offer(h, obs)
            }
            this.touch.update(t, sig, obs)
        }
        this.flush(t)
        return out
    }

    /**
     * the sampler could not read `sensor` ("imu" or "load"; `message`: its I2C error): a fault until that sensor's
     * data comes back, the same episode as the silence the fault detector would see (one `fault` event, not two)
     */
    sensorFault(t_ms: number, sensor: string, message: string): RefEvent[] {
        const out = this.events
        while (out.length > 0) out.pop()
        this.faults.report(sensor, t_ms, message, this.obs)
        this.flush(t_ms)
        return out
    }

    /**
     * the reading less the swing's learned load ring (SwingRing), while a round is played on a hanging structure
     * (the build and dismantle phases, on every level; not in the tilt phase, after the players released the pivot
     * on easy and medium: the structure tilts on it, and the gain is forgotten); learned on free swings
     */
    private lessRing(t_ms: number, raw_g: number): number {
        const sig = this.sig
        const push = sig.push
        const x = push.takeRing()
        const phase = this.rules.context().phase
        sig.ringComp = false
        if (phase === "tilt") this.ring.reset()
        if (phase !== "build" && phase !== "dismantle") return raw_g
        const sw = push.swingEnvDps()
        const free = sw >= RING_LEARN_MIN_DPS && sw < RING_LEARN_MAX_DPS && push.peakPushDpss() < RING_LEARN_PUSH_DPSS && !(t_ms - sig.touchCue_ms < RING_LEARN_CUE_MS)
        const y = this.ring.update(t_ms, sig.imuOk ? x : NaN, raw_g, free)
        sig.ringComp = sig.imuOk && this.ring.gain() > 0
        return y
    }

    /** hands the pending observations to the rules, then reacts to a round start or a level change */
    private flush(t_ms: number) {
        const obs = this.obs
        if (obs.length === 0) return
        for (let i = 0; i < obs.length; i++) this.rules.handle(obs[i], this.events)
        while (obs.length > 0) obs.pop()
        const ctx = this.rules.context()
        const playing = ctx.phase !== "waiting" && ctx.phase !== "between" && ctx.phase !== "over"
        if (playing && !this.playing) this.startPlay(t_ms)
        this.playing = playing
        this.follow(ctx.difficulty)
    }

    /** the detectors take the settings of the level the game is at (the tilt phase raises it); the signal modules keep the game's */
    private follow(d: Difficulty) {
        if (d === this.level) return
        this.level = d
        this.configure(d === this.cfg.difficulty ? this.base : this.levelSettings(d))
    }

    private levelSettings(d: Difficulty): RefereeSettings {
        const s = settingsFor(d)
        return this.overrides ? withOverrides(s, this.overrides) : s
    }

    /** a round began: after a fresh tare, or on the start button (then the load now is the tare) */
    private startPlay(t_ms: number) {
        const sig = this.sig
        if (!this.tared && sig.load.tare(t_ms, sig.load.clean_g())) sig.ref_g = sig.load.zero_g()
        this.rest.reset(sig)
        this.ring.reset()
        this.collapse.reset()
        this.placement.reset()
        this.touch.reset()
        this.hanger.reset()
    }

    private configure(s: RefereeSettings) {
        this.settings = s
        this.placement.configure(s.placement)
        this.collapse.configure(s.collapse)
        this.touch.configure(s.touch)
        this.hanger.configure(s.hanger)
        this.ring.configure(s.ring)
        this.rest.configure(s.rest)
    }

    /**
     * the rules' game state, and what the load learned that a reset must not lose: the tare ("z", g) and the
     * card's mass ("cm", g, from "cn" cards); within one settings value (SNAPSHOT_MAX_BYTES, 200)
     */
    snapshot(): string {
        const s = this.rules.snapshot()
        const load = this.sig.load
        const mass = this.sig.mass
        if (!load.hasTare()) return s
        return s.slice(0, -1) + ",\"z\":" + fmtNum(load.zero_g(), 2) + ",\"cm\":" + fmtNum(mass.get_g(), 2) + ",\"cn\":" + fmtNum(mass.count(), 0) + "}"
    }

    /**
     * resumes a saved game after a reset (trace time starts again at 0: see parseSnapshot in rules.ts) with the saved tare and
     * card mass; the load reference is re-learned from the next steady level, the rest attitude and the gyro bias
     * at the next tare (until then the tilt cue is off and stillness is judged without the bias)
     */
    restore(snap: string) {
        this.rules = Rules.restore(this.cfg, snap)
        const j = JSON.parse(snap)
        const sig = this.sig
        if (typeof j["z"] === "number") sig.load.tare(0, j["z"])
        if (typeof j["cm"] === "number" && j["cm"] > 0 && typeof j["cn"] === "number") sig.mass.set(j["cm"], j["cn"])
        sig.ref_g = NaN
        const ctx = this.rules.context()
        this.playing = ctx.phase !== "waiting" && ctx.phase !== "between" && ctx.phase !== "over"
        this.follow(ctx.difficulty)
    }

    view(): GameView {
        return this.rules.view()
    }
}
