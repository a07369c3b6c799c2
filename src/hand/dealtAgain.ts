/**
 * A seat's cards of the last hand that it still lists may be its cards of this hand, dealt to it again
 * before the bridge saw them leave (a misdeal's quick re-deal, the same cards to the same seat): when
 * the deal goes past the seat, or once the deck's collection is judged, they count as dealt again
 * (./deal.ts judges the deal's order with them).
 */
import type { HandContext } from "./context.js";
import { checkDeck, dropStale, leftoverHand, loneLeftovers } from "./deck.js";
import { roundsCards } from "./dealtPast.js";
import { waiting } from "./timers.js";

/**
 * The deal went past a seat with no card of this hand that still lists a lone card of the last hand
 * (a misdeal's quick re-deal of the same cards): that card went back to it, dealt again before the
 * bridge saw it leave, so its report never changed. It is the seat's card of this hand.
 */
export function dealtAgainUnseen(h: HandContext, seat: number): number | null {
  if ((h.hole[seat]?.length ?? 0) > 0) return null;
  const again = loneLeftovers(h).get(seat);
  if (again !== undefined) {
    dealtAgain(h, seat, [again]);
    return null;
  }
  return wholeHandDealtAgain(h, seat);
}

/**
 * The seat the deal went past lists its whole last hand (dealtAgainUnseen's other case): cards collected
 * just before the press are listed up to the readers' lag after it, so until then they are most likely
 * collected, and the seat is judged then (returned: when). Still listed then, with the deal gone past
 * it, they were dealt to it again before the bridge saw them leave (hold'em seed 119 at 600 ms rounds,
 * hand 10423: the same two cards to the same seat, heads-up, the first card's seat). Once the deck's
 * collection has been judged, cards still listed were not collected (DECK_NOT_COLLECTED stands).
 */
function wholeHandDealtAgain(h: HandContext, seat: number): number | null {
  const hand = leftoverHand(h, seat, h.def.holeCards);
  // More cards than a hand (a misdeal's card too many, pressed again at once): one may be dealt again
  // unseen, which shows when the rest leave, so it waits as well (reading.missedScans 5, seed 207).
  const listed = h.stale.some((tag) => h.staleWhere[tag] === `seat${seat}`);
  const collected = waiting(h, "deckCollected");
  if (!listed || collected === undefined) return null;
  const known = collected.since + h.reading.lagMs;
  // 1 ms past it: the collection's judgement (due then) reads the seat first (handsDealtAgainUnseen).
  if (h.t <= known) return known + 1;
  if (hand.length > 0) dealtAgain(h, seat, hand);
  return null;
}

/**
 * Cards of the last hand on `seat` are its cards of this hand, dealt again: in play by their faces (the
 * bridge never reported them arriving, so no deck check recorded them), or the showdown cannot read them
 * (reading.missedScans 5, seed 207 at 600 ms rounds: seat 8's pair of jacks lost its main pot).
 */
function dealtAgain(h: HandContext, seat: number, tags: string[]): void {
  for (const tag of tags) {
    dropStale(h, tag);
    const face = h.lastHands[tag]?.card;
    if (face !== undefined) checkDeck(h, tag, face, `seat${seat}`);
  }
  h.hole[seat] = [...tags];
  h.cardsDealt += tags.length;
  h.passedLeftovers.push(...tags);
}

/**
 * The deck's collection is judged (the readers' lag after the press): a seat in the deal with no card
 * of this hand that still lists its whole last hand, which the deal has gone past (a later seat holds a
 * card, or an earlier one its second: the next round has begun, past the last seat too), had those cards
 * dealt to it again unseen (wholeHandDealtAgain). The last seat dealt, given the same two cards again
 * within the bridge's K scans, lists them unchanged from the last hand (three readers, 5 missed scans,
 * seed 80 at 700 ms rounds, hand 947: a false DECK_NOT_COLLECTED and MISDEAL_DEALT_OUT, every later hand
 * lost).
 */
export function handsDealtAgainUnseen(h: HandContext): void {
  if (h.cardsDealt === 0 || h.dealComplete) return;
  const held = (s: number) => h.hole[s]?.length ?? 0;
  h.entitled.forEach((seat, i) => {
    if (held(seat) > 0) return;
    const past =
      h.entitled.slice(i + 1).some((s) => held(s) > 0) ||
      h.entitled.slice(0, i).some((s) => roundsCards(h, s).length >= 2);
    if (!past) return;
    const hand = leftoverHand(h, seat, h.def.holeCards);
    if (hand.length > 0) dealtAgain(h, seat, hand);
  });
}
