/**
 * Which simulated table deals which game. The flop games share one dealer (hold'em and Omaha, every
 * betting structure); Three Card Poker has its own simulator (src/sim/tcp/) with its own report, and
 * is wired here by its owner.
 */
import type { GameName } from "../contract/input.js";
import type { AlertCode } from "../hand/alerts.js";
import { type FlopGameName, gameDef } from "../rules/games.js";
import { FLOP_INJECTORS } from "./injection.js";

export interface GameSupport {
  /** Codes this game's simulator can inject. */
  readonly injectable: readonly AlertCode[];
  /** Codes of the catalogue that do not apply to this game (shown as "—" in the report). */
  readonly notApplicable: (code: AlertCode) => boolean;
}

const FLOP: GameSupport = {
  injectable: Object.keys(FLOP_INJECTORS) as AlertCode[],
  notApplicable: (code) => code.startsWith("TCP_"),
};

/** The flop-game simulator's support for `game`, or null for a game it does not deal (tcp). */
export function flopGame(game: GameName): (GameSupport & { name: FlopGameName }) | null {
  const def = gameDef(game);
  return def ? { ...FLOP, name: def.name } : null;
}
