/**
 * What the table core offers its users (the runtime, replay, recovery, the displays' read models), and
 * the checkpoint it is rebuilt from: the contract of src/table/core.ts, apart from how it works.
 */
import type { InputEvent } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { HandInPlay } from "../hand/lifecycle.js";
import type { TableReaderSnapshot } from "../reading/tableReader.js";
import type { AfterHandSnapshot } from "./afterHand.js";
import type { OwedWaiting } from "./owedAtThePress.js";
import type { Redeal } from "./nextHand.js";
import type { PendingRuling } from "./rulingDesk.js";
import type { TableState } from "./state.js";
import type { CoreView, PrivateCoreView } from "./view.js";

export interface TableCore {
  /** Feeds one input event; returns the table events it causes, in order. */
  handle(event: InputEvent): TableEvent[];
  /** Runs delayed behaviour due at or before `t` (the clock the runtime supplies). */
  advanceTo(t: number): TableEvent[];
  /** The earliest `t` at which `advanceTo` would do something, or null. */
  nextDeadline(): number | null;
  /** End of input (replay): pending windows run out. */
  finish(t: number): TableEvent[];
  /** The table as plain data (a copy). */
  snapshot(): TableState;
  /**
   * The hand in progress, whichever the game (null between hands): its number, game, chart state and
   * hold, taken when asked. What it shows is in `view()`.
   */
  readonly live: HandInPlay | null;
  /** A misdeal or void waiting for its undo window (src/table/rulingDesk.ts), if any. */
  readonly pendingRuling: PendingRuling | null;
  /** The whole core as plain data, between hands only (null while a hand or a deck check is in progress). */
  checkpoint(): CoreCheckpoint | null;
  /** The public read model (src/table/view.ts): what every display shows; never a hole card. */
  view(): CoreView;
  /** The private read model: the hole cards, for authenticated floor staff only. */
  privateView(): PrivateCoreView;
}

/**
 * What the displays, the floor page and the floor feed read of the core: its read model and the table
 * as plain data, never a hand's context, and nothing that feeds it.
 */
export type TableReadModel = Pick<TableCore, "view" | "privateView" | "live" | "pendingRuling" | "snapshot">;

/** What recovery needs to rebuild the core between hands: replay then continues from here. */
export interface CoreCheckpoint {
  table: TableState;
  reader: TableReaderSnapshot;
  redeal: Redeal | null;
  offline: string[];
  /** When the last hand ended (its chips still listed at the next press are not the next hand's). */
  lastHandEnd?: number;
  /** Seat → chips the last hand counted from the `allin` key that ended it, still to come on its zone. */
  lastHandsChipsToCome?: Record<number, number>;
  /** The dealer's work after the hand: paying, the rake plate, the tray (issue 18). */
  afterHand?: AfterHandSnapshot;
  /** Debts the last hand ended with, still waiting the readers' lag for the pot (owedAtThePress.ts). */
  owedAtThePress?: OwedWaiting | null;
}
