/** The dealer's deck: a shuffled stub to draw from, and the physical tags of its cards. */
import { type Card, fullDeck } from "../rules/cards.js";
import { type Rng, shuffled } from "./random.js";

/** The tag of a card of the deck in play (`card:A:As`); `copy` 2 is a second physical card of that face. */
export function cardTag(deck: string, face: Card, copy = 1): string {
  return copy === 1 ? `card:${deck}:${face}` : `card:${deck}:${face}/${copy}`;
}

/** The face of a card tag of any deck (`card:A:As/2` → `As`), or null for a chip. */
export function faceOf(tag: string): Card | null {
  const m = /^card:[^:]+:([2-9TJQKA][cdhs])/.exec(tag);
  return m ? (m[1] as Card) : null;
}

/** The cards not yet dealt, top card last; returned cards are reshuffled into it (RP-5). */
export class Stub {
  private cards: Card[];

  constructor(private readonly rng: Rng) {
    this.cards = shuffled(rng, fullDeck());
  }

  /** The top card. */
  draw(): Card {
    const card = this.cards.pop();
    if (card === undefined) throw new Error("the stub ran out of cards");
    return card;
  }

  /** Cards go back into the stub, which is then reshuffled (premature cards, RP-5). */
  putBack(cards: readonly Card[]): void {
    this.cards.push(...cards);
    this.reshuffle();
  }

  /** The stub is reshuffled on its own (RP-5C before the river). */
  reshuffle(): void {
    this.cards = shuffled(this.rng, this.cards);
  }

  get size(): number {
    return this.cards.length;
  }
}
