/**
 * A supervisor's ruling at the live Three Card Poker table that has run for hours (`sim --game tcp`):
 * how long the session blocks the event loop to deal the hand in play again (src/sim/tcp/session.ts
 * hearRuling), after 50 and 500 hands, beside the old way (every hand since the seed dealt again,
 * rebuilt here from the same parts) whose cost grew with the run. Each figure is the median of 21
 * rulings, each a `continue` on a hand dealt short, heard from the hand's start.
 */
import { loadConfig } from "../src/config/config.js";
import type { FloorWord } from "../src/sim/floorWords.js";
import { TcpDealer, type TcpDealerOptions } from "../src/sim/tcp/dealer.js";
import { type Call, dealCall } from "../src/sim/tcp/liveCall.js";
import { TcpSession } from "../src/sim/tcp/session.js";
import type { BenchFigure } from "./figure.js";

const RULINGS = 21;
/**
 * Why 10 ms: the live table's readers report in scan rounds of 200 ms and more; a ruling dealt again
 * within a twentieth of one leaves the table answering the floor as if nothing had been done.
 */
const TARGET_MS = 10;

const config = loadConfig("config/tcp.yaml");
/** Every hand dealt short (where the dealer stops for the floor), at a random pace, with noise. */
const options: TcpDealerOptions = { seed: 1, inject: "box-short", rate: 1, noise: true, pace: "random" };

/** Median ms of `RULINGS` rulings, each in the hand after `hands` hands (and the rulings' hands). */
function median(hands: number, heard: (s: TcpSession, calls: Call[], word: FloorWord) => void): number {
  const session = new TcpSession(options, config);
  const calls: Call[] = [];
  for (let i = 0; i < hands; i++) {
    session.nextHand();
    calls.push({ kind: "hand", words: [] });
  }
  const ms: number[] = [];
  for (let k = 0; k < RULINGS; k++) {
    const events = session.nextHand().events;
    calls.push({ kind: "hand", words: [] });
    const word: FloorWord = { t: events[0]!.t, ruling: "continue" };
    const start = performance.now();
    heard(session, calls, word);
    ms.push(performance.now() - start);
  }
  return ms.sort((a, b) => a - b)[RULINGS >> 1]!;
}

const now = (s: TcpSession, _calls: Call[], word: FloorWord) => void s.hearRuling(word);
/** The old hearRuling's work: a fresh dealer, every call dealt again, the last with the word. */
const before = (_s: TcpSession, calls: Call[], word: FloorWord) => {
  const dealer = new TcpDealer(options, config);
  for (const call of calls.slice(0, -1)) dealCall(dealer, call);
  dealCall(dealer, { ...calls.at(-1)!, words: [word] });
};

export async function run(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const hands of [50, 500]) {
    const value = median(hands, now);
    figures.push({
      name: `a ruling heard after ${hands} hands (Three Card Poker, box-short in every hand, --noise --pace random)`,
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
