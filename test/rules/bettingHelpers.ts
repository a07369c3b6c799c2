/** Test helpers for the betting engine: start a table quickly and play scripted actions that must be legal. */
import {
  type ActionType,
  applyAction,
  type BettingState,
  dealNextStreet,
  type ForcedBetLevel,
  type StartHandInput,
  startHand,
} from "../../src/rules/betting.js";
import { type GameDef, type LimitSizes, nlhe } from "../../src/rules/games.js";

export interface TableSpec {
  readonly game?: GameDef;
  /** Stacks by seat, seats numbered 1…n clockwise. */
  readonly stacks: readonly number[];
  readonly button: number;
  readonly level: Partial<ForcedBetLevel> & {
    readonly sb: number;
    readonly bb: number;
  };
  readonly sbSeat?: number | null;
  readonly bbSeat?: number;
  readonly limit?: LimitSizes;
  readonly extra?: Partial<StartHandInput>;
}

/** Starts a hand; blinds default to the two seats after the button (button posts the small blind heads-up). */
export function table(spec: TableSpec): BettingState {
  const n = spec.stacks.length;
  const after = (k: number) => ((spec.button - 1 + k) % n) + 1;
  const headsUp = n === 2;
  return startHand({
    game: spec.game ?? nlhe,
    seats: spec.stacks.map((stack, i) => ({ seat: i + 1, stack })),
    button: spec.button,
    sbSeat: spec.sbSeat !== undefined ? spec.sbSeat : headsUp ? spec.button : after(1),
    bbSeat: spec.bbSeat ?? (headsUp ? after(1) : after(2)),
    level: { ante: 0, bbAnte: 0, ...spec.level },
    ...(spec.limit ? { limit: spec.limit } : {}),
    ...spec.extra,
  });
}

/** A scripted action: `[seat, type, to?]`, or `"deal"` to deal the next street. */
export type Step = readonly [number, ActionType, number?] | "deal";

/** Plays the steps; throws with the engine's explanation when one is illegal. */
export function play(state: BettingState, steps: readonly Step[]): BettingState {
  let s = state;
  for (const step of steps) {
    const r =
      step === "deal"
        ? dealNextStreet(s)
        : applyAction(s, {
            seat: step[0],
            type: step[1],
            ...(step[2] !== undefined ? { to: step[2] } : {}),
          });
    if (!r.ok) throw new Error(`${JSON.stringify(step)}: ${r.error.code}: ${r.error.message}`);
    s = r.state;
  }
  return s;
}

/** Stack behind and bet in front of a seat. */
export function seatOf(state: BettingState, seat: number): { stack: number; bet: number; folded: boolean } {
  const s = state.seats.find((x) => x.seat === seat);
  if (!s) throw new Error(`seat ${seat} not in hand`);
  return { stack: s.stack, bet: s.bet, folded: s.folded };
}
