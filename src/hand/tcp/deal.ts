/**
 * The deal (digest, "The deal and the decision" and "Misdeals and exposed cards"): three cards to
 * each box in the hand and to the dealer, one at a time, boxes first and the dealer last in each
 * round. The first card locks the bets. A hand holding a fourth card, a card on a box that did not
 * bet, or a deal that ends short is a misdeal; so is an exposed dealer card, but not a player's.
 */
import type { Card } from "../../rules/cards.js";
import { CARDS_PER_HAND, rulingOnExposedCard, wrongCardCounts } from "../../rules/threeCard/deal.js";
import { raise, tcpSay } from "./alerts.js";
import { lockBets } from "./bets.js";
import { boxesInOrder, type HandOwner, type TcpContext } from "./context.js";

function holdForMisdeal(h: TcpContext, code: "MISDEAL_CARD_COUNT" | "TCP_DEALER_EXPOSED"): void {
  h.hold = { kind: "misdeal", code };
}

function cardCount(h: TcpContext, owner: HandOwner, cards: number, why: string): void {
  if (h.hold !== null) return;
  if (raise(h, tcpSay.cardCount(h.t, owner, cards, why))) holdForMisdeal(h, "MISDEAL_CARD_COUNT");
}

/** A card arrived on `seat<N>` (box N) or on `dealer`. */
export function handCardArrived(h: TcpContext, owner: HandOwner, tag: string, face: Card): void {
  if (h.phase === "betting") {
    h.phase = "dealing";
    lockBets(h);
  }
  h.cardsDealt += 1;
  h.lastCardTo = owner;
  if (owner === "dealer") {
    h.dealerTags.push(tag);
    h.dealerFaces.push(face);
    dealerCard(h);
  } else {
    boxCard(h, owner, tag, face);
  }
  if (!h.dealComplete && h.hold === null && dealIsWhole(h)) {
    h.dealComplete = true;
    h.phase = "decisions";
    // The deal is complete: the decisions begin (the hold'em "pre-flop" street, with no board).
    h.out.push({ t: h.t, kind: "street", street: "preflop", board: [] });
  }
}

function boxCard(h: TcpContext, box: number, tag: string, face: Card): void {
  const inHand = h.boxes[box];
  if (!inHand) {
    const strays = (h.strays[box] ??= []);
    strays.push(tag);
    cardCount(h, box, strays.length, "the box has no bet and is not in the hand");
    return;
  }
  inHand.tags.push(tag);
  inHand.faces.push(face);
  if (inHand.tags.length > CARDS_PER_HAND) {
    cardCount(h, box, inHand.tags.length, `the game deals ${CARDS_PER_HAND}`);
  }
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

/** The deal is over (the dealer's last card, the first decision, or the `ok` key): every hand must hold three. */
export function dealEnded(h: TcpContext): void {
  if (h.dealComplete || h.phase === "betting") return;
  const wrong = wrongCardCounts(dealCount(h))[0];
  if (wrong !== undefined) cardCount(h, wrong.hand, wrong.cards, `the game deals ${CARDS_PER_HAND}`);
}

/** The dealer pressed `exposed`: during the deal it is the card just dealt; after it, the dealer's own. */
export function cardExposed(h: TcpContext): void {
  if (h.phase === "betting" || h.phase === "over") return;
  const owner: HandOwner | null = h.dealComplete ? "dealer" : h.lastCardTo;
  if (owner === null) return;
  if (rulingOnExposedCard(owner === "dealer" ? "dealer" : "player") === "misdeal") {
    if (h.hold === null && raise(h, tcpSay.dealerExposed(h.t))) holdForMisdeal(h, "TCP_DEALER_EXPOSED");
  } else if (owner !== "dealer") {
    raise(h, tcpSay.playerExposed(h.t, owner));
  }
}
