/**
 * The deal: hole cards arriving on seat antennas, judged against who is entitled to cards and the
 * order of the deal (2013 r.33, poker-rules.md §3). Misdeals only before substantial action (§4);
 * after it a seat with the wrong number of cards has a dead hand instead.
 */
import { findSeat } from "../rules/betting.js";
import { say } from "./alerts.js";
import type { HandContext, PutOff } from "./context.js";
import { raise } from "./emit.js";
import {
  collectionKnownAt,
  collectionDue,
  dealtPast,
  heldBackOnItsSeat,
  putOffWhileListed,
  collectionShowsFirstCard,
  firstCardMayBeCollected,
  passedWithLeftover,
  roundsCards,
} from "./dealtPast.js";
import { dealtAgainUnseen } from "./dealtAgain.js";
import { askHold, isHeld } from "./hold.js";
import { afterOneRound, cancel, schedule } from "./timers.js";

/** Whether a misdeal can still be called. */
export function misdealPossible(h: HandContext): boolean {
  return !h.substantial && !isHeld(h);
}

export function holdForMisdeal(
  h: HandContext,
  code:
    | "MISDEAL_FIRST_CARD"
    | "MISDEAL_NOT_ENTITLED"
    | "MISDEAL_DEALT_OUT"
    | "MISDEAL_EXPOSED"
    | "MISDEAL_CARD_COUNT",
): void {
  askHold(h, { kind: "misdeal", code });
}

/** A hole card arrived on `seat<N>`. */
export function holeCardArrived(h: HandContext, seat: number, tag: string): void {
  const cards = (h.hole[seat] ??= []);
  if (cards.includes(tag)) return;
  cards.push(tag);
  h.cardsDealt += 1;
  if (!h.entitled.includes(seat)) {
    if (misdealPossible(h) && raise(h, say.misdealNotEntitled(h.t, seat)))
      holdForMisdeal(h, "MISDEAL_NOT_ENTITLED");
    return;
  }
  if (h.cardsDealt === 1 && seat !== h.entitled[0]) {
    // The first seat's card may be in the same scan round, reported after this one (channel order).
    schedule(h, { kind: "firstCard", due: afterOneRound(h), seat });
    return;
  }
  if (!h.dealComplete) {
    passedWithLeftover(h, seat, tag);
    checkDealtOut(h, seat);
  }
  if (cards.length > h.def.holeCards) {
    // Misdeal or dead hand turns on substantial action, whose last chips may be reported in the same
    // scan round, after this card: judged one round later. A waiting judgement, not a state of the
    // chart: the hand holds nothing while it waits (chips are read, play goes on), a card too many
    // can come in any state (the deal, a round, a procedure, a hold) and for several seats at once,
    // and the wait is a reading window on the table's clock like the other judgements (timers.ts),
    // which replay and recovery re-run; only its outcome, a misdeal, is the chart's (held.misdeal.cardCount).
    schedule(h, { kind: "cardCount", due: afterOneRound(h), seat });
    return;
  }
  completeIfWhole(h);
}

/**
 * Every seat dealt in holds its cards, or has folded them: the deal is complete and the pre-flop street
 * begins. A player who folds at once may send his last card to the muck before a scan of his seat saw it
 * (the muck then reports it from nowhere): his cards are out of the hand either way.
 */
export function completeIfWhole(h: HandContext): void {
  if (h.dealComplete) return;
  const whole = (s: number) =>
    findSeat(h.betting, s)?.folded === true ||
    ((h.hole[s]?.length ?? 0) >= h.def.holeCards && !mayBeCollected(h, s));
  if (!h.entitled.every(whole)) return;
  h.dealComplete = true;
  h.streetAt = h.t;
  h.out.push({ t: h.t, kind: "street", street: "preflop", board: [] });
}

/**
 * The seat holds a card of the last hand, on this same seat, read as dealt again when a new card landed
 * beside it, and the bridge has not yet had time to report the last hand's cards collected (the deck's
 * collection is judged the readers' lag after the press). Until then it may be the collected card,
 * listed K scans late: with long scan rounds and a shuffler pressed at once after a misdeal, the seat's
 * second card can come while it is still listed. The deal is not complete on it: if it leaves, the
 * seat's cards are the others (lastHandsCardLeft); if it stays, it was dealt again. So while `collecting`.
 */
