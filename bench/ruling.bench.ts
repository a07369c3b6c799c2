/**
 * A supervisor's ruling at a live simulated table that has run for hours (npm start): how long the
 * session blocks the event loop to deal the hand in play again (src/sim/session.ts hearRuling), after 50
 * and 500 hands, beside the old way (every hand since the seed dealt again, rebuilt here from the same
 * parts) whose cost grew with the run. Each figure is the median of 21 rulings.
 */
import { loadConfig } from "../src/config/config.js";
import type { AlertCode } from "../src/hand/alerts.js";
import { type Call, dealCall, type FlopSessionOptions, freshTable } from "../src/sim/flopTable.js";
import { FLOP_INJECTORS } from "../src/sim/injection.js";
import { FlopSession } from "../src/sim/session.js";
import type { BenchFigure } from "./figure.js";
import { rulingFigures } from "./rulingCost.js";

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
const hand = (): Call => ({ kind: "hand", words: [] });

export function run(): Promise<BenchFigure[]> {
  return Promise.resolve(
    rulingFigures(
      {
        session: () => new FlopSession(options),
        nextHand: (s) => s.nextHand(),
        // A word in the middle of the hand just dealt.
        word: (events) => ({ t: Math.floor((events[0]!.t + events.at(-1)!.t) / 2), ruling: "wait" }),
        now: (s, _hands, word) => void s.hearRuling(word),
        // The old hearRuling's work: a fresh table, every call dealt again, the last with the word.
        before: (_s, hands, word) => {
          const table = freshTable(options);
          for (let i = 1; i < hands; i++) dealCall(options, table, hand());
          dealCall(options, table, { ...hand(), words: [word] });
        },
      },
      "hold'em, --inject all --noise",
    ),
  );
}
