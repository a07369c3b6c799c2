/** The players' decisions and the dealer's turn (digest, "The deal and the decision"). */
import type { PlayerBox } from "./bets.js";

/** A box during the decision: its bets and whether its player has folded it. */
export interface BoxInDecision extends PlayerBox {
  readonly folded: boolean;
}

/**
 * True while a box still owes its decision: an open box with an Ante that has neither put its Play bet down
 * nor folded. Blind boxes owe none (their Play went down before the deal); a Pair Plus-only box has no Ante to play.
 */
export function awaitsDecision(box: BoxInDecision): boolean {
  return !box.blind && box.bets.ante > 0 && box.bets.play === 0 && !box.folded;
}

/** The boxes still to decide, by box number. */
export function boxesAwaitingDecision(boxes: readonly BoxInDecision[]): number[] {
  return boxes.filter(awaitsDecision).map((b) => b.box);
}

/** Whether the dealer may turn his cards: only once all decisions are made. */
export function mayTurnDealerCards(boxes: readonly BoxInDecision[]): boolean {
  return boxes.every((b) => !awaitsDecision(b));
}
