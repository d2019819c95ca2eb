// Signals with every module at its defaults, for detector tests on crafted signals.
import { Attitude, ATTITUDE_DEFAULTS } from "../../../src/core/signal/attitude.ts"
import { CardMass, CARD_MASS_DEFAULTS, Load, LOAD_DEFAULTS } from "../../../src/core/signal/load.ts"
import { Motion, MOTION_DEFAULTS } from "../../../src/core/signal/motion.ts"
import { Push, PUSH_DEFAULTS } from "../../../src/core/signal/push.ts"
import { Signals } from "../../../src/core/referee/detectors/signals.ts"

export function freshSignals(): Signals {
    return new Signals(new Attitude(ATTITUDE_DEFAULTS), new Motion(MOTION_DEFAULTS), new Load(LOAD_DEFAULTS), new CardMass(CARD_MASS_DEFAULTS), new Push(PUSH_DEFAULTS))
}
