/**
 * Three-card hand ranking (digest, "Hand ranks, high to low"): straight flush, three of a kind,
 * straight, flush, pair, high card. With three cards a straight is rarer than a flush, so it ranks above it.
 */
import { type Card, rankIndex, rankName, rankPlural, suitIndex } from "../cards.js";

/** Hand categories from lowest to highest; the index is the category's strength. */
export const HAND_CATEGORIES = [
  "highCard",
  "pair",
  "flush",
  "straight",
  "threeOfAKind",
  "straightFlush",
] as const;
export type HandCategory = (typeof HAND_CATEGORIES)[number];

/** An evaluated three-card hand. */
export interface ThreeCardHand {
  readonly cards: readonly Card[];
  readonly category: HandCategory;
  /**
   * The ranks (0 deuce … 12 ace) that decide between hands of one category, most significant first:
   * the top card of a straight (1 for 3-2-A), the trips rank, the pair then the kicker, or all three high to low.
   */
  readonly tiebreak: readonly number[];
  /** Comparable strength: larger is better, equal scores are equal hands (suits never break a tie). */
  readonly score: number;
  /** The hand as the dealer calls it, e.g. "Pair of sevens", "Straight, three high". */
  readonly name: string;
}

const ACE = 12;
const THREE = 1;
const DEUCE = 0;

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Throws unless `cards` are exactly three distinct cards (digest: "Three cards … to each box and to the dealer"). */
export function assertThreeCards(cards: readonly Card[], whose = "hand"): void {
  if (cards.length !== 3) throw new RangeError(`${whose} must hold exactly 3 cards, got ${cards.length}`);
  if (new Set(cards).size !== 3)
    throw new RangeError(`${whose} holds the same card twice: ${cards.join(" ")}`);
}

/** The top rank of a straight, or undefined; the ace also plays low in 3-2-A (digest), the lowest straight. */
function straightTop(high: number, mid: number, low: number): number | undefined {
  if (high - mid === 1 && mid - low === 1) return high;
  if (high === ACE && mid === THREE && low === DEUCE) return THREE;
  return undefined;
}

function categoryAndTiebreak(ranks: readonly [number, number, number], flush: boolean) {
  const [high, mid, low] = ranks;
  const top = straightTop(high, mid, low);
  if (top !== undefined) {
    return { category: flush ? "straightFlush" : "straight", tiebreak: [top] } as const;
  }
  if (high === low) return { category: "threeOfAKind", tiebreak: [high] } as const;
  if (flush) return { category: "flush", tiebreak: [high, mid, low] } as const;
  if (high === mid) return { category: "pair", tiebreak: [high, low] } as const;
  if (mid === low) return { category: "pair", tiebreak: [mid, high] } as const;
  return { category: "highCard", tiebreak: [high, mid, low] } as const;
}

function callHand(category: HandCategory, tiebreak: readonly number[]): string {
  const first = tiebreak[0] ?? 0;
  switch (category) {
    case "straightFlush":
      return `Straight flush, ${rankName(first)} high`;
    case "threeOfAKind":
      return `Three ${rankPlural(first)}`;
    case "straight":
      return `Straight, ${rankName(first)} high`;
    case "flush":
      return `Flush, ${rankName(first)} high`;
    case "pair":
      return `Pair of ${rankPlural(first)}`;
    case "highCard":
      return `${capitalise(rankName(first))} high`;
  }
}

/** Evaluates three distinct cards into category, comparable score and the dealer's call. */
export function evaluateThreeCard(cards: readonly Card[]): ThreeCardHand {
  assertThreeCards(cards);
  const sorted = cards.map(rankIndex).sort((a, b) => b - a) as [number, number, number];
  const suits = new Set(cards.map(suitIndex));
  const { category, tiebreak } = categoryAndTiebreak(sorted, suits.size === 1);
  // Four bits per tiebreak rank below the category: a lexicographic comparison as one number.
  const padded = [...tiebreak, 0, 0, 0].slice(0, 3) as [number, number, number];
  const score = HAND_CATEGORIES.indexOf(category) * 4096 + padded[0] * 256 + padded[1] * 16 + padded[2];
  return { cards: [...cards], category, tiebreak, score, name: callHand(category, tiebreak) };
}

/** Positive when `a` beats `b`, negative when it loses, 0 for equal hands. */
export function compareThreeCard(a: ThreeCardHand, b: ThreeCardHand): number {
  return Math.sign(a.score - b.score);
}

/** True when all three cards are of one colour, red (hearts, diamonds) or black (clubs, spades), for Prime. */
export function isOneColour(cards: readonly Card[]): boolean {
  return new Set(cards.map(cardColour)).size === 1;
}

/** "red" for diamonds and hearts, "black" for clubs and spades. */
export function cardColour(card: Card): "red" | "black" {
  return card[1] === "d" || card[1] === "h" ? "red" : "black";
}
