/**
 * A supervisor's ruling at the live Three Card Poker table that has run for hours (`sim --game tcp`):
 * how long the session blocks the event loop to deal the hand in play again (src/sim/tcp/session.ts
 * hearRuling), after 50 and 500 hands, beside the old way (every hand since the seed dealt again,
 * rebuilt here from the same parts) whose cost grew with the run. Each figure is the median of 21
 * rulings, each a `continue` on a hand dealt short, heard from the hand's start.
 */
import { loadConfig } from "../src/config/config.js";
import { TcpDealer, type TcpDealerOptions } from "../src/sim/tcp/dealer.js";
import { type Call, dealCall } from "../src/sim/tcp/liveCall.js";
import { TcpSession } from "../src/sim/tcp/session.js";
import type { BenchFigure } from "./figure.js";
import { rulingFigures } from "./rulingCost.js";

const config = loadConfig("config/tcp.yaml");
/** Every hand dealt short (where the dealer stops for the floor), at a random pace, with noise. */
const options: TcpDealerOptions = { seed: 1, inject: "box-short", rate: 1, noise: true, pace: "random" };
const hand = (): Call => ({ kind: "hand", words: [] });

export function run(): Promise<BenchFigure[]> {
  return Promise.resolve(
    rulingFigures(
      {
        session: () => new TcpSession(options, config),
        nextHand: (s) => s.nextHand(),
        // `continue` on the hand just dealt short, heard from its start.
        word: (events) => ({ t: events[0]!.t, ruling: "continue" }),
        now: (s, _hands, word) => void s.hearRuling(word),
        // The old hearRuling's work: a fresh dealer, every call dealt again, the last with the word.
        before: (_s, hands, word) => {
          const dealer = new TcpDealer(options, config);
          for (let i = 1; i < hands; i++) dealCall(dealer, hand());
          dealCall(dealer, { ...hand(), words: [word] });
        },
      },
      "Three Card Poker, box-short in every hand, --noise --pace random",
    ),
  );
}
