/**
 * Lookup tables behind the fast evaluator, built once when the module loads (about 0.1 s, no files).
 * A score is the hand's place among the 7,462 distinct five-card hands: 1 is 7-5-4-3-2 offsuit, 7462 a
 * royal flush, so a plain `>` compares two hands.
 */
import { classifyFlush, classifyRanks, packedCategory } from "./evaluatorClasses.js";

/**
 * Per-rank weights whose sums are unique for every multiset of up to seven ranks (each rank at most four
 * times), so the sum of a hand's rank weights names its rank pattern. Found by a greedy offline search:
 * each weight is the smallest that keeps all sums of each size distinct. A collision would make
 * `buildRankTable` throw at load, so a wrong constant cannot go unnoticed.
 */
export const RANK_WEIGHTS: readonly number[] = [
  0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
];

/** Number of distinct five-card hands; scores run 1…HAND_CLASSES. */
export const HAND_CLASSES = 7462;

/** Columns per row of the displacement hash, as a power of two. */
export const ROW_BITS = 6;
export const ROW_MASK = (1 << ROW_BITS) - 1;

/** A perfect hash from rank-weight sums to scores: `values[offsets[key >>> ROW_BITS] + (key & ROW_MASK)]`. */
export interface RankTable {
  offsets: Int32Array;
  values: Uint16Array;
}

function flushMasks(): number[] {
  const masks: number[] = [];
  for (let m = 0; m < 1 << 13; m++) if (popcount(m) >= 5) masks.push(m);
  return masks;
}

function popcount(m: number): number {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
}

/** Calls `visit` with the rank counts of every multiset of `size` ranks holding each rank at most four times. */
function forEachRankMultiset(size: number, visit: (counts: readonly number[]) => void): void {
  const counts = new Array<number>(13).fill(0);
  const place = (rank: number, left: number): void => {
    if (rank === 13) {
      if (left === 0) visit(counts);
      return;
    }
    for (let n = Math.min(4, left); n >= 0; n--) {
      counts[rank] = n;
      place(rank + 1, left - n);
    }
    counts[rank] = 0;
  };
  place(0, size);
}

/** Packed classes of all 7,462 five-card hands in ascending order; index + 1 is the score. */
function rankedClasses(): Int32Array {
  const classes = new Set<number>();
  forEachRankMultiset(5, (counts) => classes.add(classifyRanks(counts)));
  for (const mask of flushMasks()) if (popcount(mask) === 5) classes.add(classifyFlush(mask));
  const sorted = Int32Array.from(classes).sort();
  if (sorted.length !== HAND_CLASSES)
    throw new Error(`expected ${HAND_CLASSES} hand classes, got ${sorted.length}`);
  return sorted;
}

/** Packed class of each score (index 0 unused). */
export const PACKED_BY_SCORE: Int32Array = (() => {
  const out = new Int32Array(HAND_CLASSES + 1);
  out.set(rankedClasses(), 1);
  return out;
})();

/** Category number (0 high card … 8 straight flush) of each score. */
export const CATEGORY_BY_SCORE: Uint8Array = Uint8Array.from(PACKED_BY_SCORE, packedCategory);

const SCORE_BY_PACKED = new Map<number, number>();
for (let s = 1; s <= HAND_CLASSES; s++) SCORE_BY_PACKED.set(PACKED_BY_SCORE[s]!, s);

function scoreOf(packed: number): number {
  const score = SCORE_BY_PACKED.get(packed);
  if (score === undefined) throw new Error(`no score for hand class ${packed.toString(16)}`);
  return score;
}

/** Score of the best flush or straight flush in one suit, by the suit's 13-bit rank mask (five or more ranks). */
export const FLUSH_SCORE: Uint16Array = (() => {
  const out = new Uint16Array(1 << 13);
  for (const mask of flushMasks()) out[mask] = scoreOf(classifyFlush(mask));
  return out;
})();

/**
 * Packs the sparse keys into a small array by row displacement (Tarjan & Yao): keys are cut into rows of
 * 2^ROW_BITS columns and each row is shifted to the first place where its occupied columns all land on
 * free cells. Small tables stay in cache, which matters more than the one extra lookup.
 */
