/**
 * A supervisor's ruling at a live simulated table that has run for hours (npm start): how long the
 * session blocks the event loop to deal the hand in play again (src/sim/session.ts hearRuling), after 50
 * and 500 hands, beside the old way (every hand since the seed dealt again, rebuilt here from the same
 * parts) whose cost grew with the run. Each figure is the median of 21 rulings.
 */
import { loadConfig } from "../src/config/config.js";
import type { AlertCode } from "../src/hand/alerts.js";
import { type Call, dealCall, type FlopSessionOptions, freshTable } from "../src/sim/flopTable.js";
import type { FloorWord } from "../src/sim/floorWords.js";
import { FLOP_INJECTORS } from "../src/sim/injection.js";
import { FlopSession } from "../src/sim/session.js";
import type { BenchFigure } from "./figure.js";

const RULINGS = 21;
/**
 * Why 10 ms: the live table's readers report in scan rounds of 200 ms and more; a ruling dealt again
 * within a twentieth of one leaves the table answering the floor as if nothing had been done.
 */
const TARGET_MS = 10;

const config = loadConfig("config/default.yaml");
const options: FlopSessionOptions = {
  seed: 1,
  noise: true,
  inject: Object.keys(FLOP_INJECTORS) as AlertCode[],
  game: "nlhe",
  seatCount: config.table.seats,
  deck: config.deck,
  chips: config.chips,
  bbAnteOrder: config.house.bbAnteOrder,
};

/** Median ms of `RULINGS` rulings in the middle of a hand, each after `hands` hands (and the rulings' hands). */
function median(hands: number, heard: (s: FlopSession, calls: Call[], word: FloorWord) => void): number {
  const session = new FlopSession(options);
  const calls: Call[] = [];
  for (let i = 0; i < hands; i++) {
    session.nextHand();
    calls.push({ kind: "hand", words: [] });
  }
  const ms: number[] = [];
  for (let k = 0; k < RULINGS; k++) {
    const events = session.nextHand().events;
    calls.push({ kind: "hand", words: [] });
    const word: FloorWord = { t: Math.floor((events[0]!.t + events.at(-1)!.t) / 2), ruling: "wait" };
    const start = performance.now();
    heard(session, calls, word);
    ms.push(performance.now() - start);
  }
  return ms.sort((a, b) => a - b)[RULINGS >> 1]!;
}

const now = (s: FlopSession, _calls: Call[], word: FloorWord) => void s.hearRuling(word);
/** The old hearRuling's work: a fresh table, every call dealt again, the last with the word. */
const before = (_s: FlopSession, calls: Call[], word: FloorWord) => {
  const table = freshTable(options);
  for (const call of calls.slice(0, -1)) dealCall(options, table, call);
  dealCall(options, table, { ...calls.at(-1)!, words: [word] });
};

export async function run(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const hands of [50, 500]) {
    const value = median(hands, now);
    figures.push({
      name: `a ruling heard after ${hands} hands (hold'em, --inject all --noise)`,
      value,
      unit: "ms",
      target: `≤ ${TARGET_MS} ms`,
      met: value <= TARGET_MS,
    });
  }
  figures.push({
    name: "the same after 500 hands, the old way (every hand since the seed dealt again)",
    value: median(500, before),
    unit: "ms",
    target: "",
    met: null,
    note: "for comparison: the cost that grew with the run",
  });
  return Promise.resolve(figures);
}
