/**
 * Limit games: the bets follow the blind level. In fixed limit the big blind is the small bet (and the
 * big bet twice it), so when the level goes up the floor announces the new limits with a `game`
 * operation; otherwise blinds of 300 would face raises of 200.
 */
import type { GameDef, LimitSizes } from "../rules/games.js";
import type { Level } from "../table/state.js";
import type { Unstamped } from "./timeline.js";

/** The limits at `level`, keeping the table's ratio of big bet to small bet and its raise cap. */
export function limitsAt(base: LimitSizes, level: Level): LimitSizes {
  return { ...base, smallBet: level.bb, bigBet: (level.bb * base.bigBet) / base.smallBet };
}

/** The floor's `game` operation that sets these limits. */
export function announceLimits(game: GameDef, limit: LimitSizes): Unstamped {
  return {
    kind: "floor",
    op: "game",
    game: game.name,
    smallBet: limit.smallBet,
    bigBet: limit.bigBet,
    ...(limit.cap !== null ? { cap: limit.cap } : {}),
  };
}

/** Whether two sets of limits differ (a new `game` operation is due). */
export function limitsChanged(a: LimitSizes, b: LimitSizes): boolean {
  return a.smallBet !== b.smallBet || a.bigBet !== b.bigBet || a.cap !== b.cap;
}
