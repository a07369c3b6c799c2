/** Who sits where in the hand and who still has to act: the seat arithmetic of the betting engine. */
import type { BettingState, SeatInHand } from "./bettingTypes.js";

/** Seats sorted clockwise starting with the first seat left of the button (the dealing order). */
export function dealingOrder<T extends { readonly seat: number }>(seats: readonly T[], button: number): T[] {
  const sorted = [...seats].sort((a, b) => a.seat - b.seat);
  // Seat numbers grow clockwise; the button may be an empty seat (dead button), so compare numbers, not indices.
  // (The seats after the button, then those up to it: a loop, not two filters; a hand starts at every press.)
  let first = 0;
  while (first < sorted.length && sorted[first]!.seat <= button) first += 1;
  const order = sorted.slice(first);
  for (let i = 0; i < first; i++) order.push(sorted[i]!);
  return order;
}

/** The usual blind seats: heads-up the button posts the small blind (TDA 32); otherwise the two seats after it. */
export function defaultBlindSeats(
  seats: readonly number[],
  button: number,
): { readonly sbSeat: number; readonly bbSeat: number } {
  const order = dealingOrder(
    seats.map((seat) => ({ seat })),
    button,
  ).map((s) => s.seat);
  if (order.length < 2) throw new Error(`a hand needs at least two seats, got ${order.length}`);
  // Heads-up the other player, first in dealing order, has the big blind.
  if (order.length === 2) return { sbSeat: order[1]!, bbSeat: order[0]! };
  return { sbSeat: order[0]!, bbSeat: order[1]! };
}

/** The seat record of a seat number, or `undefined` when the seat is not in the hand. */
export function findSeat(state: BettingState, seat: number): SeatInHand | undefined {
  // Asked several times for every action: a loop, without a closure per call.
  for (const s of state.seats) if (s.seat === seat) return s;
  return undefined;
}

/** Seats in clockwise order starting just after `seat` (which need not be in the hand) and ending with it. */
export function seatsAfter(state: BettingState, seat: number): SeatInHand[] {
  const start = indexAfter(state, seat);
  return [...state.seats.slice(start), ...state.seats.slice(0, start)];
}

/**
 * Where the seats after `seat` begin in `state.seats` (dealing order): the number of seats at or before
 * it. Dealing order starts left of the button; a seat's place in it is its clockwise distance from the button.
 */
function indexAfter(state: BettingState, seat: number): number {
  // Asked after every action: a plain function of the button, not a closure made per call.
  const mine = clockwiseFromButton(seat, state.button);
  let start = 0;
  for (const s of state.seats) if (clockwiseFromButton(s.seat, state.button) <= mine) start += 1;
  return start;
}

/** A seat's place in dealing order: how far clockwise of the button it sits (the button itself last). */
function clockwiseFromButton(seat: number, button: number): number {
  return seat > button ? seat - button : seat - button + 1_000_000;
}

/** Players still in the hand. */
export function liveSeats(state: BettingState): SeatInHand[] {
  return state.seats.filter((s) => !s.folded);
}

/** How many players are still in the hand (every action asks: counted without a list). */
export function liveCount(state: BettingState): number {
  let n = 0;
  for (const s of state.seats) if (!s.folded) n += 1;
  return n;
}

/** Live players who still have chips behind, i.e. who can still bet. */
export function seatsWithChips(state: BettingState): SeatInHand[] {
  return state.seats.filter((s) => !s.folded && s.stack > 0);
}

/** Whether `s` still owes an action in the current round. */
export function needsAction(state: BettingState, s: SeatInHand): boolean {
  if (s.folded || s.stack === 0 || !s.mustAct) return false;
  if (s.bet < state.currentBet) return true;
  // Matched already and nobody left who could answer a raise: there is nothing to decide (PokerKit does the same).
  for (const o of state.seats) if (o.seat !== s.seat && !o.folded && o.stack > 0) return true;
  return false;
}

/** The next seat after `seat` that owes an action, or `null` when the round is complete. */
export function nextToAct(state: BettingState, seat: number): number | null {
  // The seats after `seat` in turn (as seatsAfter lists them), walked round without copying them.
  const seats = state.seats;
  const start = indexAfter(state, seat);
  for (let k = 0; k < seats.length; k++) {
    const s = seats[(start + k) % seats.length]!;
    if (needsAction(state, s)) return s.seat;
  }
  return null;
}

/** A copy of the state with one seat's record replaced. */
export function updateSeat(
  state: BettingState,
  seat: number,
  f: (s: SeatInHand) => SeatInHand,
): BettingState {
  return {
    ...state,
    seats: state.seats.map((s) => (s.seat === seat ? f(s) : s)),
  };
}
