/** What the simulated dealer is given and what it remembers across the actions of a hand. */
import type { BbAnteOrder } from "../rules/betting.js";
import type { RakeSchedule } from "../rules/rake.js";
import type { GameDef, LimitSizes } from "../rules/games.js";
import type { Positions } from "../rules/positions.js";
import type { Level } from "../table/state.js";
import type { Rng } from "./random.js";

export interface DealerRngs {
  /** Shuffles. */
  readonly cards: Rng;
  /** The players' decisions. */
  readonly play: Rng;
  /** Where and how injected errors are made. */
  readonly inject: Rng;
}

export interface DealerSetup {
  readonly game: GameDef;
  readonly limit?: LimitSizes;
  readonly bbAnteOrder: BbAnteOrder;
  readonly oddChipUnit: number;
  /** A raked cash game: the house rake schedule (issue 18). */
  readonly rake?: RakeSchedule;
}

/** An out-of-turn action waiting for the action to reach its seat (TDA 53). */
export interface PendingOutOfTurn {
  readonly seat: number;
  readonly kind: "fold" | "call";
  readonly currentBet: number;
  readonly tags: readonly string[];
}

/** A deal as it began: what the floor's misdeal deals again and what its void gives back. */
export interface DealRecord {
  readonly positions: Positions;
  readonly level: Level;
  readonly stacksBefore: Readonly<Record<number, number>>;
  /** The deck the shuffler gave out for it (two-deck shufflers alternate). */
  readonly deck: string;
}
