/**
 * The decisions (digest, "The deal and the decision"): each box with an Ante either puts its Play
 * bet down (chips on `play<N>`, read in bets.ts) or folds — its cards to the muck, or the `fold` key
 * for the lowest box still to decide. Once every box has decided the dealer turns his cards.
 */
import { anyOpen, clearAll } from "./alerts.js";
import { awaitsPlay, boxesInOrder, type TcpContext } from "./context.js";
import { dealEnded } from "./deal.js";
import { isHeld } from "../hold.js";

/** Box N folds: it loses its Ante (and, by house setting, its side bets). */
export function foldBox(h: TcpContext, box: number): void {
  const b = h.boxes[box];
  if (!b || b.folded) return;
  dealEnded(h);
  b.folded = true;
  b.owesPlay = false;
  b.bets = { ...b.bets, play: 0 };
  clearAll(h, "TCP_BLIND_PLAY_MISSING", box);
}

/** The `fold` key: the lowest box still to decide folds. */
export function foldKey(h: TcpContext): void {
  const next = boxesInOrder(h).find(awaitsPlay);
  if (next) foldBox(h, next.box);
}

/** Boxes still owing a Play bet or a fold, lowest first. */
export function boxesToDecide(h: TcpContext): number[] {
  return boxesInOrder(h)
    .filter(awaitsPlay)
    .map((b) => b.box);
}

/**
 * Whether the dealer may turn his cards now: the deal is complete, every box has decided, nothing
 * holds the hand, and no bet is in dispute (a changed bet waits for the dealer or the floor).
 */
export function readyToReveal(h: TcpContext): boolean {
  return (
    h.phase === "decisions" &&
    !isHeld(h) &&
    boxesToDecide(h).length === 0 &&
    !anyOpen(h, "TCP_BET_AFTER_DEAL")
  );
}
