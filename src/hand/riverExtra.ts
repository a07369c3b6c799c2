/**
 * Two cards for the river of an all-in run-out (BOARD_TOO_MANY): the table waits to see which one the
 * dealer takes off. A dealer who then ends the hand (the `deckcheck` or `shuffler` key) and spreads or
 * collects the cards within the bridge's K missed scans leaves no trace of which it was: the card taken
 * off comes back with the spread, or leaves in the same report as the rest (three readers, 5 missed
 * scans, seed 104 at 600 ms rounds, hand 3247; 5 missed scans and a 900 ms settle window, seeds 89 and
 * 110 at 700 ms rounds, hands 10793 and 588: the deck check refused and the spread read into the hand,
 * every later hand lost). Nobody acts in a run-out, so the river decides only the awards: when either
 * card gives the same awards, the hand ends at the key on the first of the two as its river. When they
 * differ the table cannot tell the result, and the hand waits for the readers as before (docs/floor.md,
 * "What the readers cannot show").
 */
import type { HandContext } from "./context.js";
import { boardCardLeft } from "./board.js";
import { procedureOf } from "./procedure.js";
import { showdownAwards } from "./settle.js";

/** The river's two cards in a run-out still waiting for one to leave: [the river, the extra], or null. */
function riverPair(h: HandContext): [string, string] | null {
  const proc = procedureOf(h);
  if (proc.kind !== "tooMany" || proc.street !== "river" || h.betting.phase !== "runout") return null;
  const tags = h.board.tags;
  return tags.length === 6 ? [tags[4]!, tags[5]!] : null;
}

/** Whether the key ends the hand here: either card as the river gives the same awards. */
export function riverExtraMattersNot(h: HandContext): boolean {
  if (riverPair(h) === null) return false;
  const cards = h.board.cards;
  const awards = (river: number) =>
    showdownAwards(h, [...cards.slice(0, 4), cards[river]!])
      .map((a) => `${a.pot}:${a.seat}:${a.amount}`)
      .sort()
      .join(" ");
  return awards(4) === awards(5);
}

/** The dealer ended the hand: if the river does not matter, the second card is the one taken off. */
export function riverExtraAtTheEnd(h: HandContext): void {
  if (riverExtraMattersNot(h)) boardCardLeft(h, riverPair(h)![1]);
}
