import { describe, expect, it } from "vitest";
import {
  CARDS_PER_HAND,
  isMisdealByCount,
  rulingOnExposedCard,
  wrongCardCounts,
} from "../../../src/rules/threeCard/index.js";

describe("Misdeals and exposed cards", () => {
  it("Three cards face down to each box and to the dealer", () => {
    expect(CARDS_PER_HAND).toBe(3);
    expect(
      isMisdealByCount({
        boxes: [
          { box: 1, cards: 3 },
          { box: 4, cards: 3 },
        ],
        dealer: 3,
      }),
    ).toBe(false);
  });

  it("An incorrect number of cards dealt to the dealer or to any player is a misdeal", () => {
    expect(isMisdealByCount({ boxes: [{ box: 1, cards: 3 }], dealer: 2 })).toBe(true);
    expect(isMisdealByCount({ boxes: [{ box: 1, cards: 3 }], dealer: 4 })).toBe(true);
    expect(
      isMisdealByCount({
        boxes: [
          { box: 1, cards: 3 },
          { box: 2, cards: 4 },
        ],
        dealer: 3,
      }),
    ).toBe(true);
    expect(
      wrongCardCounts({
        boxes: [
          { box: 1, cards: 2 },
          { box: 2, cards: 3 },
        ],
        dealer: 4,
      }),
    ).toEqual([
      { hand: 1, cards: 2 },
      { hand: "dealer", cards: 4 },
    ]);
  });

  it("An exposed player card is not a misdeal: the dealer turns it over and continues", () => {
    expect(rulingOnExposedCard("player")).toBe("continue");
  });

  it("One or more of the dealer's cards exposed is a misdeal", () => {
    expect(rulingOnExposedCard("dealer")).toBe("misdeal");
  });
});
