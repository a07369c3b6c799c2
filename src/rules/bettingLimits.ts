/** What the seat to act may do: the call, the bet or raise limits of each structure, and why a raise is barred. */
import { findSeat, liveCount } from "./bettingOrder.js";
import type { BettingError, BettingState, LegalActions, SeatInHand } from "./bettingTypes.js";

/** The options of the seat to act, or `null` when no betting round is open. */
export function legalActions(state: BettingState): LegalActions | null {
  if (state.phase !== "betting" || state.toAct === null) return null;
  const s = findSeat(state, state.toAct);
  if (s === undefined) return null;
  const toCall = Math.max(0, state.currentBet - s.bet);
  const raiseBlockedBy = raiseBlocker(state, s, toCall);
  const range = raiseBlockedBy === null ? raiseRange(state, s, toCall) : null;
  return {
    seat: s.seat,
    canFold: true,
    canCheck: toCall === 0,
    callAmount: Math.min(toCall, s.stack),
    canRaise: raiseBlockedBy === null,
    raiseType: state.currentBet === 0 ? "bet" : "raise",
    minTo: range?.minTo ?? null,
    maxTo: range?.maxTo ?? null,
    raiseBlockedBy,
  };
}

/** The limit bet size of the current street. */
export function limitBetSize(state: BettingState): number {
  const { street, rules } = state;
  return street === "preflop" || street === "flop" ? rules.smallBet : rules.bigBet;
}

/** Whether the limit cap applies now (TDA 48; house setting `capLift`). */
export function capApplies(state: BettingState): boolean {
  if (state.rules.structure !== "limit" || state.rules.cap === null) return false;
  if (state.rules.capLift === "two-left") return liveCount(state) > 2;
  return state.seats.length > 2;
}

/** The chips on the table for a pot-limit bet: the pot, every bet in front, and a short blind's missing chips. */
export function potForLimit(state: BettingState): number {
  const bets = state.seats.reduce((sum, s) => sum + s.bet, 0);
  return state.collected + bets + state.shortBlindCredit;
}

/** How much an already-acted player must face before he may raise again (TDA 47). */
export function reopenThreshold(state: BettingState): number {
  // Limit: half a bet re-opens (47-B); no-limit and pot-limit: a full raise (47-A).
  return state.rules.structure === "limit" ? limitBetSize(state) / 2 : state.lastFullRaise;
}

function raiseBlocker(state: BettingState, s: SeatInHand, toCall: number): BettingError | null {
  const word = state.currentBet === 0 ? "bet" : "raise";
  if (s.stack <= toCall) {
    return {
      code: "NOT_ENOUGH_CHIPS",
      message: `seat ${s.seat} has ${s.stack} behind: only enough to call`,
    };
  }
  if (capApplies(state) && state.raiseCount >= (state.rules.cap ?? Number.POSITIVE_INFINITY)) {
    return {
      code: "CAP_REACHED",
      message: `the betting is capped at ${state.rules.cap} bets this street (TDA 48: limit caps raises until heads-up)`,
    };
  }
  if (s.acted && toCall < reopenThreshold(state)) {
    return {
      code: "NOT_REOPENED",
      message:
        `seat ${s.seat} has acted and faces only ${toCall} more, less than ${limitWord(state)} ` +
        `(${reopenThreshold(state)}): the betting is not re-opened to him, he may only call or fold (TDA 47)`,
    };
  }
  // Asked for every action: whether anyone could answer, without listing them.
  let opponent = false;
  for (const o of state.seats)
    if (o.seat !== s.seat && !o.folded && o.stack + o.bet > state.currentBet) opponent = true;
  if (!opponent) {
    return {
      code: "NO_OPPONENT_TO_RAISE",
      message: `every other player is all-in: seat ${s.seat} has no one to ${word} against`,
    };
  }
  return null;
}

function limitWord(state: BettingState): string {
  return state.rules.structure === "limit" ? "half a bet" : "a full raise";
}

function raiseRange(state: BettingState, s: SeatInHand, toCall: number): { minTo: number; maxTo: number } {
  const allIn = s.bet + s.stack;
  if (state.rules.structure === "limit") {
    // The next level is a full bet above the last full level, so a short all-in raise is "completed" (TDA 47-B).
    const to = Math.min(state.fullBetLevel + limitBetSize(state), allIn);
    return { minTo: to, maxTo: to };
  }
  const minTo = state.currentBet === 0 ? state.rules.minBet : state.currentBet + state.lastFullRaise;
  // Pot-limit: call, then raise by the pot as it stands after the call.
  const potMax = state.currentBet + potForLimit(state) + toCall;
  const maxTo = state.rules.structure === "pot-limit" ? Math.min(potMax, allIn) : allIn;
  return { minTo: Math.min(minTo, maxTo), maxTo };
}