export function mayBeCollected(h: HandContext, seat: number): boolean {
  return collectionDue(h) !== null && (h.hole[seat] ?? []).some((tag) => h.staleWhere[tag] === `seat${seat}`);
}

/**
 * A card the seat listed at the press (the last hand's, on this same seat) left it during the deal, or
 * while the card too many it made waits for its judgement: the bridge had listed it on, K scans late,
 * in the new hand's first report of the seat, where it read as dealt again. It was collected: it is not
 * one of the seat's cards of this hand, nor in play (a voided hand's duplicate, its other copy dealt
 * again: no second card of the face; reading.missedScans 5, seed 207 at 600 ms rounds). The deal can be
 * whole with it counted when the bridge comes back from an outage with every seat dealt (settleWindowMs
 * 900, missedScans 5, seed 89 at 700 ms rounds, hand 1026: a false MISDEAL_CARD_COUNT).
 */
export function lastHandsCardLeft(h: HandContext, seat: number, tag: string): void {
  const cards = h.hole[seat];
  const tooManyJudged = h.timers.some((x) => x.kind === "cardCount" && x.seat === seat);
  if (h.dealComplete && !tooManyJudged) return;
  if (cards === undefined || h.staleWhere[tag] !== `seat${seat}` || !cards.includes(tag)) return;
  const face = h.lastHands[tag]?.card;
  if (face !== undefined && h.faces.get(face) === tag) h.faces.delete(face);
  h.hole[seat] = cards.filter((t) => t !== tag);
  h.cardsDealt -= 1;
  // A card too many that this was is none: its judgement has nothing to judge, and would read every bet
  // zone as it stands at its moment (a call put out in two motions read at its first: a false UNDERCALL;
  // three readers, 5 missed scans, --focus seed 81 at 700 ms rounds, hand 4891).
  if (h.hole[seat]!.length <= h.def.holeCards) cancel(h, "cardCount", seat);
  firstCardAgain(h, seat, tag);
  completeIfWhole(h);
}

/**
 * The first seat's only card was a last hand's card read as dealt again there when the first card went
 * elsewhere, and it has left: the first card went elsewhere after all, judged now (hold'em, missedScans
 * 5, settleWindowMs 900, seed 89 at 700 ms rounds, hand 925: told as the seat dealt out instead).
 */
function firstCardAgain(h: HandContext, seat: number, tag: string): void {
  if (seat !== h.entitled[0] || (h.hole[seat]?.length ?? 0) > 0 || !h.passedLeftovers.includes(tag)) return;
  const to = h.entitled.find((s) => (h.hole[s]?.length ?? 0) > 0);
  if (to !== undefined) schedule(h, { kind: "firstCard", due: h.t, seat: to });
}

/**
 * r.33-A4: the deal went past an entitled seat that has no card — unless its card was in the same scan
 * round. A card to a seat passes every seat before it in the dealing order; a seat's second card begins
 * the deal's next round, which passes the seats after it too (the last seats of the first round, the
 * button among them: heads-up, the small blind).
 */
function checkDealtOut(h: HandContext, seat: number): void {
  const index = h.entitled.indexOf(seat);
  if (!misdealPossible(h)) return;
  const nextRound = roundsCards(h, seat).length >= 2;
  h.entitled.forEach((skipped, i) => {
    if ((i < index || (nextRound && i > index)) && (h.hole[skipped]?.length ?? 0) === 0)
      schedule(h, { kind: "dealtOut", due: afterOneRound(h), seat: skipped });
  });
}

/**
 * The order of the deal so far, judged from the seats' cards: the first seat's card came in the same
 * round as another's; or the deck's collection was judged, and a last hand's card a seat still lists,
 * its pair collected, is its card of this deal, which may have begun the deal's next round
 * (reading.missedScans 5, seed 207 at 600 ms rounds: both cards to the big blind heads-up, 7d again
 * and Ts, the button dealt out and never judged).
 */
export function judgeDealOrder(h: HandContext): void {
  if (!h.dealComplete) for (const s of h.entitled) if ((h.hole[s]?.length ?? 0) > 0) checkDealtOut(h, s);
}

