/** Which physical card goes where in a simulated PHH hand: known faces, stand-ins for `????`, and burns. */
import { type Card, fullDeck } from "../rules/cards.js";
import type { PhhHand } from "../rules/phh/read.js";
import { type Rng, shuffled } from "./random.js";

export interface CardPlan {
  /** Hole cards by PHH player number, in the order they are dealt. */
  readonly hole: ReadonlyMap<number, readonly Card[]>;
  /** One burn card per board dealing, in order. */
  readonly burns: readonly Card[];
}

/**
 * Plans the cards of the hand. A real table reads every card, so a `????` hand gets distinct faces that
 * the record does not use anywhere (or the cards the player later shows); burns come from the same pool.
 */
export function planCards(hand: PhhHand, rng: Rng): CardPlan {
  const used = new Set<Card>();
  const dealt = new Map<number, readonly Card[] | null>();
  const shown = new Map<number, readonly Card[]>();
  let boardDeals = 0;
  for (const a of hand.actions) {
    if (a.kind === "deal-hole") {
      if (dealt.has(a.player)) throw new Error(`${hand.file}: p${a.player} is dealt twice (draw games)`);
      dealt.set(a.player, a.cards);
      a.cards?.forEach((c) => used.add(c));
    } else if (a.kind === "deal-board") {
      boardDeals += 1;
      a.cards.forEach((c) => used.add(c));
    } else if (a.kind === "show" && Array.isArray(a.cards)) {
      shown.set(a.player, a.cards);
      a.cards.forEach((c) => used.add(c));
    }
  }
  const pool = shuffled(
    rng,
    fullDeck().filter((c) => !used.has(c)),
  );
  const draw = (): Card => {
    const c = pool.pop();
    if (c === undefined) throw new Error(`${hand.file}: the deck ran out of unused cards`);
    return c;
  };
  const hole = new Map<number, readonly Card[]>();
  for (const [player, cards] of dealt) {
    const known = cards ?? shown.get(player);
    hole.set(player, known ?? Array.from({ length: hand.game.holeCards }, draw));
  }
  const burns = Array.from({ length: boardDeals }, draw);
  return { hole, burns };
}