function buildRankTable(size: number): RankTable {
  // Every multiset's key and score, in the order visited: plain number lists, not a record per cell (the
  // records and their garbage were most of the build, which every start-up pays).
  const keys: number[] = [];
  const scores: number[] = [];
  forEachRankMultiset(size, (counts) => {
    let key = 0;
    for (let r = 0; r < 13; r++) key += counts[r]! * RANK_WEIGHTS[r]!;
    keys.push(key);
    scores.push(scoreOf(classifyRanks(counts)));
  });
  const sortedKeys = Int32Array.from(keys).sort();
  for (let i = 1; i < sortedKeys.length; i++)
    if (sortedKeys[i] === sortedKeys[i - 1]) throw new Error(`rank weights collide at ${sortedKeys[i]}`);
  const maxKey = sortedKeys[sortedKeys.length - 1] ?? 0;
  // The cells grouped by row, each row's in the order visited (a counting sort by row); rows are placed
  // fullest first, rows of equal occupancy in the order first visited.
  const rowCount = (maxKey >>> ROW_BITS) + 1;
  const rowStart = new Int32Array(rowCount + 1);
  for (const key of keys) rowStart[(key >>> ROW_BITS) + 1]! += 1;
  for (let r = 0; r < rowCount; r++) rowStart[r + 1]! += rowStart[r]!;
  const byRow = new Int32Array(keys.length);
  const fill = rowStart.slice(0, rowCount);
  for (let i = 0; i < keys.length; i++) byRow[fill[keys[i]! >>> ROW_BITS]!++] = i;
  const runs: { start: number; length: number }[] = [];
  for (let r = 0; r < rowCount; r++) {
    const length = rowStart[r + 1]! - rowStart[r]!;
    if (length > 0) runs.push({ start: rowStart[r]!, length });
  }
  runs.sort((a, b) => b.length - a.length || byRow[a.start]! - byRow[b.start]!);

  const offsets = new Int32Array((maxKey >>> ROW_BITS) + 1);
  const capacity = 2 * keys.length + 2 * (ROW_MASK + 1);
  const used = new Uint8Array(capacity);
  const values = new Uint16Array(capacity);
  // nextFree[i] points at or before the first free cell ≥ i (path-compressed), so placing a row skips
  // over filled stretches instead of probing them cell by cell.
  const nextFree = new Int32Array(capacity + 1);
  for (let i = 0; i <= capacity; i++) nextFree[i] = i;
  const findFree = (i: number): number => {
    if (i + ROW_MASK >= capacity) throw new Error(`rank table for ${size} cards overflows ${capacity} cells`);
    let root = i;
    while (nextFree[root] !== root) root = nextFree[root]!;
    while (i !== root) {
      const next = nextFree[i]!;
      nextFree[i] = root;
      i = next;
    }
    return root;
  };
  let length = 0;
  let resumeFor = 0;
  let resumeAt = 0;
  const column = (cell: number): number => keys[byRow[cell]!]! & ROW_MASK;
  for (const run of runs) {
    const end = run.start + run.length;
    const first = column(run.start);
    // Rows of equal occupancy are placed in turn; starting where the previous one went (rather than at the
    // first hole) keeps the build fast at the cost of a few unused cells.
    if (run.length !== resumeFor) {
      resumeFor = run.length;
      resumeAt = 0;
    }
    let base = findFree(resumeAt + first) - first;
    for (let i = run.start + 1; i < end; i++) {
      if (used[base + column(i)] === 1) {
        base = findFree(base + first + 1) - first;
        i = run.start;
      }
    }
    for (let i = run.start; i < end; i++) {
      const cell = base + column(i);
      used[cell] = 1;
      values[cell] = scores[byRow[i]!]!;
      nextFree[cell] = cell + 1;
      length = Math.max(length, cell + 1);
    }
    offsets[keys[byRow[run.start]!]! >>> ROW_BITS] = base;
    resumeAt = base;
  }
  return { offsets, values: values.slice(0, length) };
}

/** Non-flush lookup for five, six and seven cards. */
export const RANK_TABLE_5: RankTable = buildRankTable(5);
export const RANK_TABLE_6: RankTable = buildRankTable(6);
export const RANK_TABLE_7: RankTable = buildRankTable(7);
