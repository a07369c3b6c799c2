import { describe, expect, it } from "vitest";
import { type Card, fullDeck, parseCards } from "../../../src/rules/cards.js";
import {
  compareThreeCard,
  evaluateThreeCard,
  HAND_CATEGORIES,
  type HandCategory,
  isOneColour,
} from "../../../src/rules/threeCard/index.js";

const hand = (s: string) => evaluateThreeCard(parseCards(s));
const beats = (a: string, b: string) => compareThreeCard(hand(a), hand(b));

function* allThreeCardHands(): Generator<Card[]> {
  const deck = fullDeck();
  for (let i = 0; i < deck.length; i++)
    for (let j = i + 1; j < deck.length; j++)
      for (let k = j + 1; k < deck.length; k++) yield [deck[i]!, deck[j]!, deck[k]!];
}

describe("Hand ranks, high to low", () => {
  it("One standard 52-card deck: all 22,100 three-card hands, counted per category", () => {
    const counts = Object.fromEntries(HAND_CATEGORIES.map((c) => [c, 0])) as Record<HandCategory, number>;
    let total = 0;
    for (const cards of allThreeCardHands()) {
      counts[evaluateThreeCard(cards).category]++;
      total++;
    }
    expect(fullDeck()).toHaveLength(52);
    expect(total).toBe(22_100);
    expect(counts).toEqual({
      straightFlush: 48,
      threeOfAKind: 52,
      straight: 720,
      flush: 1_096,
      pair: 3_744,
      highCard: 16_440,
    });
  });

  it("Straight flush; three of a kind; straight; flush; pair; high card", () => {
    const ladder = ["3h2hAh", "2c2d2h", "AsKdQc", "AhKhJh", "AsAdKc", "AsKdJc"];
    const categories = ladder.map((s) => hand(s).category);
    expect(categories).toEqual(["straightFlush", "threeOfAKind", "straight", "flush", "pair", "highCard"]);
    // The weakest hand of each category beats the strongest of the one below it.
    expect(beats("4h3h2h", "AsAdAc")).toBe(1); // straight flush > three of a kind
    expect(beats("2c2d2h", "AsKdQc")).toBe(1); // three of a kind > straight
    expect(beats("3c2dAh", "AhKhJh")).toBe(1); // straight > flush
    expect(beats("5h3h2h", "AsAdKc")).toBe(1); // flush > pair
    expect(beats("2s2d3c", "AsKdJc")).toBe(1); // pair > high card
  });

  it("A straight ranks above a flush (three-card ranking)", () => {
    expect(hand("4c3d2h").score).toBeGreaterThan(hand("AhKhJh").score);
  });

  it("Cards rank A K Q J 10 … 2", () => {
    const order = "AKQJT98765432";
    for (let i = 0; i + 1 < order.length; i++) {
      const [hi, lo] = [order[i], order[i + 1]];
      expect(beats(`${hi}s${hi}d${hi}h`, `${lo}s${lo}d${lo}h`)).toBe(1);
    }
    expect(beats("AsJd9c", "KsJd9c")).toBe(1);
    expect(beats("TsTd2c", "9s9dAc")).toBe(1);
  });

  it("the ace may also be low to make 3-2-A (the lowest straight or straight flush)", () => {
    expect(hand("3c2dAh").category).toBe("straight");
    expect(hand("3h2hAh").category).toBe("straightFlush");
    expect(beats("4c3d2h", "3c2dAh")).toBe(1);
    expect(beats("4h3h2h", "3s2sAs")).toBe(1);
    expect(hand("3c2dAh").name).toBe("Straight, three high");
  });

  it("Exhaustively, 3-2-A is the lowest and A-K-Q the highest of the 12 straights", () => {
    const straights = new Map<number, string>();
    for (const cards of allThreeCardHands()) {
      const h = evaluateThreeCard(cards);
      if (h.category === "straight") straights.set(h.score, [...h.cards].sort().join(""));
    }
    const scores = [...straights.keys()].sort((a, b) => a - b);
    expect(scores).toHaveLength(12);
    expect(hand("3c2dAh").score).toBe(scores[0]);
    expect(hand("AsKdQc").score).toBe(scores[11]);
  });

  it("A-K-Q is the highest straight and straight flush; the ace does not wrap round (K-A-2 is no straight)", () => {
    expect(beats("AsKdQc", "KsQdJc")).toBe(1);
    expect(beats("AsKsQs", "KhQhJh")).toBe(1);
    expect(hand("KsAd2c").category).toBe("highCard");
    expect(hand("QsAd2c").category).toBe("highCard");
  });

  it("Equal hands compare equal: suits never break a tie", () => {
    expect(beats("AsKdQc", "AhKcQd")).toBe(0);
    expect(beats("AhJh9h", "AsJs9s")).toBe(0);
    expect(beats("7s7d4c", "7h7c4d")).toBe(0);
  });

  it("Pair then kicker; flush and high card compare all three cards in turn", () => {
    expect(beats("7s7d5c", "7h7c4d")).toBe(1);
    expect(beats("AhJh9h", "AsJs8s")).toBe(1);
    expect(beats("AhJd3c", "AsTd9c")).toBe(1);
    expect(beats("KhKd2c", "QsQdAc")).toBe(1);
  });

  it("The score orders every pair of hands exactly as compareThreeCard does", () => {
    const sample = ["3h2hAh", "2c2d2h", "AsKdQc", "AhKhJh", "AsAdKc", "AsKdJc", "Qs5d2c", "Js9d8c"].map(hand);
    for (const a of sample)
      for (const b of sample) expect(compareThreeCard(a, b)).toBe(Math.sign(a.score - b.score));
  });

  it("The dealer calls each hand by name", () => {
    expect(hand("AsKsQs").name).toBe("Straight flush, ace high");
    expect(hand("KcKdKh").name).toBe("Three kings");
    expect(hand("6c6d6h").name).toBe("Three sixes");
    expect(hand("QsJdTc").name).toBe("Straight, queen high");
    expect(hand("Ad9d2d").name).toBe("Flush, ace high");
    expect(hand("7s7dKc").name).toBe("Pair of sevens");
    expect(hand("2s2dKc").name).toBe("Pair of deuces");
    expect(hand("Qs5d2c").name).toBe("Queen high");
  });

  it("Three cards face down to each box: a hand is exactly three distinct cards", () => {
    expect(() => evaluateThreeCard(parseCards("AsKs"))).toThrow(RangeError);
    expect(() => evaluateThreeCard(parseCards("AsKsQsJs"))).toThrow(RangeError);
    expect(() => evaluateThreeCard(parseCards("AsAsKd"))).toThrow(/same card/);
  });

  it("Prime colours: hearts and diamonds are red, clubs and spades black", () => {
    expect(isOneColour(parseCards("2h9dKh"))).toBe(true);
    expect(isOneColour(parseCards("2c9sKc"))).toBe(true);
    expect(isOneColour(parseCards("2h9sKh"))).toBe(false);
  });
});
