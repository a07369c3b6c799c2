import { parseCards } from "../../../src/rules/cards.js";
import {
  type BetResult,
  type BoxSettlement,
  NO_BETS,
  type PayTable,
  type SettledBet,
  settleBox,
  type ThreeCardBets,
} from "../../../src/rules/threeCard/index.js";

/** Settles one box given as card runs, e.g. `settle({ ante: 10, play: 10 }, "AsKsQs", "Qd5c2h")`. */
export function settle(bets: Partial<ThreeCardBets>, player: string, dealer: string, table?: PayTable) {
  return settleBox(
    { bets: { ...NO_BETS, ...bets }, player: parseCards(player), dealer: parseCards(dealer) },
    table,
  );
}

/** The result of one line, failing loudly when the line is missing. */
export function lineOf(s: BoxSettlement, bet: SettledBet): BetResult {
  const found = s.results.find((r) => r.bet === bet);
  if (!found) throw new Error(`no ${bet} line in ${s.results.map((r) => r.bet).join(", ")}`);
  return found;
}

/** Outcome and player net of one line, for compact assertions. */
export function outcomeOf(s: BoxSettlement, bet: SettledBet): [string, number] {
  const r = lineOf(s, bet);
  return [r.outcome, r.playerNet];
}
