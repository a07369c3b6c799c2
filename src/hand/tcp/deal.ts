/**
 * The deal (digest, "The deal and the decision" and "Misdeals and exposed cards"): three cards to
 * each box in the hand and to the dealer, one at a time, boxes first and the dealer last in each
 * round. The first card locks the bets. A hand holding a fourth card or a deal that ends short is a
 * misdeal; so is an exposed dealer card, but not a player's. A card on a box that did not bet holds the
 * hand for the floor too, which may let the deal stand (strayCardsDiscarded).
 */
import type { Card } from "../../rules/cards.js";
import { CARDS_PER_HAND, rulingOnExposedCard, wrongCardCounts } from "../../rules/threeCard/deal.js";
import { clear, clearAll, raise, tcpSay } from "./alerts.js";
import { drawnChipsKnown, lockBets } from "./bets.js";
import { afterOneRound, schedule } from "../timers.js";
import { askHold, isHeld } from "../hold.js";
import { boxesInOrder, dealComplete, type HandOwner, type TcpBox, type TcpContext } from "./context.js";

function holdForMisdeal(h: TcpContext, code: "MISDEAL_CARD_COUNT" | "TCP_DEALER_EXPOSED"): void {
  askHold(h, { kind: "misdeal", code });
}

function cardCount(h: TcpContext, owner: HandOwner, cards: number, why: string): void {
  if (isHeld(h)) return;
  const tooMany = cards > CARDS_PER_HAND;
  if (raise(h, tcpSay.cardCount(h.t, owner, cards, why, tooMany))) holdForMisdeal(h, "MISDEAL_CARD_COUNT");
}

/**
 * The dealer or a box in the hand holding more cards than the game deals, or null. Such a hand cannot
 * be played as it lies (which three are its cards?), and the rules call it a misdeal ("an incorrect
 * number of cards dealt to the dealer or to any player"): the floor's `continue` is refused on it. A
 * hand short can be made whole (the dealer deals it its cards); a card on a box with no bet is no
 * player's hand (strayCardsDiscarded). Every card read on a hand counts, taken off again or not.
 */
export function tooManyCards(h: TcpContext): { owner: HandOwner; cards: number } | null {
  if (h.dealerTags.length > CARDS_PER_HAND) return { owner: "dealer", cards: h.dealerTags.length };
  const box = boxesInOrder(h).find((b) => b.tags.length > CARDS_PER_HAND);
  return box === undefined ? null : { owner: box.box, cards: box.tags.length };
}

/**
 * The floor let the deal stand (`continue`) over cards on boxes with no bet: they are no hand's, and go
 * to the discard (the alert's steps), so the deal is whole without them. Why the floor may: the rules
 * make a misdeal of "an incorrect number of cards dealt to the dealer or to any player", and a box with
 * no bet is neither; each box in the hand still gets three cards and the dealer three, from the stub in
 * order, and nobody's cards are exchanged (the card on the empty box is not given to the next box).
 * Refusing it as for a card too many would make a misdeal the rules do not call one. Before, `continue`
 * was taken but the hand never left the deal (the card still counted against it), nor ended.
 */
export function strayCardsDiscarded(h: TcpContext): void {
  for (const [box, tags] of Object.entries(h.strays)) {
    (h.discarded[Number(box)] ??= []).push(...tags);
    clear(h, "MISDEAL_CARD_COUNT", Number(box));
  }
  h.strays = {};
}

/**
 * A card arrived on `seat<N>` (box N) or on `dealer`. The first one draws the cards: the bets lock one
 * scan round later (chips put down just before it may be reported after it, in channel order), and
 * the cards reported until then are dealt to the boxes at the lock.
 */
export function handCardArrived(h: TcpContext, owner: HandOwner, tag: string, face: Card): void {
  if (h.phase === "betting") {
    h.phase = "dealing";
    h.drawnAt = h.t;
    const due = afterOneRound(h);
    schedule(h, { kind: "betsLocked", due, since: due });
  }
  if (!h.locked) {
    h.early.push({ owner, tag, face });
    return;
  }
  dealCard(h, owner, tag, face);
}

function holds(h: TcpContext, owner: HandOwner, tag: string): boolean {
  // A card the floor ruled no hand's (on a box with no bet), read again before it reached the discard.
  if (Object.values(h.discarded).some((tags) => tags.includes(tag))) return true;
  if (owner === "dealer") return h.dealerTags.includes(tag);
  return (h.boxes[owner]?.tags.includes(tag) ?? false) || (h.strays[owner]?.includes(tag) ?? false);
}

/** One scan round after the first card: the bets as read are the hand's, and the round's cards are dealt. */
export function judgeBetsLocked(h: TcpContext): void {
  if (h.locked) return;
  h.locked = true;
  lockBets(h);
  for (const c of h.early.splice(0)) dealCard(h, c.owner, c.tag, c.face);
}

