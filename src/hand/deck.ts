/**
 * The deck checks every game's hand makes on each card that arrives: a second tag of a face already
 * in play means the deck is not whole (IPC 29: the hand is held until the floor rules), and the last
 * hand's leftover cards (r.21) clear their alert once they have all left the table.
 */
import type { Card } from "../rules/cards.js";
import { say } from "./alerts.js";
import { clear, raise } from "./emit.js";
import { askHold, type HoldLedger } from "./hold.js";

export interface DeckState extends HoldLedger {
  /**
   * Face → tag of every card in play this hand. A Map, not an object: faces arrive in a different
   * order every hand, and an object would get a new hidden class for each order.
   */
  faces: Map<Card, string>;
  /** Card tags of the last hand still on the table when this one started. */
  stale: string[];
  /**
   * The hand's deck: the deck of its first card dealt (two decks alternate through the shuffler;
   * `decks: [A, B]`). Unset until then.
   */
  deck?: string;
}

/** A card that arrived, as the reader saw it. */
export interface ArrivedCard {
  tag: string;
  card: Card;
  deck: string;
  antenna: string;
}

/**
 * The deck checks of a card that arrived; false when it is not to be read as a card of this hand.
 *
 * - The first card dealt (on any antenna but the muck) sets the hand's deck; a card dealt later from
 *   another deck is FOREIGN_CARD (IPC 29), and the hand is held for the floor.
 * - A card that reaches the muck before anything is dealt, or of another deck, is the last hand's being
 *   collected (the bridge reports late): nothing of this hand. So is a card of the last hand (`lastHands`)
 *   of another deck reaching the board or the burn, or read again where it lay (`laidOn`: a seat's leftover
 *   beside its new card): it is DECK_NOT_COLLECTED's business, and it never sets this hand's deck. Dealt
 *   to another seat, it is in play, and foreign (decks [A, B], missedScans 5, `--focus` seed 50 at 600 ms:
 *   the last hand's river card, still listed on the board, dealt to seat 8 unalerted).
 * - But a card already in play this hand that reaches the muck is this hand's (a fold), the deck set or
 *   not: a hand dealt wholly from cards the bridge still listed where they lay at the press (a deck
 *   check's spread, collected and dealt within the readers' lag) has no card that set it
 *   (reading.missedScans 5, seed 207 at 600 ms rounds: a heads-up fold lost).
 */
export function checkArrival(
  h: DeckState,
  o: ArrivedCard,
  lastHands: boolean,
  copyInDoubt?: (known: string) => boolean,
  laidOn?: string,
): boolean {
  const dealt = o.antenna !== "muck";
  if (h.deck === undefined) {
    if (!dealt) return h.faces.get(o.card) === o.tag;
    if (!lastHands) h.deck = o.deck;
  } else if (o.deck !== h.deck) {
    const dealtElsewhere = laidOn !== undefined && laidOn !== o.antenna && o.antenna.startsWith("seat");
    if (!dealt || (lastHands && !dealtElsewhere)) return false;
    const reason = `card of deck ${o.deck}, this hand is dealt from deck ${h.deck}`;
    if (raise(h, say.foreignCard(h.t, o.antenna, reason)))
      askHold(h, { kind: "void", code: "FOREIGN_CARD" }, h.t);
    return false;
  }
  return checkDeck(h, o.tag, o.card, o.antenna, copyInDoubt);
}

/**
 * Records the card; false (and DUPLICATE_CARD, the hand held for a void) when its face is already in play,
 * unless `copyInDoubt` puts that judgement off (the card in play may be a leftover, collected: ./leftoverCopy.ts).
 */
export function checkDeck(
  h: DeckState,
  tag: string,
  card: Card,
  antenna: string,
  copyInDoubt?: (known: string) => boolean,
): boolean {
  const known = h.faces.get(card);
  if (known === undefined) {
    h.faces.set(card, tag);
    return true;
  }
  if (known === tag || copyInDoubt?.(known) === true) return true;
  duplicateInPlay(h, antenna);
  return false;
}

/** A second card of a face in play arrived on `antenna`: DUPLICATE_CARD, and the hand held for a void (IPC 29). */
export function duplicateInPlay(h: DeckState, antenna: string): void {
  if (raise(h, say.duplicateCard(h.t, antenna))) askHold(h, { kind: "void", code: "DUPLICATE_CARD" }, h.t);
}

/**
 * A card of the last hand has left where it lay (collected, or dealt again: then it is a new card of
 * this hand); the alert clears when none is left.
 */
export function dropStale(h: DeckState, tag: string): void {
  h.stale = h.stale.filter((t) => t !== tag);
  if (h.stale.length === 0) clear(h, "DECK_NOT_COLLECTED");
}

/** The bridge has had time to report the last hand's cards gone: any still listed were not collected (r.21). */
export function judgeDeckCollected(h: DeckState & { staleWhere: Record<string, string> }): void {
  if (h.stale.length === 0) return;
  const where = [...new Set(h.stale.map((tag) => h.staleWhere[tag] ?? "the table"))].sort();
  raise(h, say.deckNotCollected(h.t, where));
}

/** Tag → face of the cards in play (the reverse of `faces`). */
export function facesByTag(h: Pick<DeckState, "faces">): Map<string, Card> {
  const byTag = new Map<string, Card>();
  for (const [face, tag] of h.faces) byTag.set(tag, face);
  return byTag;
}

/**
 * The cards of the last hand a seat still lists on it, when they are a whole hand of them (two up to the
 * game's hole cards); else none. Collected just before the press, the bridge lists them K scans late;
 * collected and dealt to the same seat again within that lag, it never reports them gone.
 */
export function leftoverHand(
  h: Pick<DeckState, "stale"> & { staleWhere: Record<string, string> },
  seat: number,
  holeCards: number,
): string[] {
  const tags = h.stale.filter((tag) => h.staleWhere[tag] === `seat${seat}`);
  return tags.length >= 2 && tags.length <= holeCards ? tags : [];
}

/**
 * Seats that still list exactly one card of the last hand, with that card: after a misdeal stopped the
 * deal at one card a seat, it may be the seat's first card dealt again before the bridge saw it leave.
 */
export function loneLeftovers(
  h: Pick<DeckState, "stale"> & { staleWhere: Record<string, string> },
): Map<number, string> {
  const bySeat = new Map<number, string[]>();
  for (const tag of h.stale) {
    const seat = /^seat(\d+)$/.exec(h.staleWhere[tag] ?? "")?.[1];
    if (seat !== undefined) bySeat.set(Number(seat), [...(bySeat.get(Number(seat)) ?? []), tag]);
  }
  return new Map(
    [...bySeat].flatMap(([seat, tags]) => (tags.length === 1 ? [[seat, tags[0]!] as const] : [])),
  );
}
