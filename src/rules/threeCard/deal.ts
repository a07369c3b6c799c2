/** Misdeals and exposed cards (digest, "Misdeals and exposed cards"). */

/** Cards each box and the dealer receive (digest: "Three cards face down to each box and to the dealer"). */
export const CARDS_PER_HAND = 3;

export interface DealCount {
  /** Cards on each box, by box number. */
  readonly boxes: ReadonlyArray<{ readonly box: number; readonly cards: number }>;
  readonly dealer: number;
}

/** The hands holding a wrong number of cards once the deal is complete; any one of them makes a misdeal. */
export function wrongCardCounts(
  deal: DealCount,
): Array<{ readonly hand: number | "dealer"; readonly cards: number }> {
  const out: Array<{ hand: number | "dealer"; cards: number }> = [];
  for (const b of deal.boxes) if (b.cards !== CARDS_PER_HAND) out.push({ hand: b.box, cards: b.cards });
  if (deal.dealer !== CARDS_PER_HAND) out.push({ hand: "dealer", cards: deal.dealer });
  return out;
}

/** True when the completed deal is a misdeal: an incorrect number of cards to the dealer or to any box. */
export function isMisdealByCount(deal: DealCount): boolean {
  return wrongCardCounts(deal).length > 0;
}

/**
 * The ruling on an exposed card: a player's card is turned over and the deal goes on; any of the dealer's
 * cards exposed is a misdeal, since his hand decides every box.
 */
export function rulingOnExposedCard(owner: "player" | "dealer"): "continue" | "misdeal" {
  return owner === "dealer" ? "misdeal" : "continue";
}
