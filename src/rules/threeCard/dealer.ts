/** The dealer's qualifying hand (digest, "Settling": "The dealer qualifies with queen-high or better"). */
import { rankIndex } from "../cards.js";
import type { ThreeCardHand } from "./hand.js";

const QUEEN = rankIndex("Qs");

/** True when the dealer's hand is queen-high or better. */
export function dealerQualifies(dealer: ThreeCardHand): boolean {
  if (dealer.category !== "highCard") return true;
  return (dealer.tiebreak[0] ?? 0) >= QUEEN;
}
