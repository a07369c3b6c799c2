import { describe, expect, it } from "vitest";
import { type Card, parseCards } from "../../src/rules/cards.js";
import { evaluateCards, handCategory } from "../../src/rules/evaluator.js";
import { decodeHand, describeHand } from "../../src/rules/handName.js";

const name = (s: string): string => describeHand(evaluateCards(parseCards(s.replaceAll(" ", "")) as Card[]));

describe("hand names as the dealer calls them", () => {
  it.each([
    ["Ts Js Qs Ks As 2d 3c", "royal flush"],
    ["5h 6h 7h 8h 9h Kc Kd", "straight flush, nine high"],
    ["Ad 2d 3d 4d 5d 9c 9h", "straight flush, five high"],
    ["9c 9d 9h 9s Ac 2d 3h", "four of a kind, nines"],
    ["Kc Kd Kh 7s 7c 2d 3h", "full house, kings full of sevens"],
    ["Ah 9h 7h 5h 3h 2c Kd", "ace-high flush"],
    ["Qd Td 7d 5d 3d 2c Kh", "queen-high flush"],
    ["5c 6d 7h 8s 9c Kd 2h", "straight, nine high"],
    ["Ac 2d 3h 4s 5c Kd 9h", "straight, five high"],
    ["Tc Jd Qh Ks Ac 2d 3h", "straight, ace high"],
    ["4c 4d 4h As Kc 2d 9h", "three of a kind, fours"],
    ["Kc Kd 7h 7s 2c 3d 9h", "two pair, kings and sevens"],
    ["6c 6d 2h 2s Ac 3d 9h", "two pair, sixes and deuces"],
    ["Jc Jd 2h 4s 6c 8d Ah", "pair of jacks"],
    ["Ac Qd 9h 7s 5c 3d 2h", "ace high"],
    ["7c 5d 4h 3s 2c", "seven high"],
  ])("%s is %s", (hand, expected) => {
    expect(name(hand)).toBe(expected);
  });

  it("names every one of the 7,462 scores after its category", () => {
    const opening: Record<string, RegExp> = {
      "straight flush": /^(royal flush|straight flush, \w+ high)$/,
      "four of a kind": /^four of a kind, \w+s$/,
      "full house": /^full house, \w+s full of \w+s$/,
      flush: /^\w+-high flush$/,
      straight: /^straight, \w+ high$/,
      "three of a kind": /^three of a kind, \w+s$/,
      "two pair": /^two pair, \w+s and \w+s$/,
      pair: /^pair of \w+s$/,
      "high card": /^\w+ high$/,
    };
    for (let score = 1; score <= 7462; score++) {
      expect(describeHand(score)).toMatch(opening[handCategory(score)]!);
    }
    expect(() => describeHand(0)).toThrow();
    expect(() => describeHand(1.5)).toThrow();
  });

  it("takes a score apart into category and deciding ranks", () => {
    expect(decodeHand(evaluateCards(parseCards("KcKd7h7s2c3d9h")))).toEqual({
      category: "two pair",
      ranks: [11, 5, 7],
    });
    expect(decodeHand(evaluateCards(parseCards("Ac2d3h4s5cKd9h")))).toEqual({
      category: "straight",
      ranks: [3],
    });
  });
});
