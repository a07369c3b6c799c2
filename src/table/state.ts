/** The table between hands, as plain data: seats, stacks, button, level, game. */
import type { GameSettings, Level } from "../rules/games.js";
import type { Positions } from "../rules/positions.js";

export type { GameSettings, Level };

export interface SeatState {
  player: string;
  stack: number;
  /** Not at the seat: still dealt in, blinds and antes still posted (poker-rules.md §2). */
  away: boolean;
}

/** The hand in progress, as far as the table is concerned. */
export interface HandHeader {
  hand: number;
  positions: Positions;
  level: Level;
  game: GameSettings;
  redeal: boolean;
  /** Stacks when the hand started: a misdeal or a void puts them back. */
  stacksBefore: Record<number, number>;
}

export interface TableState {
  seatCount: number;
  seats: Record<number, SeatState>;
  game: GameSettings;
  /** The level in force for the next hand that starts (TDA 21: a new level applies from the next hand). */
  nextLevel: Level | null;
  /** A button placed by the floor for the next hand; otherwise the dead-button rule moves it. */
  placedButton: number | null;
  lastPositions: Positions | null;
  handsStarted: number;
  hand: HandHeader | null;
  /** The floor called a break: no hand starts until it resumes. */
  onBreak?: boolean;
}

/** Seats that take part in the next hand: a player with chips. */
export function seatsInGame(state: TableState): number[] {
  // One loop, not entries + filter + map + sort: asked at every shuffler press (bench/replay). A record's
  // seat numbers come out of `for … in` in ascending order (integer keys, ECMAScript
  // OrdinaryOwnPropertyKeys); the sort is kept for a record whose keys are not (it then sorts as before).
  const seats: number[] = [];
  let inOrder = true;
  for (const key in state.seats) {
    const seat = Number(key);
    if (!(state.seats[seat]!.stack > 0)) continue;
    if (seats.length > 0 && seat < seats[seats.length - 1]!) inOrder = false;
    seats.push(seat);
  }
  return inOrder ? seats : seats.sort((a, b) => a - b);
}

/** A new empty table. */
export function emptyTable(seatCount: number, game: GameSettings): TableState {
  return {
    seatCount,
    seats: {},
    game,
    nextLevel: null,
    placedButton: null,
    lastPositions: null,
    handsStarted: 0,
    hand: null,
  };
}
