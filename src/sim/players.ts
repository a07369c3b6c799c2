/**
 * The players' betting policy: simple and random, but always legal (the betting engine says what is
 * allowed), with enough raises and all-ins that short stacks, re-opened betting and side pots happen.
 */
import type { BettingAction, BettingState, LegalActions, SeatInHand } from "../rules/betting.js";
import { chance, randInt, type Rng } from "./random.js";

/** A decision, and how it reaches the table: a key, the cards to the muck, or chips (after a key). */
export interface Decision {
  readonly action: BettingAction;
  /** Chips the seat adds in front of it (0 for check and fold). */
  readonly chips: number;
  /** The key the dealer presses before the chips land, if any. */
  readonly key: "allin" | "raise" | null;
  /** A fold shown by moving the cards to the muck (otherwise the dealer's fold key). */
  readonly muck: boolean;
}

/** What the seat to act does. */
export function decide(state: BettingState, legal: LegalActions, seat: SeatInHand, rng: Rng): Decision {
  // Pot-limit and limit cap the biggest raise: "all in" is then as much as the game allows.
  const allinTo = Math.min(seat.bet + seat.stack, legal.maxTo ?? Number.POSITIVE_INFINITY);
  const r = rng();
  if (legal.canCheck) {
    if (legal.canRaise && r < 0.04) return chips(legal, seat, allinTo);
    if (legal.canRaise && r < 0.3) return chips(legal, seat, betSize(state, legal, rng));
    return { action: { seat: seat.seat, type: "check" }, chips: 0, key: null, muck: false };
  }
  if (r < 0.35) return fold(seat, rng);
  if (legal.canRaise && r < 0.41) return chips(legal, seat, allinTo);
  if (legal.canRaise && r < 0.55) return chips(legal, seat, betSize(state, legal, rng));
  return chips(legal, seat, seat.bet + legal.callAmount);
}

/** A fold, mostly shown by the cards going to the muck. */
function fold(seat: SeatInHand, rng: Rng): Decision {
  return { action: { seat: seat.seat, type: "fold" }, chips: 0, key: null, muck: chance(rng, 0.85) };
}

/** A bet or raise between the minimum and about the pot, in whole 25s. */
function betSize(state: BettingState, legal: LegalActions, rng: Rng): number {
  const min = legal.minTo ?? 0;
  const max = legal.maxTo ?? min;
  const pot = state.collected + state.seats.reduce((sum, s) => sum + s.bet, 0);
  const upper = Math.min(max, Math.max(min, state.currentBet + pot));
  const to = randInt(rng, min, upper);
  const rounded = Math.max(min, Math.min(upper, Math.round(to / 25) * 25));
  return rounded;
}

/** Chips to a street total of `to` (capped at all-in): a call, bet or raise, and the key that goes first. */
function chips(legal: LegalActions, seat: SeatInHand, to: number): Decision {
  const allinTo = seat.bet + seat.stack;
  const total = Math.min(to, allinTo);
  const added = total - seat.bet;
  const allin = total === allinTo;
  const raising = total > seat.bet + legal.callAmount;
  const action: BettingAction = raising
    ? { seat: seat.seat, type: legal.raiseType, to: total }
    : { seat: seat.seat, type: "call" };
  // The all-in button for a player's last chips; "raise" declared first so a raise is never read as a call.
  const key = allin ? "allin" : raising && legal.raiseType === "raise" ? "raise" : null;
  return { action, chips: added, key, muck: false };
}
