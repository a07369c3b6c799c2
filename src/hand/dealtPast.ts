/**
 * Whether the deal has gone past a seat (r.33-A4, judged in ./deal.ts), when a seat's first card of the
 * hand may be a card of the last hand dealt to it again while the bridge still listed it there: such a
 * card counts once the deal has gone past the seat with it, and a judgement that rests on it waits until
 * the readers' lag after the press has said whether it was the collected card, listed late. A seat still
 * listing its last hand while DECK_NOT_COLLECTED is open is judged one reader lag later, and one that may
 * have a card it folded dealt back to it once that is known (putOffWhileListed).
 */
import type { HandContext } from "./context.js";
import { isOpen } from "./emit.js";
import { schedule, waiting } from "./timers.js";

/** A card of the last hand on `seat`, read as dealt again there (as the bridge saw it, it never left). */
const leftoverOn = (h: HandContext, seat: number, tag: string) => h.staleWhere[tag] === `seat${seat}`;

/**
 * A card landed on `seat`: a seat before it in the deal that holds only a lone card of the last hand, read
 * as dealt again there, was passed with it, so it is that seat's first card of this deal, and the seat's
 * next card begins the deal's next round (checkDealtOut). A leftover read as dealt again only when the
 * seat's own new card landed beside it may be the collected card listed late, or one never collected, and
 * the new card its first (PLO seed 17 at 600 ms rounds, hand 10089: the first seat's leftover dealt again,
 * the deal went on, the last seat got no card, and the first seat's second card was not seen to pass it).
 */
export function passedWithLeftover(h: HandContext, seat: number, tag: string): void {
  if (leftoverOn(h, seat, tag)) return;
  for (const before of h.entitled.slice(0, h.entitled.indexOf(seat))) {
    const held = h.hole[before] ?? [];
    if (held.length === 1 && leftoverOn(h, before, held[0]!) && !h.passedLeftovers.includes(held[0]!))
      h.passedLeftovers.push(held[0]!);
  }
}

/**
 * The seat's cards of this deal: a card of the last hand still listed on it (read as dealt again) is not
 * one of them, unless the deal went past the seat with it (passedWithLeftover). `sure`: nor is such a
 * card before the readers' lag after the press has run out (it may yet be reported gone, collected).
 */
export function ofThisDeal(h: HandContext, seat: number, sure = false): string[] {
  const unsure = sure && collectionKnownAt(h) !== null;
  return (h.hole[seat] ?? []).filter(
    (tag) => !leftoverOn(h, seat, tag) || (!unsure && h.passedLeftovers.includes(tag)),
  );
}

/**
 * The seat's cards that count in the deal's rounds: a card of the last hand still listed on it (read as
 * dealt again) counts once the deal went past the seat with it, or once the deck's collection was judged
 * and the seat's last hand was collected after the press (lastHandCollected). Not while the dealer still
 * collects after DECK_NOT_COLLECTED (`collecting`): the card may yet be reported gone with the rest of
 * that hand (missedScans 5, `--focus` seed 56 at 700 ms rounds, hand 5239: seat 9's 6h dealt to seat 8,
 * its 9h still listed beside its first card, read as its second: every later seat judged dealt out).
 */
export function roundsCards(h: HandContext, seat: number, sure = false): string[] {
  const dealtAgain = collectionDue(h) === null && lastHandCollected(h, seat);
  return dealtAgain ? (h.hole[seat] ?? []) : ofThisDeal(h, seat, sure);
}

/**
 * A card of the seat's last hand, listed on it at the press, has left it since (collected, or dealt
 * elsewhere): the dealer collected that hand, so one still listed beside it was collected with it and
 * dealt to the seat again (not a card left there, as one whose pair left before the press may be).
 */
function lastHandCollected(h: HandContext, seat: number): boolean {
  for (const [tag, was] of Object.entries(h.lastHands))
    if (was.antenna === `seat${seat}` && !h.stale.includes(tag) && !(h.hole[seat] ?? []).includes(tag))
      return true;
  return false;
}

/**
 * When the last hand's collection is next judged (at the readers' lag after the press, or a departure
 * after DECK_NOT_COLLECTED while the dealer collects), or null once it has been.
 */
export function collectionDue(h: HandContext): number | null {
  return (waiting(h, "deckCollected") ?? waiting(h, "collecting"))?.due ?? null;
}

/** When the last hand's cards still listed at the press are known collected or not; null once judged. */
export function collectionKnownAt(h: HandContext): number | null {
  const collected = waiting(h, "deckCollected");
  return collected === undefined || h.t > collected.since + h.reading.lagMs
    ? null
    : collected.since + h.reading.lagMs;
}

