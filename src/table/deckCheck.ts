/**
 * The deck check between hands (spec: the `deckcheck` key, then `ok`, gives a `deck_check` event):
 * the dealer spreads the deck on the card antennas and the table lists what it read against a whole
 * deck — how many of the deck's cards, the faces missing, the faces read twice, and the tags that are
 * not of the deck.
 *
 * At any pace: every tag reported on a card antenna from the press to the end counts (a spread read in
 * several goes, cards slid off and on); the end comes one scan round after `ok`, so a card laid just
 * before the key, whose report arrives in the next round, is still read. A card listed at the key is
 * the last hand's until the readers' lag after the key: the end waits for that while one is still listed.
 */
import type { AlertEvent, DeckCheckEvent } from "../contract/output.js";
import { alert } from "../contract/alerts.js";
import { type Card, fullDeck } from "../rules/cards.js";
import type { Registry } from "../reading/registry.js";

/** Antennas cards are spread on for a check. */
const CARD_ZONE = /^(seat\d+|board|burn|muck|dealer)$/;

/** The result of a deck check: which deck, and what is wrong with it (pure). */
export function deckCheckResult(
  t: number,
  tags: Iterable<string>,
  registry: Registry,
  decks: readonly string[],
): DeckCheckEvent {
  const byDeck = new Map<string, Map<Card, string[]>>();
  const odd: string[] = [];
  for (const tag of tags) {
    const info = registry.resolve(tag);
    if (info.type === "card") {
      const faces = byDeck.get(info.deck) ?? new Map<Card, string[]>();
      byDeck.set(info.deck, faces);
      faces.set(info.face, [...(faces.get(info.face) ?? []), tag]);
    } else if (info.type !== "chip") odd.push(tag);
  }
  // The deck checked is the one most of the cards read belong to (the first configured on a tie).
  const count = (d: string) => [...(byDeck.get(d)?.values() ?? [])].reduce((n, ts) => n + ts.length, 0);
  const candidates = [...new Set([...decks, ...byDeck.keys()])];
  const deck = candidates.reduce((best, d) => (count(d) > count(best) ? d : best), candidates[0] ?? "A");
  const faces = byDeck.get(deck) ?? new Map<Card, string[]>();
  const others = [...byDeck].filter(([d]) => d !== deck).flatMap(([, f]) => [...f.values()].flat());
  return {
    t,
    kind: "deck_check",
    deck,
    cards: count(deck),
    missing: fullDeck().filter((f) => !faces.has(f)),
    duplicates: fullDeck().filter((f) => (faces.get(f)?.length ?? 0) > 1),
    foreign: [...odd, ...others].sort(),
  };
}

/** Whether a check found the deck whole: 52 cards, none missing, none twice, nothing foreign. */
export function deckIsWhole(r: DeckCheckEvent): boolean {
  return r.missing.length === 0 && r.duplicates.length === 0 && r.foreign.length === 0;
}

/**
 * One deck check in progress: from the key to one scan round after `ok`.
 *
 * What it reads: every card that arrives on a card antenna after the key, and the cards that lay there
 * at the key and are still listed at the end (spread before the key). Not a card the reports still
 * listed at the key but that has gone by the end: the last hand's cards, collected just before the key,
 * which the bridge reports gone only K scans later.
 */
export class DeckCheck {
  private readonly arrived = new Set<string>();
  /** When the check ends (one scan round after `ok`), or null until `ok`. */
  closeAt: number | null = null;

  constructor(
    readonly since: number,
    /** Antenna → the tags its latest report listed at the key. */
    private readonly atKey: ReadonlyMap<string, readonly string[]>,
  ) {}

  /** A report from an antenna during the check; `before` is what its last report listed. */
  report(antenna: string, before: readonly string[], now: readonly string[]): void {
    if (!CARD_ZONE.test(antenna)) return;
    const was = new Set(before);
    for (const tag of now) if (!was.has(tag)) this.arrived.add(tag);
  }

