/**
 * Hand evaluation for hold'em (best five of 5–7 cards) and Omaha (exactly two hole cards and three
 * board cards). Scores are integers 1…7462, higher is better, equal scores tie. The index functions
 * (`evaluate5/6/7`, `evaluateIndices`, `evaluateOmahaIndices`) take `cardIndex` values, allocate nothing
 * and do not validate; the Card functions check their input and are the ones to call with table data.
 */
import { type Card, cardIndex, fullDeck, parseCard, RANKS, rankIndex, SUITS, suitIndex } from "./cards.js";
import { HAND_CATEGORIES, type HandCategory } from "./evaluatorClasses.js";
import {
  CATEGORY_BY_SCORE,
  FLUSH_SCORE,
  RANK_TABLE_5,
  RANK_TABLE_6,
  RANK_TABLE_7,
  RANK_WEIGHTS,
  ROW_BITS,
  ROW_MASK,
} from "./evaluatorTables.js";

export { HAND_CATEGORIES, type HandCategory } from "./evaluatorClasses.js";

/** A hand's strength: 1 (7-5-4-3-2 offsuit) … 7462 (royal flush); compare with `>`. */
export type HandScore = number;

const DECK = fullDeck();
/** Rank weight of each card index, summed to identify the hand's rank pattern. */
const RANK_KEY = Int32Array.from(DECK, (c) => RANK_WEIGHTS[rankIndex(c)]!);
/** One 3-bit counter per suit; a counter reaching 5, 6 or 7 has bit 2 and bit 1 or 0 set. */
const SUIT_KEY = Int32Array.from(DECK, (c) => 1 << (3 * suitIndex(c)));
const RANK_BIT = Int32Array.from(DECK, (c) => 1 << rankIndex(c));
const SUIT_COUNTER_TOP_BITS = 0b100_100_100_100;

const O5 = RANK_TABLE_5.offsets;
const V5 = RANK_TABLE_5.values;
const O6 = RANK_TABLE_6.offsets;
const V6 = RANK_TABLE_6.values;
const O7 = RANK_TABLE_7.offsets;
const V7 = RANK_TABLE_7.values;

/** Non-zero (the top bit of the flush suit's counter) when some suit holds five or more of the cards. */
function flushFlag(suits: number): number {
  return suits & ((suits << 1) | (suits << 2)) & SUIT_COUNTER_TOP_BITS;
}

/** Rank bit of card `c` when it is of the suit whose counter unit is `suitKey`, else 0. */
function bitIn(suitKey: number, c: number): number {
  return SUIT_KEY[c] === suitKey ? RANK_BIT[c]! : 0;
}

/** Score of five cards given as card indices. */
export function evaluate5(a: number, b: number, c: number, d: number, e: number): HandScore {
  const suits = SUIT_KEY[a]! + SUIT_KEY[b]! + SUIT_KEY[c]! + SUIT_KEY[d]! + SUIT_KEY[e]!;
  if (flushFlag(suits) !== 0)
    return FLUSH_SCORE[RANK_BIT[a]! | RANK_BIT[b]! | RANK_BIT[c]! | RANK_BIT[d]! | RANK_BIT[e]!]!;
  const key = RANK_KEY[a]! + RANK_KEY[b]! + RANK_KEY[c]! + RANK_KEY[d]! + RANK_KEY[e]!;
  return V5[O5[key >>> ROW_BITS]! + (key & ROW_MASK)]!;
}

/** Score of the best five of six cards given as card indices. */
export function evaluate6(a: number, b: number, c: number, d: number, e: number, f: number): HandScore {
  const suits = SUIT_KEY[a]! + SUIT_KEY[b]! + SUIT_KEY[c]! + SUIT_KEY[d]! + SUIT_KEY[e]! + SUIT_KEY[f]!;
  const flush = flushFlag(suits);
  if (flush !== 0) {
    const s = flush >>> 2;
    return FLUSH_SCORE[bitIn(s, a) | bitIn(s, b) | bitIn(s, c) | bitIn(s, d) | bitIn(s, e) | bitIn(s, f)]!;
  }
  const key = RANK_KEY[a]! + RANK_KEY[b]! + RANK_KEY[c]! + RANK_KEY[d]! + RANK_KEY[e]! + RANK_KEY[f]!;
  return V6[O6[key >>> ROW_BITS]! + (key & ROW_MASK)]!;
}

/** Score of the best five of seven cards given as card indices. */
export function evaluate7(
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  f: number,
  g: number,
): HandScore {
  const suits =
    SUIT_KEY[a]! + SUIT_KEY[b]! + SUIT_KEY[c]! + SUIT_KEY[d]! + SUIT_KEY[e]! + SUIT_KEY[f]! + SUIT_KEY[g]!;
  const flush = flushFlag(suits);
  if (flush !== 0) {
    const s = flush >>> 2;
    return FLUSH_SCORE[
      bitIn(s, a) | bitIn(s, b) | bitIn(s, c) | bitIn(s, d) | bitIn(s, e) | bitIn(s, f) | bitIn(s, g)
    ]!;
  }
  const key =
    RANK_KEY[a]! + RANK_KEY[b]! + RANK_KEY[c]! + RANK_KEY[d]! + RANK_KEY[e]! + RANK_KEY[f]! + RANK_KEY[g]!;
  return V7[O7[key >>> ROW_BITS]! + (key & ROW_MASK)]!;
}

