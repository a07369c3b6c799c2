/**
 * Three Card Poker's side of starting and ending a hand (the shape is src/hand/lifecycle.ts): no
 * button or blinds, so the first box in the game stands in for the button and no level is needed; the
 * hand's bets are what lies on its wager zones at the press; the house's pay tables ride on the hand.
 * A settled hand leaves the dealer its pay-out (src/hand/tcp/paying.ts): what each wager zone is owed.
 */
import type { Level } from "../../rules/games.js";
import type { DealerWork, Game, HandPress, HandShows } from "../lifecycle.js";
import { handInit } from "../handInit.js";
import { NO_DEALER_WORK, SessionHand } from "../lifecycle.js";
import { noHoleCards } from "../view.js";
import type { TcpContext } from "./context.js";
import { payingPlan } from "./paying.js";
import { TcpSession } from "./session.js";
import { tcpView } from "./view.js";

/** Three Card Poker wager zones: chips on them before the shuffler are the hand's bets. */
const TCP_ZONE = /^(ante|play|pairplus|prime)\d+$/;
/** Three Card Poker has no blinds: the level is not needed. */
const NO_LEVEL: Level = { sb: 0, bb: 0, ante: 0, bbAnte: 0 };

/** Chips on the Three Card Poker zones now: bets placed before the shuffler count. */
function wagers(press: HandPress): Record<string, number> {
  const zones: Record<string, number> = {};
  for (const a of press.antennas.filter((name) => TCP_ZONE.test(name))) {
    zones[a] = press.zones.chipsOn(a).reduce((sum, c) => sum + c.denomination, 0);
  }
  return zones;
}

/** Three Card Poker: house-banked, one box per seat. */
export const threeCardPoker: Game = {
  positions({ inGame }) {
    const first = inGame[0];
    return first === undefined ? null : { button: first, sb: null, bb: first, sbPos: first };
  },
  level: (floorLevel) => floorLevel ?? NO_LEVEL,
  start(press) {
    const { session, events } = TcpSession.start({
      ...handInit(press),
      players: press.players,
      zones: wagers(press),
      ...(press.payTable ? { payTable: press.payTable } : {}),
    });
    const shows: HandShows = {
      game: "threeCard",
      view: (held) => ({ game: "threeCard", threeCard: tcpView(session.context, held) }),
      // The boxes' cards are not in the private view: the floor page has shown none of them so far
      // (the dealer turns them at the showdown, and the settled hand's lines name each box's hand).
      privateView: noHoleCards,
      // The table keeps the hand after it ends: the dealer pays from its view.
      shownAfterEnd: true,
    };
    // No board: a card off the table never makes the press wait.
    const hand = new SessionHand(session, { shows, dealerWork: () => tcpDealerWork(session.context) });
    return { hand, events };
  },
};

/** Three Card Poker's work after a hand: a settled hand is paid out; a misdeal or a void has none. */
export function tcpDealerWork(h: TcpContext): DealerWork {
  const plan = payingPlan(h);
  return plan === null ? NO_DEALER_WORK : { kind: "pay", plan };
}