function dealCard(h: TcpContext, owner: HandOwner, tag: string, face: Card): void {
  // A card reported gone (K missed scans: lifted, read missed) and back on the hand it was dealt to
  // is the same card, not one more.
  if (holds(h, owner, tag)) return;
  h.cardsDealt += 1;
  // TCP_PLAYER_EXPOSED's steps end with "Continue the deal": a card dealt after it was told is that.
  clearAll(h, "TCP_PLAYER_EXPOSED");
  if (owner === "dealer") {
    h.dealerTags.push(tag);
    h.dealerFaces.push(face);
    dealerCard(h);
  } else {
    boxCard(h, owner, tag, face);
  }
  decisionsIfWhole(h);
}

/** A whole deal, not held: the decisions begin (the hold'em "pre-flop" street, with no board). */
function decisionsIfWhole(h: TcpContext): void {
  if (dealComplete(h) || isHeld(h) || !dealIsWhole(h)) return;
  h.phase = "decisions";
  h.out.push({ t: h.t, kind: "street", street: "preflop", board: [] });
}

function boxCard(h: TcpContext, box: number, tag: string, face: Card): void {
  const inHand = h.boxes[box];
  if (!inHand) {
    const strays = (h.strays[box] ??= []);
    strays.push(tag);
    // Told even while the hand is held for something else: the floor's `continue` on that hold lets the
    // deal stand over this card too (strayCardsDiscarded), so the floor must have seen it.
    const dealt = strays.length + (h.discarded[box]?.length ?? 0);
    if (raise(h, tcpSay.strayCards(h.t, box, dealt, strays.length)) && !isHeld(h))
      holdForMisdeal(h, "MISDEAL_CARD_COUNT");
    return;
  }
  inHand.tags.push(tag);
  inHand.faces.push(face);
  if (inHand.tags.length > CARDS_PER_HAND && !mayBeCollected(h, inHand)) {
    cardCount(h, box, inHand.tags.length, `the game deals ${CARDS_PER_HAND}`);
  }
}

/**
 * The box holds a card of the last hand, on this same box, read as dealt again when a new card landed
 * beside it (src/reading/tableReader.ts dealtAgain), and the readers have not yet had time to report the
 * last hand's cards collected (judged the readers' lag after the press). Until then it may be the
 * collected card, listed K scans late: with long scan rounds and the hand dealt again at once after a
 * misdeal (its bets stay on the layout), the box's next cards can come while it is still listed. Its
 * count is not judged on it: if it leaves, the box's cards are the others (lastHandsCardLeft); if it
 * stays, it was dealt again, and the count is judged once the readers have had that time
 * (judgeCountsOnceCollected). The flop games do the same (src/hand/deal.ts mayBeCollected).
 */
function mayBeCollected(h: TcpContext, box: TcpBox): boolean {
  if (!h.timers.some((t) => t.kind === "deckCollected")) return false;
  return box.tags.some((tag) => h.staleWhere[tag] === `seat${box.box}`);
}

/**
 * A card the box listed at the press (the last hand's, on this same box) left it during the deal: the
 * readers had listed it on, K scans late, beside the box's first card of this hand, where it read as
 * dealt again. It was collected: it is not one of the box's cards of this hand (true when it was one;
 * seen next on another hand's antenna, it is a new card there, dealt again). Before, it counted, and
 * the box's third card of this hand read as a fourth (a false MISDEAL_CARD_COUNT after a misdeal's quick
 * re-deal at 600 ms rounds, sim seed 1, hand 437).
 */
export function lastHandsCardLeft(h: TcpContext, box: number, tag: string): boolean {
  const b = h.boxes[box];
  if (dealComplete(h) || h.staleWhere[tag] !== `seat${box}`) return false;
  const early = h.early.findIndex((c) => c.tag === tag && c.owner === box);
  if (early >= 0) {
    h.early.splice(early, 1);
    return true;
  }
  const i = b?.tags.indexOf(tag) ?? -1;
  if (b === undefined || i < 0) return false;
  b.tags.splice(i, 1);
  b.faces.splice(i, 1);
  h.cardsDealt -= 1;
  decisionsIfWhole(h);
  return true;
}

/** The readers have had time to report the last hand's cards collected: a box still holding too many was dealt them. */
export function judgeCountsOnceCollected(h: TcpContext): void {
  for (const b of boxesInOrder(h))
    if (b.tags.length > CARDS_PER_HAND)
      cardCount(h, b.box, b.tags.length, `the game deals ${CARDS_PER_HAND}`);
}

