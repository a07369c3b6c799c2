/** The floor's set-up operations between hands (shared/spec/events.md, "Floor operations"). */
import type { FloorEvent } from "../contract/input.js";
import type { TableState } from "./state.js";

/**
 * Why a floor operation cannot be applied, or that it was. `handInProgress`: refused only because the
 * hand is not over (yet, as the table reads it).
 */
export type FloorOpOutcome = { applied: true } | { applied: false; reason: string; handInProgress?: true };

const ok: FloorOpOutcome = { applied: true };
const no = (reason: string): FloorOpOutcome => ({ applied: false, reason });
const afterHand = (reason: string): FloorOpOutcome => ({ applied: false, reason, handInProgress: true });

/** Applies a set-up operation to the table (mutating `state`); rulings are the hand's business. */
export function applyFloorSetup(
  state: TableState,
  op: Exclude<FloorEvent, { op: "ruling" | "voidHand" | "undo" | "fill" | "credit" }>,
): FloorOpOutcome {
  const inHand = (seat: number) => state.hand !== null && seat in state.hand.stacksBefore;
  switch (op.op) {
    case "game": {
      const { t: _t, kind: _k, op: _o, game, ...limits } = op;
      if (game === "flhe" && (!limits.smallBet || !limits.bigBet)) {
        return no("a limit game needs smallBet and bigBet");
      }
      if (
        game === "tcp" &&
        (limits.min === undefined || limits.max === undefined || limits.min > limits.max)
      ) {
        return no("Three Card Poker needs table min and max, min ≤ max");
      }
      state.game = { game, ...limits };
      return ok;
    }
    case "level":
      if (op.bb < op.sb) return no(`the big blind (${op.bb}) is smaller than the small blind (${op.sb})`);
      state.nextLevel = { sb: op.sb, bb: op.bb, ante: op.ante, bbAnte: op.bbAnte };
      return ok;
    case "seat": {
      if (op.seat > state.seatCount)
        return no(`seat ${op.seat} does not exist: the table has ${state.seatCount} seats`);
      if (inHand(op.seat)) return afterHand(`seat ${op.seat} is in the hand; seat a player between hands`);
      const current = state.seats[op.seat];
      if (current && current.player !== op.player) {
        return no(`seat ${op.seat} is taken by ${current.player}; unseat first`);
      }
      state.seats[op.seat] = { player: op.player, stack: op.stack, away: current?.away ?? false };
      return ok;
    }
    case "unseat":
      if (!state.seats[op.seat]) return no(`seat ${op.seat} is already empty`);
      if (inHand(op.seat)) return afterHand(`seat ${op.seat} is in the hand; unseat between hands`);
      delete state.seats[op.seat];
      return ok;
    case "stack": {
      const seat = state.seats[op.seat];
      if (!seat) return no(`seat ${op.seat} is empty`);
      if (state.hand !== null) return afterHand("stacks are corrected between hands");
      seat.stack = op.stack;
      return ok;
    }
    case "button":
      if (op.seat > state.seatCount)
        return no(`seat ${op.seat} does not exist: the table has ${state.seatCount} seats`);
      state.placedButton = op.seat;
      return ok;
    case "break":
      if (state.onBreak) return no("the table is already on a break");
      state.onBreak = true;
      return ok;
    case "resume":
      if (!state.onBreak) return no("the table is not on a break");
      state.onBreak = false;
      return ok;
    case "away": {
      const seat = state.seats[op.seat];
      if (!seat) return no(`seat ${op.seat} is empty`);
      seat.away = op.away;
      return ok;
    }
  }
}
