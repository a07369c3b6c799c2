/** The simulated dealer pays the pots: side pots first, odd chips by the rules, from the cards on the felt. */
import { type BettingState, handPots, liveSeats, totalPot } from "../rules/betting.js";
import type { Card } from "../rules/cards.js";
import type { GameDef } from "../rules/games.js";
import { rakedPots } from "../rules/rake.js";
import { settleShowdown } from "../rules/showdown.js";
import { faceOf } from "./deck.js";

export interface SettleInput {
  readonly game: GameDef;
  /** Tags on the board antenna. */
  readonly board: readonly string[];
  /** Tags on a seat's antenna. */
  readonly hole: (seat: number) => readonly string[];
  readonly button: number;
  readonly seatCount: number;
  readonly oddChipUnit: number;
  /** Chips the house rakes from the pot (main pot first, before it is split). */
  readonly rake?: number;
}

/** Every seat's stack once the pots are paid. */
export function settleStacks(state: BettingState, input: SettleInput): Record<number, number> {
  const stacks: Record<number, number> = {};
  for (const s of state.seats) stacks[s.seat] = s.stack;
  const live = liveSeats(state);
  if (live.length === 1) {
    const winner = live[0]!.seat;
    stacks[winner] = (stacks[winner] ?? 0) + totalPot(state) - (input.rake ?? 0);
    return stacks;
  }
  const { pots, returned } = handPots(state);
  if (returned) stacks[returned.seat] = (stacks[returned.seat] ?? 0) + returned.amount;
  const awards = settleShowdown({
    game: input.game.evaluation,
    board: faces(input.board),
    hands: live.map((s) => ({ seat: s.seat, hole: faces(input.hole(s.seat)) })),
    pots: rakedPots(pots, input.rake ?? 0),
    button: input.button,
    seatOrder: Array.from({ length: input.seatCount }, (_, i) => i + 1),
    oddChipUnit: input.oddChipUnit,
  });
  for (const a of awards) stacks[a.seat] = (stacks[a.seat] ?? 0) + a.amount;
  return stacks;
}

function faces(tags: readonly string[]): Card[] {
  return tags.map(faceOf).filter((c): c is Card => c !== null);
}
