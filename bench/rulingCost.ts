/**
 * What the two ruling benchmarks share (bench/ruling.bench.ts, the flop game; bench/tcpRuling.bench.ts,
 * Three Card Poker): the median time of a ruling heard after a run of hands, and the figures, beside the
 * old way (every hand since the seed dealt again) whose cost grew with the run.
 */
import type { FloorWord } from "../src/sim/floorWords.js";
import type { BenchFigure } from "./figure.js";

const RULINGS = 21;
/**
 * Why 10 ms: the live table's readers report in scan rounds of 200 ms and more; a ruling dealt again
 * within a twentieth of one leaves the table answering the floor as if nothing had been done.
 */
const TARGET_MS = 10;

/** A live session as the benchmarks drive it: its hands, and how a ruling is heard (now, or the old way). */
export interface RulingRun<S> {
  session: () => S;
  nextHand: (s: S) => { events: readonly { t: number }[] };
  /** The word said in the hand just dealt (its events). */
  word: (events: readonly { t: number }[]) => FloorWord;
  now: (s: S, hands: number, word: FloorWord) => void;
  before: (s: S, hands: number, word: FloorWord) => void;
}

/** Median ms of `RULINGS` rulings, each in the hand after `hands` hands (and the rulings' hands). */
function median<S>(run: RulingRun<S>, hands: number, heard: (s: S, hands: number, word: FloorWord) => void) {
  const session = run.session();
  for (let i = 0; i < hands; i++) run.nextHand(session);
  const ms: number[] = [];
  for (let k = 0; k < RULINGS; k++) {
    const word = run.word(run.nextHand(session).events);
    const start = performance.now();
    heard(session, hands + k + 1, word);
    ms.push(performance.now() - start);
  }
  return ms.sort((a, b) => a - b)[RULINGS >> 1]!;
}

/** The figures: a ruling after 50 and 500 hands (`label`: the game and its run), and the old way after 500. */
export function rulingFigures<S>(run: RulingRun<S>, label: string): BenchFigure[] {
  const figures: BenchFigure[] = [50, 500].map((hands) => {
    const value = median(run, hands, run.now);
    return {
      name: `a ruling heard after ${hands} hands (${label})`,
      value,
      unit: "ms",
      target: `≤ ${TARGET_MS} ms`,
      met: value <= TARGET_MS,
    };
  });
  figures.push({
    name: "the same after 500 hands, the old way (every hand since the seed dealt again)",
    value: median(run, 500, run.before),
    unit: "ms",
    target: "",
    met: null,
    note: "for comparison: the cost that grew with the run",
  });
  return figures;
}
