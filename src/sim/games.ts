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

/** Codes of the house-banked game's paying and tray (issue 18): not the flop games'. */
const BANKED = new Set<AlertCode>(["PAYOUT_WRONG", "LOSING_BET_LEFT", "TRAY_VARIANCE"]);

/**
 * The flop-game simulator's support for `game`, or null for a game it does not deal (tcp). A raked
 * game (`--rake`) can have its rake checked: RAKE_WRONG is injectable then, not applicable otherwise.
 */
export function flopGame(game: GameName, raked = false): (GameSupport & { name: FlopGameName }) | null {
  const def = gameDef(game);
  if (!def) return null;
  return {
    injectable: [
      ...(Object.keys(FLOP_INJECTORS) as AlertCode[]),
      ...(raked ? (["RAKE_WRONG"] as const) : []),
    ],
    notApplicable: (code) => code.startsWith("TCP_") || BANKED.has(code) || (!raked && code === "RAKE_WRONG"),
    name: def.name,
  };
}
