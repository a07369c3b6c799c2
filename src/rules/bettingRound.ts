/** The end of a betting round: who acts next, returning an uncalled bet, collecting bets, moving to the next street. */
import { liveCount, nextToAct } from "./bettingOrder.js";
import {
  type BettingResult,
  type BettingState,
  type SeatInHand,
  STREETS,
  type Street,
} from "./bettingTypes.js";

/** After `seat` acted: pass the action on, or close the round (or the hand, when all but one folded). */
export function passAction(state: BettingState, seat: number): BettingState {
  if (liveCount(state) <= 1) return closeRound(state);
  const next = nextToAct(state, seat);
  return next === null ? closeRound(state) : { ...state, toAct: next };
}

/** Closes the round: the uncalled part of the highest bet goes back, bets go to the middle, the phase moves on. */
export function closeRound(state: BettingState): BettingState {
  const returned = returnUncalled(state);
  const collected = returned.collected + returned.seats.reduce((sum, s) => sum + s.bet, 0);
  const seats = returned.seats.map((s) => ({
    ...s,
    invested: s.invested + s.bet,
    bet: 0,
    mustAct: false,
  }));
  const closed: BettingState = { ...returned, seats, collected, toAct: null };
  return { ...closed, phase: phaseAfterRound(closed) };
}

function phaseAfterRound(state: BettingState): BettingState["phase"] {
  if (liveCount(state) <= 1) return "uncontested";
  if (state.street === "river") return "showdown";
  // With at most one player able to bet there is no more betting: run the board out (§8, all-in and action complete).
  let canBet = 0;
  for (const s of state.seats) if (!s.folded && s.stack > 0) canBet += 1;
  return canBet >= 2 ? "dealing" : "runout";
}

/** Chips nobody matched go back to the bettor before the pot is counted. */
function returnUncalled(state: BettingState): BettingState {
  // The highest bet (the first seat that made it) and the highest of the others', found in one pass.
  let top: SeatInHand | undefined;
  for (const s of state.seats) if (top === undefined || s.bet > top.bet) top = s;
  let second = 0;
  for (const s of state.seats) if (s !== top && s.bet > second) second = s.bet;
  if (top === undefined || top.bet <= second) return state;
  const excess = top.bet - second;
  return {
    ...state,
    seats: state.seats.map((s) => (s.seat === top.seat ? { ...s, bet: second, stack: s.stack + excess } : s)),
  };
}

/** Moves a hand whose round is over to the next street: betting opens there, or the board keeps running out. */
export function dealNextStreet(state: BettingState): BettingResult {
  if (state.phase !== "dealing" && state.phase !== "runout") {
    return {
      ok: false,
      error: {
        code: "NOT_DEALING",
        message: `no street to deal: the hand is in phase "${state.phase}" on the ${state.street}`,
      },
    };
  }
  const street = STREETS[STREETS.indexOf(state.street) + 1] as Street;
  const fresh: BettingState = {
    ...state,
    street,
    currentBet: 0,
    lastFullRaise: state.rules.minBet,
    fullBetLevel: 0,
    raiseCount: 0,
    shortBlindCredit: 0,
    lastAggressor: null,
    toAct: null,
    seats: state.seats.map((s) => ({
      ...s,
      acted: false,
      mustAct: !s.folded && s.stack > 0,
    })),
  };
  if (state.phase === "runout")
    return {
      ok: true,
      state: { ...fresh, phase: street === "river" ? "showdown" : "runout" },
    };
  return {
    ok: true,
    state: openRound({ ...fresh, phase: "betting" }, state.button),
  };
}

/** Opens a betting round: the first seat after `afterSeat` that owes an action is to act. */
export function openRound(state: BettingState, afterSeat: number): BettingState {
  const first = nextToAct(state, afterSeat);
  return first === null ? closeRound(state) : { ...state, phase: "betting", toAct: first };
}

/** Whether the hand has reached the point where no more betting is possible but board cards remain (§8). */
export function isAllInRunout(state: BettingState): boolean {
  return state.phase === "runout";
}
