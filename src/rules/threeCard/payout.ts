/**
 * Checking a Three Card Poker payout (issue 18, PAYOUT_WRONG): the chips the dealer put beside a
 * winning bet against what the pay table says, with the arithmetic the dealer needs to put it right.
 * The `payout` table event's `bet` names: `ante`, `play`, `pairplus`, `prime`, and `bonus` for the
 * Ante bonus. A pure rule; the hand does not read payout chips yet.
 */
import type { BetResult, SettledBet } from "./settle.js";

/** The contract's name of a settled line (events.md, `payout`). */
export type PayoutBet = "ante" | "play" | "pairplus" | "prime" | "bonus";

const NAME: Record<SettledBet, PayoutBet> = {
  ante: "ante",
  play: "play",
  pairPlus: "pairplus",
  prime: "prime",
  anteBonus: "bonus",
};

/**
 * The contract's name of a settled line: the `payout` event's, and the `award` event's added `bet`
 * field too (one name per bet on the wire; the rules keep their own names inside).
 */
export function contractBetName(bet: SettledBet): PayoutBet {
  return NAME[bet];
}

const WORDS: Record<PayoutBet, string> = {
  ante: "Ante",
  play: "Play",
  pairplus: "Pair Plus",
  prime: "Prime",
  bonus: "Ante bonus",
};

/** The dealer's name of a bet, as the layout and the pay table call it ("Pair Plus"): what a display shows. */
export function betWord(bet: PayoutBet): string {
  return WORDS[bet];
}

/** What the dealer owes beside a line, and how the pay table gets there; null for a line that does not win. */
export function payoutDue(r: BetResult): { bet: PayoutBet; due: number; how: string } | null {
  if (r.outcome !== "win") return null;
  const bet = NAME[r.bet];
  // Whole chips: a fractional pay-table line is rounded down (the house pays no part chips).
  const due = Math.floor(r.payout);
  // The Ante bonus has no stake of its own: it is paid on the Ante.
  const stake = r.bet === "anteBonus" ? "the Ante" : String(r.stake);
  const how = `${WORDS[bet]}: ${r.reason}; ${stake} at ${r.odds} to 1 = ${due}`;
  return { bet, due, how };
}

/** The verdict on the chips paid beside a winning line: right, or what to do about it. */
export interface PayoutCheck {
  bet: PayoutBet;
  due: number;
  paid: number;
  wrong: "under" | "over" | null;
  steps: string[];
}

/** Checks `paid` (the winnings put beside the bet, the stake not counted) against the pay table. */
export function checkPayout(r: BetResult, paid: number, box: number): PayoutCheck | null {
  const owed = payoutDue(r);
  if (owed === null) return null;
  const { bet, due, how } = owed;
  if (paid === due) return { bet, due, paid, wrong: null, steps: [] };
  const wrong = paid < due ? "under" : "over";
  const fix =
    wrong === "under"
      ? `Add ${due - paid} to the payout beside box ${box}'s ${WORDS[bet]}`
      : `Take ${paid - due} back from the payout beside box ${box}'s ${WORDS[bet]} to the tray`;
  return {
    bet,
    due,
    paid,
    wrong,
    steps: [`Due: ${how}`, fix, "Let the player take the chips only once the payout is right"],
  };
}