  /** `ok`: the check ends one scan round later. */
  ok(t: number, scanRoundMs: number): void {
    this.closeAt ??= t + scanRoundMs;
  }

  /**
   * When the end must wait, or null: a card listed at the key and still listed at the end may be the
   * last hand's, collected just before the key, that the bridge lists K missed scans late; listed past
   * the readers' lag after the key, it lay there through the check (reading.missedScans 5, seed 207 at
   * 600 ms rounds: the hand's turn card, collected and left out of the spread, read as spread).
   */
  leftoversKnownAt(t: number, lagMs: number, latest: (antenna: string) => readonly string[]): number | null {
    const known = this.since + lagMs;
    if (t >= known) return null;
    for (const [antenna, tags] of this.atKey) {
      const now = new Set(latest(antenna));
      if (tags.some((tag) => now.has(tag) && !this.arrived.has(tag))) return known;
    }
    return null;
  }

  /**
   * The result, the check's notice cleared, and the result shown to the dealer and the floor;
   * `latest` gives an antenna's latest report.
   */
  end(
    t: number,
    registry: Registry,
    decks: readonly string[],
    latest: (antenna: string) => readonly string[],
  ): (AlertEvent | DeckCheckEvent | ClearEvent)[] {
    const read = new Set(this.arrived);
    for (const [antenna, tags] of this.atKey) {
      const now = new Set(latest(antenna));
      for (const tag of tags) if (now.has(tag)) read.add(tag);
    }
    const result = deckCheckResult(t, read, registry, decks);
    return [{ t, kind: "alert_clear", code: "DECK_CHECK" }, result, resultAlert(result)];
  }
}

/** Whether an antenna is one cards are spread on for a check. */
export function isCheckAntenna(antenna: string): boolean {
  return CARD_ZONE.test(antenna);
}

type ClearEvent = { t: number; kind: "alert_clear"; code: string };

/** The notice while a check is open (kept on the panel and the floor page until it ends). */
export function deckCheckStarted(t: number): AlertEvent {
  return alert(t, "DECK_CHECK", "Deck check: spread the deck on the card antennas", [
    "Spread every card of the deck face down on the board (and seat) antennas",
    "Then press ok",
  ]);
}

/** A deck check refused: a hand is in progress. */
export function deckCheckRefused(t: number, hand: number): AlertEvent {
  return alert(t, "DECK_CHECK_REFUSED", `A deck check is between hands: hand ${hand} is in progress`, [
    "Finish the hand, then press deckcheck again",
  ]);
}

/**
 * The result as the dealer and the floor see it: a notice when the deck is whole; otherwise a dealer
 * alert (the deck must not be dealt from until it is put right; `ok` acknowledges it).
 */
function resultAlert(r: DeckCheckEvent): AlertEvent {
  const whole = deckIsWhole(r);
  const parts = [
    `${r.cards} cards of deck ${r.deck} read`,
    ...(r.missing.length > 0 ? [`missing ${r.missing.join(" ")}`] : []),
    ...(r.duplicates.length > 0 ? [`twice ${r.duplicates.join(" ")}`] : []),
    ...(r.foreign.length > 0 ? [`${r.foreign.length} foreign: ${r.foreign.join(" ")}`] : []),
  ];
  const said = alert(
    r.t,
    "DECK_CHECK_RESULT",
    `Deck check: ${whole ? "the deck is whole, " : ""}${parts.join("; ")}`,
    whole
      ? ["Collect the deck"]
      : [
          "Do not deal from this deck",
          ...(r.missing.length > 0 ? ["Look for the missing cards on and under the table"] : []),
          ...(r.duplicates.length + r.foreign.length > 0
            ? ["Take out the cards that are not of this deck"]
            : []),
          "Call the floor to replace the deck if it cannot be made whole, then press ok",
        ],
  );
  // Whole: a notice; not whole: the catalogue's dealer alert, which `ok` acknowledges.
  return whole ? { ...said, severity: "info" } : said;
}
