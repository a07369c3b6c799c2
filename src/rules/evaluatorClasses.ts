/**
 * The slow, obviously-correct description of a poker hand, used only while the lookup tables are built
 * (and by tests as an oracle). A hand class is packed into one integer — category in bits 20+, then up to
 * five ranks (0 deuce … 12 ace) in 4-bit fields, most significant first — so that packed values compare
 * exactly as the hands do and can be decoded back into a dealer's words.
 */

/** Hand categories, weakest first; the index is the category number in a packed class. */
export const HAND_CATEGORIES = [
  "high card",
  "pair",
  "two pair",
  "three of a kind",
  "straight",
  "flush",
  "full house",
  "four of a kind",
  "straight flush",
] as const;

/** One of the nine hand categories. */
export type HandCategory = (typeof HAND_CATEGORIES)[number];

export const HIGH_CARD = 0;
export const PAIR = 1;
export const TWO_PAIR = 2;
export const THREE_OF_A_KIND = 3;
export const STRAIGHT = 4;
export const FLUSH = 5;
export const FULL_HOUSE = 6;
export const FOUR_OF_A_KIND = 7;
export const STRAIGHT_FLUSH = 8;

const ACE = 12;
const FIVE = 3;
const WHEEL_MASK = (1 << ACE) | 0b1111;

/**
 * Packs a category, its leading ranks and the best `kickerCount` ranks of `kickerMask` (a 13-bit rank
 * mask) into one comparable integer.
 */
export function packClass(
  category: number,
  leading: readonly number[],
  kickerMask = 0,
  kickerCount = 0,
): number {
  let packed = category;
  let fields = 0;
  for (const r of leading) {
    packed = (packed << 4) | r;
    fields++;
  }
  for (let r = ACE; r >= 0 && kickerCount > 0; r--) {
    if (kickerMask & (1 << r)) {
      packed = (packed << 4) | r;
      fields++;
      kickerCount--;
    }
  }
  return packed << (4 * (5 - fields));
}

/** The category number of a packed class. */
export function packedCategory(packed: number): number {
  return packed >>> 20;
}

/** The i-th deciding rank (0 = most significant) of a packed class. */
export function packedRank(packed: number, i: number): number {
  return (packed >>> (16 - 4 * i)) & 0xf;
}

/** Highest card of the best straight in a 13-bit rank mask (3 for the wheel), or -1 when there is none. */
export function straightHigh(rankMask: number): number {
  for (let high = ACE; high >= 4; high--) {
    if (((rankMask >>> (high - 4)) & 0x1f) === 0x1f) return high;
  }
  return (rankMask & WHEEL_MASK) === WHEEL_MASK ? FIVE : -1;
}

/** The best five-card class among cards of one suit, given their 13-bit rank mask (five or more ranks). */
export function classifyFlush(rankMask: number): number {
  const high = straightHigh(rankMask);
  if (high >= 0) return packClass(STRAIGHT_FLUSH, [high]);
  return packClass(FLUSH, [], rankMask, 5);
}

/** Highest rank in a 13-bit mask, or -1 for an empty mask. */
function highest(rankMask: number): number {
  return 31 - Math.clz32(rankMask);
}

/**
 * The best five-card class ignoring suits, from how many cards of each rank the player holds
 * (5 to 7 cards). Flushes are settled separately: with at most seven cards a flush rules out
 * quads and full houses, so the two searches never compete.
 */
export function classifyRanks(counts: readonly number[]): number {
  let present = 0;
  let pairs = 0;
  let trips = 0;
  let quads = 0;
  for (let r = 0; r <= ACE; r++) {
    const n = counts[r] ?? 0;
    const bit = 1 << r;
    if (n > 0) present |= bit;
    if (n === 2) pairs |= bit;
    else if (n === 3) trips |= bit;
    else if (n === 4) quads |= bit;
  }
  const quad = highest(quads);
  if (quad >= 0) return packClass(FOUR_OF_A_KIND, [quad], present & ~(1 << quad), 1);
  const trip = highest(trips);
  const fullWith = highest((trips | pairs) & ~(1 << trip));
  if (trip >= 0 && fullWith >= 0) return packClass(FULL_HOUSE, [trip, fullWith]);
  const high = straightHigh(present);
  if (high >= 0) return packClass(STRAIGHT, [high]);
  if (trip >= 0) return packClass(THREE_OF_A_KIND, [trip], present & ~(1 << trip), 2);
  const top = highest(pairs);
  const second = highest(pairs & ~(1 << top));
  if (second >= 0) return packClass(TWO_PAIR, [top, second], present & ~(1 << top) & ~(1 << second), 1);
  if (top >= 0) return packClass(PAIR, [top], present & ~(1 << top), 3);
  return packClass(HIGH_CARD, [], present, 5);
}
