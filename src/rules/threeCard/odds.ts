/** Looks up the pay-table line a hand earns, or undefined when it earns none (digest, "Settling"). */
import type { Card } from "../cards.js";
import { cardColour, type HandCategory, isOneColour } from "./hand.js";
import type { PayTable } from "./payTable.js";

/** The Ante bonus odds for a straight or better, else undefined. */
export function anteBonusOdds(category: HandCategory, table: PayTable): number | undefined {
  switch (category) {
    case "straightFlush":
    case "threeOfAKind":
    case "straight":
      return table.anteBonus[category];
    default:
      return undefined;
  }
}

/** The Pair Plus odds for a pair or better, else undefined. */
export function pairPlusOdds(category: HandCategory, table: PayTable): number | undefined {
  return category === "highCard" ? undefined : table.pairPlus[category];
}

/**
 * The Prime odds: the player's three cards of one colour pay the lower line, raised when the dealer's three
 * are of one colour too (digest). The dealer's colour counts only in that boost, never against the player.
 */
export function primeOdds(
  player: readonly Card[],
  dealer: readonly Card[],
  table: PayTable,
): number | undefined {
  if (!isOneColour(player)) return undefined;
  const [first] = player;
  const [dealerFirst] = dealer;
  const dealerToo =
    isOneColour(dealer) &&
    (!table.prime.dealerColourMustMatch ||
      (first !== undefined && dealerFirst !== undefined && cardColour(first) === cardColour(dealerFirst)));
  return dealerToo ? table.prime.dealerOneColourToo : table.prime.playerOneColour;
}