/** Score of the best five of 5–7 card indices (`count` defaults to all of them). */
export function evaluateIndices(cards: ArrayLike<number>, count: number = cards.length): HandScore {
  const c = cards;
  if (count === 7) return evaluate7(c[0]!, c[1]!, c[2]!, c[3]!, c[4]!, c[5]!, c[6]!);
  if (count === 6) return evaluate6(c[0]!, c[1]!, c[2]!, c[3]!, c[4]!, c[5]!);
  if (count === 5) return evaluate5(c[0]!, c[1]!, c[2]!, c[3]!, c[4]!);
  throw new Error(`a hold'em hand has 5 to 7 cards, got ${count}`);
}

/**
 * Score of the best Omaha hand: exactly two of the hole cards and exactly three of the board cards
 * (board of 3–5 cards). Card indices, no validation.
 */
export function evaluateOmahaIndices(hole: ArrayLike<number>, board: ArrayLike<number>): HandScore {
  if (hole.length < 2 || board.length < 3 || board.length > 5) {
    throw new Error(
      `Omaha needs at least 2 hole cards and 3–5 board cards, got ${hole.length} and ${board.length}`,
    );
  }
  let best = 0;
  for (let h1 = 0; h1 < hole.length - 1; h1++) {
    for (let h2 = h1 + 1; h2 < hole.length; h2++) {
      for (let b1 = 0; b1 < board.length - 2; b1++) {
        for (let b2 = b1 + 1; b2 < board.length - 1; b2++) {
          for (let b3 = b2 + 1; b3 < board.length; b3++) {
            const score = evaluate5(hole[h1]!, hole[h2]!, board[b1]!, board[b2]!, board[b3]!);
            if (score > best) best = score;
          }
        }
      }
    }
  }
  return best;
}

/** Rank and suit of a face by character code, -1 for characters that are neither (faster than a Map). */
const RANK_BY_CODE = new Int8Array(128).fill(-1);
const SUIT_BY_CODE = new Int8Array(128).fill(-1);
for (let i = 0; i < RANKS.length; i++) RANK_BY_CODE[RANKS.charCodeAt(i)] = i;
for (let i = 0; i < SUITS.length; i++) SUIT_BY_CODE[SUITS.charCodeAt(i)] = i;
/** Reused so that evaluating Card strings allocates nothing either. */
const scratch = new Int32Array(7);

/** Card index of a face, throwing on anything that is not a card. */
function indexOf(card: string): number {
  const rank = RANK_BY_CODE[card.charCodeAt(0)] ?? -1;
  const suit = SUIT_BY_CODE[card.charCodeAt(1)] ?? -1;
  if (card.length !== 2 || rank < 0 || suit < 0) return cardIndex(parseCard(card));
  return rank * 4 + suit;
}

/** Converts cards into `into`, throwing when a card appears twice. */
function toIndices(cards: readonly string[], into: Int32Array, at: number, seen: number[]): void {
  for (let i = 0; i < cards.length; i++) {
    const index = indexOf(cards[i]!);
    const word = index >>> 5;
    const bit = 1 << (index & 31);
    if ((seen[word]! & bit) !== 0) throw new Error(`card ${cards[i]} appears twice`);
    seen[word]! |= bit;
    into[at + i] = index;
  }
}

const seenScratch = [0, 0];

/** Score of the best five of 5–7 distinct cards (hold'em: hole cards and board together). */
export function evaluateCards(cards: readonly Card[]): HandScore {
  if (cards.length < 5 || cards.length > 7)
    throw new Error(`a hold'em hand has 5 to 7 cards, got ${cards.length}`);
  seenScratch[0] = 0;
  seenScratch[1] = 0;
  toIndices(cards, scratch, 0, seenScratch);
  return evaluateIndices(scratch, cards.length);
}

/** Score of the best Omaha hand from the hole cards (usually four) and a board of 3–5 cards. */
export function evaluateOmaha(hole: readonly Card[], board: readonly Card[]): HandScore {
  if (hole.length < 2 || hole.length > 6 || board.length < 3 || board.length > 5) {
    throw new Error(`Omaha needs 2–6 hole cards and 3–5 board cards, got ${hole.length} and ${board.length}`);
  }
  seenScratch[0] = 0;
  seenScratch[1] = 0;
  const holeIdx = new Int32Array(hole.length);
  const boardIdx = new Int32Array(board.length);
  toIndices(hole, holeIdx, 0, seenScratch);
  toIndices(board, boardIdx, 0, seenScratch);
  return evaluateOmahaIndices(holeIdx, boardIdx);
}

/** A score with its category. */
export interface HandValue {
  score: HandScore;
  category: HandCategory;
}

/** Score and category of the best hold'em hand of 5–7 distinct cards. */
export function evaluateHand(cards: readonly Card[]): HandValue {
  const score = evaluateCards(cards);
  return { score, category: handCategory(score) };
}

/** The category of a score, e.g. "two pair". */
export function handCategory(score: HandScore): HandCategory {
  const category = HAND_CATEGORIES[CATEGORY_BY_SCORE[score] ?? -1];
  if (category === undefined || score < 1) throw new Error(`not a hand score: ${score}`);
  return category;
}