/**
 * The deal has gone past `seat`, as the cards stand when it is judged: a later seat holds a card, or a
 * seat holds two of this deal (its next round). `sure`: on no card of the last hand that may yet be
 * reported gone. One that showed it may leave: a leftover read as dealt again, reported gone within the
 * readers' lag (the collected card listed late) while the seat's own first card came after a later
 * seat's in the same scan round.
 */
export function dealtPast(h: HandContext, seat: number, sure: boolean): boolean {
  const later = h.entitled.slice(h.entitled.indexOf(seat) + 1);
  const holds = (s: number) => (sure ? roundsCards(h, s, true) : (h.hole[s] ?? [])).length > 0;
  return later.some(holds) || h.entitled.some((s) => roundsCards(h, s, sure).length >= 2);
}

/**
 * A seat the deal went past may hold its card among cards of its last hand it still lists: the dealer
 * pressed with them there (DECK_NOT_COLLECTED), collected them as told, and dealt one back to the seat;
 * the bridge lists the collected cards K scans late, so that one never shows leaving (reading.missedScans
 * 5, seed 207 at 600 ms rounds, hand 10823: 8c collected from seat 1 and dealt back to it first; the
 * later seats' cards were read first, a false MISDEAL_FIRST_CARD, then MISDEAL_DEALT_OUT). While that
 * alert is open and the seat still lists them, its judgement is put off one reader lag, once.
 */
export function putOffWhileListed(
  h: HandContext,
  seat: number,
  timer: { kind: "firstCard" | "dealtOut"; seat: number; since: number },
): boolean {
  const back = (h.hole[seat]?.length ?? 0) === 0 ? backOnItsSeatKnownAt(h, seat) : null;
  if (back !== null) {
    schedule(h, { ...timer, due: back + 1, putOff: "backOnItsSeat" });
    return true;
  }
  if (!isOpen(h, "DECK_NOT_COLLECTED") || !h.stale.some((tag) => h.staleWhere[tag] === `seat${seat}`))
    return false;
  schedule(h, { ...timer, due: h.t + h.reading.lagMs, putOff: "listed" });
  return true;
}

/**
 * The first card went to `seat` only as far as a last hand's card read as dealt again there shows: it
 * may be the collected card, listed K scans late, until the readers' lag after the press has said so.
 * The judgement waits until then (scheduled again; true). Still there then, it was dealt again: the
 * first card went to the seat (collectionShowsFirstCard). Missed scans 5, settle window 900 ms, seed 89
 * at 700 ms rounds, hand 4272: a misdeal's card left on seat 5 beside its last hand, the two collected
 * first, pressed again at once; a false MISDEAL_FIRST_CARD, the re-deal called a misdeal.
 */
export function firstCardMayBeCollected(h: HandContext, seat: number, since: number): boolean {
  const known = collectionKnownAt(h);
  if (known === null || ofThisDeal(h, seat, true).length > 0) return false;
  schedule(h, { kind: "firstCard", due: known + 1, seat, since, putOff: "collection" });
  return true;
}

/** That judgement, put off: the seat still holds the last hand's card, so it had the first card. */
export function collectionShowsFirstCard(h: HandContext, seat: number): boolean {
  return (h.hole[seat] ?? []).some((tag) => leftoverOn(h, seat, tag));
}

/**
 * A judgement put off for a folded card that may be back on the seat: the seat had no card when it fell
 * due, so only that card, read back on it since, is one it held then. A card dealt to it after the
 * judgement's round does not undo the deal going past it.
 */
export function heldBackOnItsSeat(h: HandContext, seat: number): boolean {
  return (h.hole[seat] ?? []).some((tag) => h.lastHands[tag]?.backOn?.seat === `seat${seat}`);
}

/**
 * The seat still listed at the press a card it folded in the last hand, since collected from the muck:
 * it may have been dealt back to the seat, which is known when the seat's listing can no longer be the
 * fold's (src/reading/backOnItsSeat.ts; the reader then reads it there). When that is still to come, its
 * time, else null. Hold'em, missedScans 5, settleWindowMs 900, seed 89 at 700 ms rounds, hand 4037: seat
 * 9 folded Qc 5h, 5h was dealt back to it, and the deal went past seat 9 before the muck let 5h go: a
 * false MISDEAL_DEALT_OUT.
 */
function backOnItsSeatKnownAt(h: HandContext, seat: number): number | null {
  let known: number | null = null;
  for (const tag of h.stale) {
    const back = h.lastHands[tag]?.backOn;
    if (back?.seat === `seat${seat}` && back.sure > h.t) known = Math.max(known ?? back.sure, back.sure);
  }
  // The reader reads it back only once the muck has let it go too: the muck collected before the press
  // says so by the readers' lag after it (three readers, 5 missed scans, seed 80 at 700 ms rounds, hand
  // 9282: the muck let the card go after its seat's listing was sure; a false MISDEAL_FIRST_CARD).
  const collected = collectionKnownAt(h);
  return known === null || collected === null ? known : Math.max(known, collected);
}
