/**
 * What the floor page shows, kept from the table events: the view model, the open alerts, the last
 * hands and reader health, as one message for the public and one (with hole cards) for the floor.
 */
import type { TableEvent } from "../contract/output.js";
import { AlertBoard } from "../display/alertBoard.js";
import { type PrivateTableView, privateTableView, type TableView, tableView } from "../display/view.js";
import type { TableReadModel } from "../table/core.js";
import type { PendingRuling } from "../table/rulingDesk.js";
import { type HandSummary, LastHands } from "./lastHands.js";
import { type LiveHealth, ReaderHealth, type ReaderStatus } from "../runtime/readerHealth.js";
import { holeFaces, scrubAlerts } from "./secrets.js";

/** One push to the floor page: everything it draws. */
export interface FloorMessage {
  type: "table";
  /** True only in messages for authenticated floor staff: the view then has `hole`. */
  private: boolean;
  view: TableView | PrivateTableView;
  lastHands: HandSummary[];
  readers: ReaderStatus[];
  /** A misdeal or void waiting for its undo window. */
  pending: PendingRuling | null;
  /** The floor's operations, newest first: who, when, what, and what came of it. */
  floorLog: FloorLogEntry[];
  /** The table was rebuilt from the journal after a restart (set by whoever runs the recovery). */
  recovered?: boolean;
  /** The dealer keys, all-in button, panel and journal as their drivers say (a real table only). */
  health?: Pick<LiveHealth, "devices" | "journal"> | null;
}

export interface FloorLogEntry {
  by: string;
  wall: string;
  /** The operation in words, e.g. "ruling misdeal on MISDEAL_FIRST_CARD". */
  what: string;
  outcome: "applied" | "pending" | "refused";
  reason?: string;
}

export interface FloorStateOptions {
  tableName: string;
  /** Readers the configuration names; others appear when they report. */
  readers?: readonly string[];
  /** Reader → the antennas it serves (reader health names them). */
  antennasByReader?: Readonly<Record<string, readonly string[]>>;
  /** How many finished hands to keep. */
  lastHands?: number;
  /** The drivers' and the journal's own state (a real table); without it, health follows the alerts. */
  live?: () => LiveHealth;
}

export class FloorState {
  private readonly alerts = new AlertBoard();
  private readonly hands: LastHands;
  private readonly readers: ReaderHealth;
  /** Hole-card faces of this hand and the last one: never in public text. */
  private readonly secret = new Set<string>();
  private readonly log: FloorLogEntry[] = [];
  /** Set when the table was recovered from the journal; sent as `recovered`. */
  recovered: boolean | undefined = undefined;

  constructor(
    private readonly core: TableReadModel,
    private readonly options: FloorStateOptions,
  ) {
    this.hands = new LastHands(options.lastHands ?? 20);
    this.readers = new ReaderHealth(options.readers ?? [], options.antennasByReader ?? {}, options.live);
  }

  /** Follows one batch of table events (a runtime output). */
  apply(events: readonly TableEvent[]): void {
    // Forget the hole cards of the hand before last: a new hand keeps only the last hand's secret.
    if (events.some((e) => e.kind === "hand_start")) this.secret.clear();
    // The hand's cards are remembered before it closes, so a late alert text cannot name them.
    for (const face of holeFaces(this.core)) this.secret.add(face);
    this.alerts.apply(events);
    this.hands.apply(events, this.core);
    this.readers.apply(events);
  }

  /** What anyone may see: no hole cards, alert texts scrubbed of them. */
  publicMessage(): FloorMessage {
    const secret = new Set([...this.secret, ...holeFaces(this.core)]);
    const view = tableView(this.core, {
      tableName: this.options.tableName,
      alerts: scrubAlerts(this.alerts.openAtTable(), secret),
      readersOffline: this.readers.offline(),
    });
    return this.message(view, false);
  }

  /** What authenticated floor staff see: the public message plus hole cards. */
  privateMessage(): FloorMessage {
    const view = privateTableView(this.core, {
      tableName: this.options.tableName,
      alerts: this.alerts.openAtTable(),
      readersOffline: this.readers.offline(),
    });
    return this.message(view, true);
  }

  /** Records a floor operation the server passed to the table (the 30 newest are kept). */
  recordFloorOp(entry: FloorLogEntry): void {
    this.log.unshift(entry);
    this.log.length = Math.min(this.log.length, 30);
  }

  /** Reader health alone (the health endpoint). */
  readerStatus(): ReaderStatus[] {
    return this.readers.list();
  }

  /** The other devices and the journal, from the drivers (null without a live report). */
  deviceStatus(): Pick<LiveHealth, "devices" | "journal"> | null {
    return this.readers.devices();
  }

  private message(view: TableView, isPrivate: boolean): FloorMessage {
    return {
      type: "table",
      private: isPrivate,
      view,
      lastHands: this.hands.list(),
      readers: this.readers.list(),
      ...(this.options.live ? { health: this.readers.devices() } : {}),
      pending: this.core.pendingRuling,
      floorLog: this.log.map((e) => ({ ...e })),
      ...(this.recovered === undefined ? {} : { recovered: this.recovered }),
    };
  }
}
