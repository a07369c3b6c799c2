/**
 * Settling a showdown: each pot is decided and split on its own (rule 19, side pots first), and odd
 * chips go one by one to the winners from the first seat left of the button (rule 18). Pots are never
 * merged before splitting, even when losing hands leave two pots with the same contenders: that would
 * move odd chips (see shared/data/phh/side-pots/sp09).
 */
import type { Card } from "./cards.js";
import { evaluateCards, evaluateOmaha, type HandScore } from "./evaluator.js";
import { describeHand } from "./handName.js";
import type { Pot } from "./pots.js";

/** The poker games whose showdowns this module settles. */
export type Game = "holdem" | "omaha";

/** A hand tabled at showdown. */
export interface ShownHand {
  seat: number;
  hole: readonly Card[];
}

/** What a showdown needs to know. */
export interface Showdown {
  game: Game;
  board: readonly Card[];
  /** Every live seat's tabled cards; each eligible seat of each pot must be here. */
  hands: readonly ShownHand[];
  /** Index 0 the main pot, then the side pots, as `buildPots` makes them. */
  pots: readonly Pot[];
  button: number;
  /** All seats of the table in clockwise order; must include the button seat. */
  seatOrder: readonly number[];
  /** The smallest chip in play; pots are split to this unit and odd units handed out (rule 18). Default 1. */
  oddChipUnit?: number;
}

/** Chips from one pot to one seat, with the dealer's name for the winning hand. */
export interface Award {
  seat: number;
  amount: number;
  /** 0 the main pot, 1… side pots. */
  pot: number;
  hand: string;
}

/** Score of a seat's best hand in the given game. */
export function bestHand(game: Game, hole: readonly Card[], board: readonly Card[]): HandScore {
  return game === "omaha" ? evaluateOmaha(hole, board) : evaluateCards([...hole, ...board]);
}

/** Seats in the order odd chips are handed out: clockwise, starting with the first seat left of the button. */
export function oddChipOrder(button: number, seatOrder: readonly number[]): number[] {
  const at = seatOrder.indexOf(button);
  if (at < 0) throw new Error(`button seat ${button} is not in the seat order ${seatOrder.join(",")}`);
  return [...seatOrder.slice(at + 1), ...seatOrder.slice(0, at + 1)];
}

/**
 * Splits `amount` among `winners` (already in odd-chip order): equal shares in whole units, then the
 * leftover one unit at a time from the first winner on (a last part smaller than a unit goes the same way).
 */
export function splitPot(amount: number, winners: readonly number[], unit = 1): Map<number, number> {
  if (winners.length === 0) throw new Error("a pot needs at least one winner");
  if (!Number.isSafeInteger(unit) || unit < 1)
    throw new Error(`odd chip unit must be a whole number ≥ 1, got ${unit}`);
  const share = Math.floor(amount / unit / winners.length) * unit;
  const shares = new Map<number, number>(winners.map((seat) => [seat, share]));
  let left = amount - share * winners.length;
  for (let i = 0; left > 0; i = (i + 1) % winners.length) {
    const chip = Math.min(unit, left);
    const seat = winners[i]!;
    shares.set(seat, shares.get(seat)! + chip);
    left -= chip;
  }
  return shares;
}

/** Settles every pot of a showdown, side pots first, and returns the awards in the order to push them. */
export function settleShowdown(showdown: Showdown): Award[] {
  const order = oddChipOrder(showdown.button, showdown.seatOrder);
  const seen = new Set<Card>(showdown.board);
  for (const { seat, hole } of showdown.hands) {
    for (const card of hole) {
      if (seen.has(card)) throw new Error(`card ${card} of seat ${seat} is already on the table`);
      seen.add(card);
    }
  }
  const scores = new Map<number, HandScore>();
  for (const { seat, hole } of showdown.hands) {
    if (scores.has(seat)) throw new Error(`seat ${seat} shows two hands`);
    scores.set(seat, bestHand(showdown.game, hole, showdown.board));
  }

  const awards: Award[] = [];
  for (let index = showdown.pots.length - 1; index >= 0; index--) {
    const pot = showdown.pots[index]!;
    if (pot.amount === 0) continue;
    let best = 0;
    for (const seat of pot.eligible) {
      const score = scores.get(seat);
      if (score === undefined) throw new Error(`seat ${seat} is eligible for pot ${index} but shows no hand`);
      if (!order.includes(seat)) throw new Error(`seat ${seat} of pot ${index} is not in the seat order`);
      if (score > best) best = score;
    }
    const winners = order.filter((seat) => pot.eligible.includes(seat) && scores.get(seat) === best);
    if (winners.length === 0) throw new Error(`pot ${index} has no eligible seat`);
    const hand = describeHand(best);
    for (const [seat, amount] of splitPot(pot.amount, winners, showdown.oddChipUnit ?? 1)) {
      if (amount > 0) awards.push({ seat, amount, pot: index, hand });
    }
  }
  return awards;
}