/** One scan round after the first card went elsewhere: the first seat has no card, so it was a misdeal. */
export function judgeFirstCard(h: HandContext, seat: number, putOff?: PutOff, since = h.t): void {
  const first = h.entitled[0]!;
  if (putOff === "backOnItsSeat" || putOff === "collection") {
    // Put off until a last hand's card was known dealt back to the first seat, or to this one (dealtPast.ts).
    const here = putOff === "collection" ? collectionShowsFirstCard(h, seat) : !heldBackOnItsSeat(h, first);
    if (here) tellFirstCard(h, seat, first);
    else judgeDealOrder(h);
    return;
  }
  if (putOff === undefined && putOffWhileListed(h, first, { kind: "firstCard", seat, since })) return;
  const judgeAt = dealtAgainUnseen(h, first);
  if (judgeAt !== null) {
    schedule(h, { kind: "firstCard", due: judgeAt, seat, since });
    return;
  }
  // The first seat's card was in the same round: the order of the rest is judged as usual.
  if ((h.hole[first]?.length ?? 0) > 0) judgeDealOrder(h);
  else if (!firstCardMayBeCollected(h, seat, since)) tellFirstCard(h, seat, first);
}

/** A first card's judgement put off until the collection is known (firstCardMayBeCollected), if any. */
const putOffForTheCollection = (h: HandContext) =>
  h.timers.find((x) => x.kind === "firstCard" && x.putOff === "collection");

export const firstCardPutOff = (h: HandContext) => putOffForTheCollection(h) !== undefined;

/**
 * The dealer pressed the shuffler again while that judgement waited: he saw the deal as it lay, so it is
 * made on the cards as the readers list them now; a last hand's card still on the seat was dealt there
 * first, and the press declares the misdeal (three readers, 5 missed scans, `--focus` seed 109 at 700 ms
 * rounds, hand 2034: the card reported gone only after the press, and the misdeal was never told).
 */
export function firstCardAtThePress(h: HandContext): void {
  const timer = putOffForTheCollection(h);
  if (timer?.kind !== "firstCard") return;
  cancel(h, "firstCard", timer.seat);
  judgeFirstCard(h, timer.seat, "collection", timer.since);
}

function tellFirstCard(h: HandContext, seat: number, first: number): void {
  if (misdealPossible(h) && raise(h, say.misdealFirstCard(h.t, seat, first)))
    holdForMisdeal(h, "MISDEAL_FIRST_CARD");
}

/** One scan round after the deal passed `seat`: it still has no card. */
export function judgeDealtOut(h: HandContext, seat: number, putOff?: PutOff, since = h.t): void {
  if (putOff === "backOnItsSeat") {
    if (!heldBackOnItsSeat(h, seat)) tellDealtOut(h, seat);
    return;
  }
  if (!dealtPast(h, seat, false)) return;
  const known = collectionKnownAt(h);
  if (known !== null && !dealtPast(h, seat, true)) {
    // Shown only by a card of the last hand that may yet be reported gone: judged once that is known.
    schedule(h, { kind: "dealtOut", due: known + 1, seat, since });
    return;
  }
  const judgeAt = dealtAgainUnseen(h, seat);
  if (judgeAt !== null) {
    schedule(h, { kind: "dealtOut", due: judgeAt, seat, since });
    return;
  }
  if ((h.hole[seat]?.length ?? 0) > 0 || h.dealComplete) return;
  if (putOff === undefined && putOffWhileListed(h, seat, { kind: "dealtOut", seat, since })) return;
  tellDealtOut(h, seat);
}

function tellDealtOut(h: HandContext, seat: number): void {
  if (misdealPossible(h) && raise(h, say.misdealDealtOut(h.t, seat))) holdForMisdeal(h, "MISDEAL_DEALT_OUT");
}

/**
 * The action began: an entitled seat with no card at all was dealt out (the deal "ends without it") —
 * unless it still lists its whole last hand, maybe dealt to it again, judged when that is known
 * (wholeHandDealtAgain; three readers, 5 missed scans, seed 80 at 700 ms rounds, hand 2831: the first
 * seat given its two cards again, the first player's fold read before that, a false MISDEAL_DEALT_OUT).
 */
export function dealEndedBy(h: HandContext): void {
  const skipped = h.dealComplete ? undefined : h.entitled.find((s) => (h.hole[s]?.length ?? 0) === 0);
  const judgeAt = skipped === undefined ? null : dealtAgainUnseen(h, skipped);
  if (judgeAt !== null) schedule(h, { kind: "dealtOut", due: judgeAt, seat: skipped!, since: h.t });
  else if (skipped !== undefined && (h.hole[skipped]?.length ?? 0) === 0) tellDealtOut(h, skipped);
}
