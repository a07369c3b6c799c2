/**
 * The table's settings as the core takes them: plain, typed and ready (the configuration's shape is
 * adapted to this once, at the edge, in src/runtime/tableSettings.ts). Nothing below the runtime reads
 * the configuration file's shape, so the file can change without touching the core.
 */
import type { BbAnteOrder } from "../rules/betting.js";
import type { RakeSchedule } from "../rules/rake.js";
import type { PayTable } from "../rules/threeCard/payTable.js";
import type { Registry } from "../reading/registry.js";
import type { GameSettings } from "./state.js";

/** What the core needs to run one table. */
export interface TableSettings {
  seats: number;
  game: GameSettings;
  registry: Registry;
  /** Antenna names the table has; a report from another antenna is refused. */
  antennas: readonly string[];
  chips: readonly number[];
  settleWindowMs: number;
  departWindowMs?: number;
  /** One scan round of the readers (ms): judgements of order allow this much (default 200). */
  scanRoundMs?: number;
  /** Missed scans before the bridge reports a tag gone (default 3). */
  missedScans?: number;
  /** Antenna → the reader that serves it (READER_OFFLINE names them); default all on "bridge". */
  readers?: Readonly<Record<string, string>>;
  bbAnteOrder?: BbAnteOrder;
  /** Three Card Poker pay tables (default: the digest's). */
  payTable?: PayTable;
  /** The decks in play (a deck check names the one it read); default the registry's cards decide. */
  decks?: readonly string[];
  /**
   * How long after a hand's chips stop moving the tray is judged, on top of the readers' lag (ms;
   * configuration `tray.judgeAfterMs`, src/table/tray.ts). Default 1500.
   */
  trayJudgeAfterMs?: number;
  /** A raked cash game: the house rake schedule (issue 18); absent: no rake. */
  rake?: RakeSchedule;
}
