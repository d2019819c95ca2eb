/**
 * Referee events in words for a terminal (`npm start`, `npm run log`): what
 * was called and why. Every call carries its evidence (the detector that
 * fired, the load change in grams and in cards, the push, swing or spin that
 * came with it); a line shows it after the call, so a player can see what
 * the referee saw. The turn, out and winner that follow a call on the same
 * sample repeat its evidence: they are shown without it.
 */

/** the call types whose evidence is shown */
const CALLS = ["placed", "removed", "card_fell", "collapse", "touch", "warning"]

/** the plain fields shown in brackets after the player */
const FIELDS = ["cards", "reason", "count", "phase", "sensor", "message", "recovered"]

function signed(x: number, digits: number): string {
    return (x > 0 ? "+" : x < 0 ? "\u2212" : "") + Math.abs(x).toFixed(digits)
}

function num(e: Record<string, unknown>, k: string): number | null {
    const v = e[k]
    return typeof v === "number" && Number.isFinite(v) ? v : null
}

/**
 * why a call was made, from its evidence fields: the detector in words, then what it saw: the load change (g and
 * cards), the push (a strike or a hand, degrees/s^2; first, unnamed, when a push fired) and the motion peaks, e.g.
 * "load drop: −15.65 g (−2.26 cards), push 153 dps/s²"; "" for an event that is not a call or has no detector
 */
export function evidenceWords(e: Record<string, unknown>): string {
    if (CALLS.indexOf(String(e["type"])) < 0 || typeof e["detector"] !== "string") return ""
    const detector = String(e["detector"])
    const byPush = /push$/.test(detector)
    const facts: string[] = []
    const g = num(e, "delta_g")
    const cards = num(e, "delta_cards")
    const load = g !== null ? `${signed(g, 2)} g` + (cards !== null ? ` (${signed(cards, 2)} cards)` : "") : cards !== null ? `${signed(cards, 2)} cards` : ""
    if (load) facts.push(byPush ? "load " + load : load)
    const push = num(e, "push_dpss")
    if (push !== null) facts.splice(byPush ? 0 : facts.length, 0, (byPush ? "" : "push ") + `${push} dps/s\u00b2`)
    for (const [k, what, unit] of [["swing_dps", "swing", " dps"], ["spin_dps", "spin", " dps"], ["tilt_deg", "tilt", "\u00b0"]]) {
        const v = num(e, k)
        if (v !== null) facts.push(what + " " + v + unit)
    }
    const n = num(e, "cards_at_once")
    if (n !== null) facts.push(`${n} cards at once`)
    return detector.replace(/_/g, " ") + (facts.length > 0 ? ": " + facts.join(", ") : "")
}

/** one event as a terminal line: the time, the type, the player, its plain fields, and why (evidenceWords) */
export function eventLine(e: Record<string, unknown>): string {
    const who = e["player"] !== undefined && e["player"] !== null ? ` player ${e["player"]}` : ""
    const more = FIELDS.filter(k => e[k] !== undefined).map(k => `${k} ${e[k]}`).join(", ")
    const why = evidenceWords(e)
    const t = typeof e["t_ms"] === "number" ? ((e["t_ms"] as number) / 1000).toFixed(1) : "?"
    return `${t.padStart(7)} s  ${String(e["type"]).padEnd(11)}${who}${more ? " (" + more + ")" : ""}${why ? "  \u2190 " + why : ""}`
}

/** a short form for a status line: type, pN, the cards, and why */
export function eventShort(e: Record<string, unknown>): string {
    const why = evidenceWords(e)
    return [String(e["type"]), e["player"] !== undefined ? "p" + e["player"] : "", e["cards"] !== undefined ? e["cards"] + " cards" : "", why ? "(" + why + ")" : ""].filter(Boolean).join(" ")
}
