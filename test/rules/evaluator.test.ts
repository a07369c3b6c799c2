import { beforeAll, describe, expect, it } from "vitest";
import { type Card, cardIndex, parseCards } from "../../src/rules/cards.js";
import {
  evaluate5,
  evaluate6,
  evaluate7,
  evaluateCards,
  evaluateHand,
  evaluateIndices,
  HAND_CATEGORIES,
  handCategory,
} from "../../src/rules/evaluator.js";
import { dealHands, phe, seededRandom } from "./evaluatorFixtures.js";

const cards = (s: string): Card[] => parseCards(s.replaceAll(" ", ""));
const score = (s: string): number => evaluateCards(cards(s));

describe("five-card hands: all 2,598,960 of them", () => {
  const hands = new Map<string, number>();
  const classes = new Map<string, Set<number>>();
  beforeAll(() => {
    for (let a = 0; a < 48; a++)
      for (let b = a + 1; b < 49; b++)
        for (let c = b + 1; c < 50; c++)
          for (let d = c + 1; d < 51; d++)
            for (let e = d + 1; e < 52; e++) {
              const s = evaluate5(a, b, c, d, e);
              const category = handCategory(s);
              hands.set(category, (hands.get(category) ?? 0) + 1);
              let seen = classes.get(category);
              if (!seen) classes.set(category, (seen = new Set()));
              seen.add(s);
            }
  });

  it("has the textbook number of hands in each category", () => {
    expect(Object.fromEntries(hands)).toEqual({
      "straight flush": 40,
      "four of a kind": 624,
      "full house": 3744,
      flush: 5108,
      straight: 10200,
      "three of a kind": 54912,
      "two pair": 123552,
      pair: 1098240,
      "high card": 1302540,
    });
  });

  it("has 7,462 distinct hands, split by category as in the textbooks", () => {
    const distinct = Object.fromEntries(HAND_CATEGORIES.map((c) => [c, classes.get(c)?.size]));
    expect(distinct).toEqual({
      "straight flush": 10,
      "four of a kind": 156,
      "full house": 156,
      flush: 1277,
      straight: 10,
      "three of a kind": 858,
      "two pair": 858,
      pair: 2860,
      "high card": 1277,
    });
    const all = [...classes.values()].flatMap((s) => [...s]);
    expect(Math.min(...all)).toBe(1);
    expect(Math.max(...all)).toBe(7462);
  });
});

describe("ordering", () => {
  it("ranks the categories and the edge cases the right way round", () => {
    const ladder = [
      "7c 5d 4h 3s 2c", // the worst hand
      "Ac Kd Qh Js 9c",
      "2c 2d 3h 4s 5c",
      "Ac Ad Kh Qs Jc",
      "2c 2d 3h 3s 4c",
      "Ac Ad Kh Ks Qc",
      "2c 2d 2h 3s 4c",
      "Ac Ad Ah Ks Qc",
      "Ac 2d 3h 4s 5c", // the wheel: the lowest straight
      "2c 3d 4h 5s 6c",
      "Tc Jd Qh Ks Ac",
      "2c 3c 4c 5c 7c",
      "Ac Kc Qc Jc 9c",
      "2c 2d 2h 3s 3c",
      "Ac Ad Ah Ks Kc",
      "2c 2d 2h 2s 3c",
      "Ac Ad Ah As Kc",
      "Ac 2c 3c 4c 5c", // steel wheel
      "Tc Jc Qc Kc Ac",
    ];
    const scores = ladder.map(score);
    for (let i = 1; i < scores.length; i++) expect(scores[i], ladder[i]).toBeGreaterThan(scores[i - 1]!);
  });

  it("plays the board when the hole cards do not help, and ties", () => {
    const board = "Ac Kd Qh Js Tc";
    expect(score(`${board} 2c 3d`)).toBe(score(`${board} 4h 5s`));
    expect(handCategory(score(`${board} 2c 3d`))).toBe("straight");
  });

  it("picks the best five of seven: the higher full house, the best kickers", () => {
    expect(score("Kc Kd Kh 7s 7c 7d 2h")).toBe(score("Kc Kd Kh 7s 7c"));
    expect(score("9c 9d 4h 4s 2c 2d Ah")).toBe(score("9c 9d 4h 4s Ah"));
    expect(score("Ac Ad Ah As Kc Kd Qh")).toBe(score("Ac Ad Ah As Kc"));
    expect(score("2h 3h 4h 5h 6h 7h 8h")).toBe(score("4h 5h 6h 7h 8h"));
    expect(score("Ah 9h 7h 5h 3h 2h Kc")).toBe(score("Ah 9h 7h 5h 3h"));
  });
});