function dealerCard(h: TcpContext): void {
  const n = h.dealerTags.length;
  if (n > CARDS_PER_HAND) {
    cardCount(h, "dealer", n, `the game deals ${CARDS_PER_HAND}`);
  } else if (n === CARDS_PER_HAND) {
    // The dealer's third card is the last card of the deal: a box still short was dealt short.
    dealEnded(h);
  }
}

function dealIsWhole(h: TcpContext): boolean {
  return wrongCardCounts(dealCount(h)).length === 0 && Object.keys(h.strays).length === 0;
}

function dealCount(h: TcpContext) {
  return {
    boxes: boxesInOrder(h).map((b) => ({ box: b.box, cards: b.tags.length })),
    dealer: h.dealerTags.length,
  };
}

/**
 * The deal looks over (the dealer's last card, the first decision, or the `ok` key): every hand must
 * hold three. Judged after the departure lag (`reading.lagMs`: K missed scans and a round), not one
 * round: a box's last card comes in the same round as the dealer's and may be reported after it, and
 * each scan that misses it (a card lifted as it lands, a read missed) puts its first report one round
 * later; the bridge's K is how many misses in a row the reading counts as noise.
 */
export function dealEnded(h: TcpContext): void {
  if (h.phase !== "dealing") return;
  // Chips that change after it (the decisions' Play bets) are not read early by the judgement (`since`).
  schedule(h, { kind: "dealEnd", due: h.t + h.reading.lagMs, since: h.t });
}

/** The lag after the deal looked over: a hand still short (or long) was misdealt. */
export function judgeDealEnd(h: TcpContext, since: number): void {
  if (dealComplete(h) || !h.locked) return;
  const wrong = wrongCardCounts(dealCount(h))[0];
  if (wrong !== undefined && chipsMayStillLeave(h, wrong, since)) return;
  if (wrong !== undefined) cardCount(h, wrong.hand, wrong.cards, `the game deals ${CARDS_PER_HAND}`);
  // Whole now though no card made it so: a box with no card whose chips were read gone after the deal's
  // last card left the hand (bets.ts, takenOffBeforeTheDraw).
  else decisionsIfWhole(h);
}

/**
 * A box in the hand with no card at all may be one whose chips were taken off before the first card
 * and are reported gone late (bets.ts takenOffBeforeTheDraw): its count is judged again once that is
 * known, the chips read before the judgement (`since`). True when it waits.
 */
function chipsMayStillLeave(
  h: TcpContext,
  wrong: { hand: HandOwner; cards: number },
  since: number,
): boolean {
  const known = drawnChipsKnown(h);
  if (wrong.hand === "dealer" || wrong.cards > 0 || known === null || since >= known) return false;
  schedule(h, { kind: "dealEnd", due: Math.max(h.t, known), since: known });
  return true;
}

/**
 * The dealer pressed `exposed`. The card it is about may be reported up to one scan round after the
 * key, so it is judged then: during the deal it is the card just dealt; after it, the dealer's own.
 */
export function cardExposed(h: TcpContext): void {
  if (h.phase === "over") return;
  schedule(h, { kind: "tcpExposed", due: afterOneRound(h), since: h.t });
}

/** One scan round after the `exposed` key: whose card it was. */
export function judgeExposed(h: TcpContext): void {
  if (h.phase === "betting" || h.phase === "over") return;
  const owner: HandOwner | null = dealComplete(h) ? "dealer" : lastDealt(h);
  if (owner === null) return;
  if (rulingOnExposedCard(owner === "dealer" ? "dealer" : "player") === "misdeal") {
    if (!isHeld(h) && raise(h, tcpSay.dealerExposed(h.t))) holdForMisdeal(h, "TCP_DEALER_EXPOSED");
  } else if (owner !== "dealer") {
    raise(h, tcpSay.playerExposed(h.t, owner));
  }
}

/**
 * Whose card was dealt last, by the order of the deal (boxes up, the dealer last in each round), not
 * by the order of the reports: a scan round reports the dealer's card before the last box's.
 */
function lastDealt(h: TcpContext): HandOwner | null {
  const counts = new Map<HandOwner, number>();
  const add = (owner: HandOwner, n: number) => counts.set(owner, (counts.get(owner) ?? 0) + n);
  for (const b of boxesInOrder(h)) add(b.box, b.tags.length);
  for (const [box, tags] of Object.entries(h.strays)) add(Number(box), tags.length);
  add("dealer", h.dealerTags.length);
  for (const c of h.early) add(c.owner, 1);
  let last: HandOwner | null = null;
  let lastKey = -1;
  for (const [owner, n] of counts) {
    if (n === 0) continue;
    // Position in the deal: the round (cards held) first, then the seat in it, the dealer last.
    const key = n * 100 + (owner === "dealer" ? 99 : owner);
    if (key > lastKey) [last, lastKey] = [owner, key];
  }
  return last;
}
