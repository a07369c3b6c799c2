/** Player actions: each is checked first, and refused with the reason when it is illegal. */

import { legalActions, limitBetSize } from "./bettingLimits.js";
import { findSeat, updateSeat } from "./bettingOrder.js";
import { passAction } from "./bettingRound.js";
import type {
  BettingAction,
  BettingError,
  BettingResult,
  BettingState,
  LegalActions,
} from "./bettingTypes.js";

/** Why `action` is illegal now, or `null` when it is legal. */
export function checkAction(state: BettingState, action: BettingAction): BettingError | null {
  const legal = legalActions(state);
  if (legal === null) {
    return {
      code: "HAND_NOT_BETTING",
      message: `no betting round is open (the hand is in phase "${state.phase}")`,
    };
  }
  if (findSeat(state, action.seat) === undefined) {
    return {
      code: "UNKNOWN_SEAT",
      message: `seat ${action.seat} is not in this hand`,
    };
  }
  if (action.seat !== legal.seat) {
    return {
      code: "NOT_IN_TURN",
      message: `seat ${action.seat} acted out of turn: seat ${legal.seat} is to act (TDA 53)`,
    };
  }
  switch (action.type) {
    case "fold":
      return null;
    case "check":
      return legal.canCheck
        ? null
        : {
            code: "CANNOT_CHECK",
            message: `seat ${action.seat} faces a bet: ${legal.callAmount} to call`,
          };
    case "call":
      return legal.canCheck
        ? {
            code: "NOTHING_TO_CALL",
            message: "there is no bet to call: check instead",
          }
        : null;
    case "bet":
    case "raise":
      return checkRaise(state, legal, action);
  }
}

function checkRaise(state: BettingState, legal: LegalActions, action: BettingAction): BettingError | null {
  if (action.type !== legal.raiseType) {
    return action.type === "bet"
      ? {
          code: "BET_FACING_BET",
          message: `there is a bet of ${state.currentBet} already: raise, not bet`,
        }
      : {
          code: "NOTHING_TO_RAISE",
          message: "nobody has bet on this street: bet, not raise",
        };
  }
  if (legal.raiseBlockedBy !== null) return legal.raiseBlockedBy;
  const to = action.to;
  if (to === undefined)
    return {
      code: "NO_AMOUNT",
      message: `a ${action.type} needs the amount it goes to`,
    };
  if (!Number.isInteger(to))
    return {
      code: "NOT_WHOLE_CHIPS",
      message: `${to} is not a whole number of chips`,
    };
  const s = findSeat(state, action.seat)!;
  const allIn = s.bet + s.stack;
  const minTo = legal.minTo ?? allIn;
  const maxTo = legal.maxTo ?? allIn;
  if (to > allIn) {
    return {
      code: "NOT_ENOUGH_CHIPS",
      message: `seat ${s.seat} can go to ${allIn} at most (all-in), not ${to}`,
    };
  }
  if (to <= state.currentBet) {
    return {
      code: "BELOW_MINIMUM",
      message: `${to} does not exceed the bet of ${state.currentBet}: that is a call`,
    };
  }
  if (state.rules.structure === "limit" && to !== minTo) {
    return {
      code: "LIMIT_SIZE",
      message: `limit ${state.street}: the ${action.type} goes to exactly ${minTo} (bets of ${limitBetSize(state)})`,
    };
  }
  if (to > maxTo) {
    const why = state.rules.structure === "pot-limit" ? "the pot-limit maximum (TDA 54)" : "the maximum";
    return {
      code: "ABOVE_MAXIMUM",
      message: `${to} is above ${why}: ${maxTo}`,
    };
  }
  // Going all-in for less than a full raise is always allowed; it just may not re-open the betting (TDA 47).
  if (to < minTo && to !== allIn) {
    const what =
      legal.raiseType === "bet"
        ? `the minimum bet is ${minTo}`
        : `the minimum raise is the largest prior full bet or raise of the street, ${state.lastFullRaise} (TDA 42): to ${minTo}`;
    return { code: "BELOW_MINIMUM", message: `${to} is too small: ${what}` };
  }
  return null;
}

/** Applies a player action, or explains why it is illegal. */
export function applyAction(state: BettingState, action: BettingAction): BettingResult {
  const error = checkAction(state, action);
  if (error !== null) return { ok: false, error };
  const seat = action.seat;
  switch (action.type) {
    case "fold":
      return ok(
        passAction(
          updateSeat(state, seat, (s) => ({
            ...s,
            folded: true,
            mustAct: false,
            acted: true,
          })),
          seat,
        ),
      );
    case "check":
      return ok(
        passAction(
          updateSeat(state, seat, (s) => ({
            ...s,
            mustAct: false,
            acted: true,
          })),
          seat,
        ),
      );
    case "call":
      return ok(passAction(putIn(state, seat, state.currentBet), seat));
    case "bet":
    case "raise":
      return ok(passAction(raiseTo(state, seat, action.to!), seat));
  }
}

function ok(state: BettingState): BettingResult {
  return { ok: true, state };
}

/** Moves chips from the stack to the bet, up to `to` or all-in. */
function putIn(state: BettingState, seat: number, to: number): BettingState {
  return updateSeat(state, seat, (s) => {
    const paid = Math.min(Math.max(0, to - s.bet), s.stack);
    return {
      ...s,
      stack: s.stack - paid,
      bet: s.bet + paid,
      mustAct: false,
      acted: true,
    };
  });
}

function raiseTo(state: BettingState, seat: number, to: number): BettingState {
  const size = to - state.currentBet;
  const limit = state.rules.structure === "limit";
  // A full raise sets the next minimum (TDA 42); in limit, half a bet or more counts as a full one (TDA 47-B).
  const full = limit ? (to - state.fullBetLevel) * 2 >= limitBetSize(state) : size >= state.lastFullRaise;
  const raised: BettingState = {
    ...putIn(state, seat, to),
    currentBet: to,
    lastFullRaise: full && !limit ? size : state.lastFullRaise,
    fullBetLevel: full ? to : state.fullBetLevel,
    raiseCount: full ? state.raiseCount + 1 : state.raiseCount,
    lastAggressor: seat,
  };
  // Everyone else still in with chips must answer the new bet.
  return {
    ...raised,
    seats: raised.seats.map((s) =>
      s.seat === seat || s.folded || s.stack === 0 ? s : { ...s, mustAct: true },
    ),
  };
}
