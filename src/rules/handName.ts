/** Hand names the way a dealer calls them at showdown, e.g. "full house, kings full of sevens". */
import {
  FLUSH,
  FOUR_OF_A_KIND,
  FULL_HOUSE,
  HAND_CATEGORIES,
  type HandCategory,
  PAIR,
  packedCategory,
  packedRank,
  STRAIGHT,
  STRAIGHT_FLUSH,
  THREE_OF_A_KIND,
  TWO_PAIR,
} from "./evaluatorClasses.js";
import { rankName, rankPlural } from "./cards.js";
import type { HandScore } from "./evaluator.js";
import { HAND_CLASSES, PACKED_BY_SCORE } from "./evaluatorTables.js";

const ACE = 12;
/** How many ranks decide a hand of each category (high card … straight flush). */
const RANKS_PER_CATEGORY = [5, 4, 3, 3, 1, 5, 2, 2, 1] as const;

/** A score taken apart: its category and the ranks that decide it (0 deuce … 12 ace), most significant first. */
export interface HandDescription {
  category: HandCategory;
  /** Quads/trips/pair ranks first, then kickers; a straight lists only its high card (five for the wheel). */
  ranks: number[];
}

function packedOf(score: HandScore): number {
  const packed =
    Number.isInteger(score) && score >= 1 && score <= HAND_CLASSES ? PACKED_BY_SCORE[score] : undefined;
  if (packed === undefined) throw new Error(`not a hand score: ${score}`);
  return packed;
}

/** Category and deciding ranks of a score. */
export function decodeHand(score: HandScore): HandDescription {
  const packed = packedOf(score);
  const category = packedCategory(packed);
  const ranks: number[] = [];
  for (let i = 0; i < RANKS_PER_CATEGORY[category]!; i++) ranks.push(packedRank(packed, i));
  return { category: HAND_CATEGORIES[category]!, ranks };
}

/** The dealer's name for a score: "two pair, kings and sevens", "queen-high flush", "pair of jacks". */
export function describeHand(score: HandScore): string {
  const packed = packedOf(score);
  const first = packedRank(packed, 0);
  const second = packedRank(packed, 1);
  const one = rankName(first);
  const many = rankPlural(first);
  switch (packedCategory(packed)) {
    case STRAIGHT_FLUSH:
      return first === ACE ? "royal flush" : `straight flush, ${one} high`;
    case FOUR_OF_A_KIND:
      return `four of a kind, ${many}`;
    case FULL_HOUSE:
      return `full house, ${many} full of ${rankPlural(second)}`;
    case FLUSH:
      return `${one}-high flush`;
    case STRAIGHT:
      return `straight, ${one} high`;
    case THREE_OF_A_KIND:
      return `three of a kind, ${many}`;
    case TWO_PAIR:
      return `two pair, ${many} and ${rankPlural(second)}`;
    case PAIR:
      return `pair of ${many}`;
    default:
      return `${one} high`;
  }
}
