/** What each seat put in the pot this hand, and the pots built from it. */
import type { BettingState } from "./bettingTypes.js";
import { buildPots, type Contribution, type Pots } from "./pots.js";

/** Contributions to build pots from, plus the dead money that belongs to the main pot. */
export interface HandContributions {
  readonly contribs: Contribution[];
  /**
   * A big-blind ante is dead money: nobody matches it, so it cannot be a level of the side-pot ladder;
   * it goes into the main pot, which the big blind is eligible for like everyone else.
   */
  readonly deadMoney: number;
}

/** Each seat's total contribution so far (antes, blinds, bets, including bets still in front of him). */
export function handContributions(state: BettingState): HandContributions {
  const dead = state.anteIsBbAnte;
  return {
    contribs: state.seats.map((s) => ({
      seat: s.seat,
      amount: s.invested + s.bet + (dead ? 0 : s.ante),
      folded: s.folded,
    })),
    deadMoney: dead ? state.seats.reduce((sum, s) => sum + s.ante, 0) : 0,
  };
}

/** The main and side pots of the hand as it stands (best called once the betting is over). */
export function handPots(state: BettingState): Pots {
  const { contribs, deadMoney } = handContributions(state);
  return buildPots(contribs, deadMoney);
}

/** All the chips in the middle and in front of the players. */
export function totalPot(state: BettingState): number {
  return state.collected + state.seats.reduce((sum, s) => sum + s.bet, 0);
}
