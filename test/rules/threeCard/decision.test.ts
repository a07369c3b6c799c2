import { describe, expect, it } from "vitest";
import {
  awaitsDecision,
  type BoxInDecision,
  boxesAwaitingDecision,
  mayTurnDealerCards,
  NO_BETS,
  type ThreeCardBets,
} from "../../../src/rules/threeCard/index.js";

const box = (n: number, blind: boolean, b: Partial<ThreeCardBets>, folded = false): BoxInDecision => ({
  box: n,
  blind,
  folded,
  bets: { ...NO_BETS, ...b },
});

describe("The deal and the decision", () => {
  it("After looking at his cards (blind hands excepted), a player either folds or places a Play bet equal to the Ante", () => {
    expect(awaitsDecision(box(1, false, { ante: 10 }))).toBe(true);
    expect(awaitsDecision(box(1, false, { ante: 10, play: 10 }))).toBe(false);
    expect(awaitsDecision(box(1, false, { ante: 10 }, true))).toBe(false);
    expect(awaitsDecision(box(2, true, { ante: 10, play: 10 }))).toBe(false); // blind: no decision
    expect(awaitsDecision(box(3, false, { pairPlus: 10 }))).toBe(false); // Pair Plus only: nothing to decide
  });

  it("Once all decisions are made, the dealer turns his cards", () => {
    const boxes = [
      box(1, false, { ante: 10 }),
      box(2, true, { ante: 10, play: 10 }),
      box(3, false, { ante: 5 }),
    ];
    expect(boxesAwaitingDecision(boxes)).toEqual([1, 3]);
    expect(mayTurnDealerCards(boxes)).toBe(false);
    const decided = [box(1, false, { ante: 10, play: 10 }), boxes[1]!, box(3, false, { ante: 5 }, true)];
    expect(boxesAwaitingDecision(decided)).toEqual([]);
    expect(mayTurnDealerCards(decided)).toBe(true);
  });
});