describe("seven and six cards against phe", () => {
  /** Orders two hands with both evaluators; phe's scale is reversed (lower is better). */
  function disagreements(size: number, count: number, seed: number): string[] {
    const hands = dealHands(count + 1, size, seededRandom(seed));
    const ours = new Int32Array(count + 1);
    const theirs = new Int32Array(count + 1);
    for (let h = 0; h <= count; h++) {
      const hand = hands.subarray(h * size, (h + 1) * size);
      ours[h] = evaluateIndices(hand);
      theirs[h] = phe.evaluateCardCodes(Array.from(hand));
    }
    const out: string[] = [];
    for (let h = 0; h < count; h++) {
      if (Math.sign(ours[h]! - ours[h + 1]!) !== Math.sign(theirs[h + 1]! - theirs[h]!)) {
        out.push(Array.from(hands.subarray(h * size, (h + 2) * size)).join(","));
      }
    }
    return out;
  }

  it("orders 100,000 pairs of random 7-card hands exactly as phe does", () => {
    expect(disagreements(7, 100_000, 7)).toEqual([]);
  });

  it("orders 30,000 pairs of random 6-card hands exactly as phe does", () => {
    expect(disagreements(6, 30_000, 6)).toEqual([]);
  });

  it("gives a 7-card hand the score of its best 5-card subset", () => {
    const hands = dealHands(5_000, 7, seededRandom(11));
    for (let h = 0; h < 5_000; h++) {
      const c = hands.subarray(h * 7, h * 7 + 7);
      let best = 0;
      for (let skip1 = 0; skip1 < 7; skip1++)
        for (let skip2 = skip1 + 1; skip2 < 7; skip2++) {
          const five = Array.from(c).filter((_, i) => i !== skip1 && i !== skip2);
          best = Math.max(best, evaluate5(five[0]!, five[1]!, five[2]!, five[3]!, five[4]!));
        }
      expect(evaluate7(c[0]!, c[1]!, c[2]!, c[3]!, c[4]!, c[5]!, c[6]!)).toBe(best);
      expect(evaluate6(c[0]!, c[1]!, c[2]!, c[3]!, c[4]!, c[5]!)).toBe(
        evaluateCards(cardsOf(c.subarray(0, 6))),
      );
    }
  });
});

const DECK_BY_INDEX = new Map<number, Card>(
  "23456789TJQKA"
    .split("")
    .flatMap((r) => "cdhs".split("").map((s) => [cardIndex(`${r}${s}` as Card), `${r}${s}` as Card])),
);
function cardsOf(indices: ArrayLike<number>): Card[] {
  return Array.from(indices, (i) => DECK_BY_INDEX.get(i)!);
}

describe("the Card API", () => {
  it("accepts the same hand as strings or as indices", () => {
    const hand = cards("As Kd 7h 7c 2s 9d Th");
    expect(evaluateCards(hand)).toBe(evaluateIndices(hand.map(cardIndex)));
  });

  it("refuses a card seen twice, a non-card and the wrong number of cards", () => {
    expect(() => evaluateCards(cards("As As Kd Qh Jc"))).toThrow(/twice/);
    expect(() => evaluateCards(["As", "Kd", "Qh", "Jc", "1x" as Card])).toThrow(/not a card/);
    expect(() => evaluateCards(cards("As Kd Qh Jc"))).toThrow(/5 to 7/);
    expect(() => evaluateCards(cards("As Kd Qh Jc Tc 9c 8c 7c"))).toThrow(/5 to 7/);
  });

  it("gives the score with its category", () => {
    expect(evaluateHand(cards("Qd Td 7d 5d 3d 2c Kh"))).toEqual({
      score: score("Qd Td 7d 5d 3d"),
      category: "flush",
    });
  });

  it("names the category of a score and rejects a non-score", () => {
    expect(handCategory(score("Ac Ad Kh Ks Qc"))).toBe("two pair");
    expect(() => handCategory(0)).toThrow();
    expect(() => handCategory(7463)).toThrow();
  });
});
