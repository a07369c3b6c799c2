/** The start of a hand: seats in dealing order, antes and blinds posted, the first player to act pre-flop. */
import { dealingOrder } from "./bettingOrder.js";
import { openRound } from "./bettingRound.js";
import type { BbAnteOrder, BettingRules, BettingState, CapLift, SeatInHand } from "./bettingTypes.js";
import { DEFAULT_RAISE_CAP, type GameDef, type LimitSizes } from "./games.js";

/** The forced bets of a level, as the floor `level` event gives them. */
export interface ForcedBetLevel {
  readonly sb: number;
  readonly bb: number;
  /** Per-player ante. */
  readonly ante: number;
  /** A single ante paid by the big blind for the table. */
  readonly bbAnte: number;
}

export interface StartHandInput {
  readonly game: GameDef;
  /** The seats dealt in, with their stacks before the forced bets; any order. */
  readonly seats: readonly { readonly seat: number; readonly stack: number }[];
  /** The button seat; may be an empty seat (dead button, TDA 30). */
  readonly button: number;
  /** `null` when there is no small blind this hand (dead small blind). */
  readonly sbSeat: number | null;
  readonly bbSeat: number;
  readonly level: ForcedBetLevel;
  /** Limit games: bet sizes and cap. Defaults to the big blind as the small bet and the house cap. */
  readonly limit?: LimitSizes;
  /** House setting; TDA 2019 gives the big blind priority over the big-blind ante. */
  readonly bbAnteOrder?: BbAnteOrder;
  readonly capLift?: CapLift;
}

/** Deals a hand in: posts antes and blinds and returns the pre-flop betting state. Throws on inconsistent input. */
export function startHand(input: StartHandInput): BettingState {
  return openPreflop(forcedBetsPosted(input));
}

/** Opens the pre-flop round on the forced bets: the first player left of the big blind acts first. */
export function openPreflop(posted: BettingState): BettingState {
  // Heads-up that is the button (small blind). When the blinds leave nobody able to act, the round
  // closes at once: the blinds go in as invested, their `bet`s back to 0 (an all-in from the blinds).
  return openRound(posted, posted.bbSeat);
}

/**
 * The antes and blinds posted, the pre-flop round not yet opened: each blind is its seat's `bet`, as
 * the table tells them at the press whatever the round does next.
 */
export function forcedBetsPosted(input: StartHandInput): BettingState {
  checkInput(input);
  const { level } = input;
  const rules = bettingRules(input);
  // The seat records are this function's own until it returns the state: the forced bets are posted
  // on them in place (a hand starts at every shuffler press; bench/replay).
  const seats: Mutable<SeatInHand>[] = [];
  for (const s of dealingOrder(input.seats, input.button))
    seats.push({
      seat: s.seat,
      stack: s.stack,
      bet: 0,
      ante: 0,
      invested: 0,
      folded: false,
      acted: false,
      mustAct: false,
    });
  const pay = (seat: number, kind: "ante" | "bet", amount: number) => {
    const s = seatIn(seats, seat);
    if (s === undefined) return;
    const paid = Math.min(amount, s.stack);
    s.stack -= paid;
    s[kind] += paid;
  };
  // Per-player antes go in before the blinds, as every seat posts them at once.
  if (level.ante > 0) for (const s of seats) pay(s.seat, "ante", level.ante);
  const bbAnteFirst = (input.bbAnteOrder ?? "blind-first") === "ante-first";
  if (level.bbAnte > 0 && bbAnteFirst) pay(input.bbSeat, "ante", level.bbAnte);
  if (input.sbSeat !== null) pay(input.sbSeat, "bet", level.sb);
  pay(input.bbSeat, "bet", level.bb);
  if (level.bbAnte > 0 && !bbAnteFirst) pay(input.bbSeat, "ante", level.bbAnte);
  // One pass for who owes an action, the highest bet and the antes collected.
  let highest = level.bb;
  let collected = 0;
  for (const s of seats) {
    s.mustAct = s.stack > 0;
    if (s.bet > highest) highest = s.bet;
    collected += s.ante;
  }
  const posted = (seat: number | null) => (seat === null ? 0 : (seatIn(seats, seat)?.bet ?? 0));
  const shortSb = input.sbSeat === null ? 0 : level.sb - posted(input.sbSeat);
  const state: BettingState = {
    rules,
    button: input.button,
    sbSeat: input.sbSeat,
    bbSeat: input.bbSeat,
    anteIsBbAnte: level.bbAnte > 0,
    seats,
    street: "preflop",
    phase: "betting",
    toAct: null,
    // Callers owe the full big blind even when the big blind is short (the blind is the opening bet).
    currentBet: highest,
    lastFullRaise: rules.minBet,
    fullBetLevel: level.bb,
    raiseCount: 1,
    shortBlindCredit: shortSb + (level.bb - posted(input.bbSeat)),
    collected,
    lastAggressor: null,
  };
  return state;
}

/** A seat's record among the start's own, without a closure per payment (a hand starts at every press). */
function seatIn<T extends { seat: number }>(seats: T[], seat: number): T | undefined {
  for (const s of seats) if (s.seat === seat) return s;
  return undefined;
}

function bettingRules(input: StartHandInput): BettingRules {
  const limit = input.limit ?? {
    smallBet: input.level.bb,
    bigBet: input.level.bb * 2,
    cap: DEFAULT_RAISE_CAP,
  };
  return {
    structure: input.game.structure,
    minBet: input.level.bb,
    smallBet: limit.smallBet,
    bigBet: limit.bigBet,
    cap: limit.cap,
    capLift: input.capLift ?? "heads-up-play",
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function wholeChips(name: string, v: number): void {
  if (!Number.isInteger(v) || v < 0) throw new Error(`level ${name} must be whole chips ≥ 0, got ${v}`);
}

function checkInput(input: StartHandInput): void {
  const seats = input.seats;
  if (seats.length < 2) throw new Error(`a hand needs at least two seats, got ${seats.length}`);
  // Loops over the few seats, not a list, a Set and searches of it: checked at every shuffler press.
  let bbIn = false;
  let sbIn = input.sbSeat === null;
  for (let i = 0; i < seats.length; i++)
    for (let j = 0; j < i; j++)
      if (seats[j]!.seat === seats[i]!.seat)
        throw new Error(`a seat is listed twice: ${seats.map((x) => x.seat).join(", ")}`);
  for (const s of seats) {
    if (!Number.isInteger(s.stack) || s.stack < 0)
      throw new Error(`seat ${s.seat}: stack must be whole chips ≥ 0`);
    if (s.seat === input.bbSeat) bbIn = true;
    if (s.seat === input.sbSeat) sbIn = true;
  }
  if (!bbIn) throw new Error(`big blind seat ${input.bbSeat} is not dealt in`);
  if (!sbIn) throw new Error(`small blind seat ${input.sbSeat} is not dealt in`);
  if (input.sbSeat === input.bbSeat) throw new Error(`seat ${input.bbSeat} cannot post both blinds`);
  const { sb, bb, ante, bbAnte } = input.level;
  wholeChips("sb", sb);
  wholeChips("bb", bb);
  wholeChips("ante", ante);
  wholeChips("bbAnte", bbAnte);
  if (bb <= 0) throw new Error("the big blind must be at least one chip");
  if (ante > 0 && bbAnte > 0)
    throw new Error("a level has either per-player antes or a big-blind ante, not both");
}
