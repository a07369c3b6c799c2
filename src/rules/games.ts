/**
 * The flop games the betting engine deals: how bets are sized, how many hole cards, how hands are read.
 * Limit bet sizes and the raise cap are table settings (floor `game` event), so they live beside the
 * definitions rather than in them.
 */
import type { GameName } from "../contract/input.js";

/** How the size of a bet is bounded. */
export type BettingStructure = "no-limit" | "pot-limit" | "limit";
/** How a showdown hand is made: hold'em uses any five of seven, Omaha exactly two hole cards and three board cards. */
export type Evaluation = "holdem" | "omaha";
/** The flop games among the contract's games (Three Card Poker has no betting rounds). */
export type FlopGameName = Exclude<GameName, "tcp">;

/** The blinds and antes of a level (a new level applies from the next hand, TDA 21). */
export interface Level {
  sb: number;
  bb: number;
  ante: number;
  bbAnte: number;
}

/** The game on a table, with its limits (limit bets, the cap; Three Card Poker's table min and max). */
export interface GameSettings {
  game: GameName;
  smallBet?: number;
  bigBet?: number;
  cap?: number;
  min?: number;
  max?: number;
}

export interface GameDef {
  readonly name: FlopGameName;
  readonly structure: BettingStructure;
  readonly holeCards: 2 | 4;
  readonly evaluation: Evaluation;
}

/** Limit-game sizes: the small bet (pre-flop and flop), the big bet (turn and river) and the raise cap. */
export interface LimitSizes {
  readonly smallBet: number;
  readonly bigBet: number;
  /** Bets plus raises allowed per street; `null` for no cap. */
  readonly cap: number | null;
}

/** House default: a bet and three raises per street (TDA 48 leaves the number to the house). */
export const DEFAULT_RAISE_CAP = 4;

export const nlhe: GameDef = {
  name: "nlhe",
  structure: "no-limit",
  holeCards: 2,
  evaluation: "holdem",
};
export const plhe: GameDef = {
  name: "plhe",
  structure: "pot-limit",
  holeCards: 2,
  evaluation: "holdem",
};
export const flhe: GameDef = {
  name: "flhe",
  structure: "limit",
  holeCards: 2,
  evaluation: "holdem",
};
export const plo: GameDef = {
  name: "plo",
  structure: "pot-limit",
  holeCards: 4,
  evaluation: "omaha",
};

/** The flop games by contract name. */
export const GAME_DEFS: Readonly<Record<FlopGameName, GameDef>> = {
  nlhe,
  plhe,
  flhe,
  plo,
};

/** The definition of a flop game, or `undefined` for a game without betting rounds (`tcp`). */
export function gameDef(name: GameName): GameDef | undefined {
  return name === "tcp" ? undefined : GAME_DEFS[name];
}

/** Limit sizes for a table: the big bet defaults to twice the small bet, the cap to the house default. */
export function limitSizes(
  smallBet: number,
  bigBet = smallBet * 2,
  cap: number | null = DEFAULT_RAISE_CAP,
): LimitSizes {
  return { smallBet, bigBet, cap };
}
