/**
 * The floor feed of one real table (`table` and `run`): from the configuration's `table.id` and
 * `feed.mqtt` (or the `--mqtt URL` override) to a publisher on the runtime, with the journal's signed
 * chain head after every hand and, when the configuration names the ruling keys, signed floor
 * operations over MQTT. No broker configured: no feed, and nothing else changes.
 */
import { readFileSync } from "node:fs";
import type { TableEvent } from "../contract/output.js";
import { FloorInbox } from "../feed/floorInbox.js";
import { type Db, eventRows, parseStored } from "../journal/db.js";
import { forCore } from "../journal/recovery.js";
import type { TableCore } from "../table/core.js";
import { numbered } from "../table/numbered.js";
import { DEFAULT_KEEP, FeedPublisher } from "../feed/publisher.js";
import { RulingKeys, RulingVerifier } from "../feed/signedRuling.js";
import { type Config, packageVersion } from "../config/config.js";
import type { Runtime } from "../runtime/runtime.js";

/** The package's version for the health topic (it was a constant, and said 0.1.0 after any upgrade). */
export const FEED_VERSION = packageVersion();

/** How long a misdeal or void ruled over MQTT can be undone (the floor page's default, 10 s). */
const UNDO_WINDOW_MS = 10_000;

export interface TableFeedOptions {
  /** `--mqtt URL`: wins over `feed.mqtt.url`. */
  mqtt?: string;
  /** The journal's chain head (signed when the journal has its key). */
  head?: () => Record<string, unknown>;
  /** More health for the `health` topic (journal state, devices). */
  health?: () => Record<string, unknown>;
  /** The journal's table events from before this start (what the floor may have missed), for `replay`. */
  backlog?: () => readonly TableEvent[];
}

/** Starts the table's publisher, or returns null when no broker is configured. */
export function startTableFeed(
  runtime: Runtime,
  config: Config,
  options: TableFeedOptions,
): FeedPublisher | null {
  const mqtt = config.feed?.mqtt;
  const url = options.mqtt ?? mqtt?.url;
  if (url === undefined) return null;
  const tableId = config.table.id ?? config.table.name.replace(/[^A-Za-z0-9-]+/g, "-").slice(0, 64);
  const read = (what: string, path: string) => {
    try {
      return readFileSync(path);
    } catch (e) {
      throw new Error(`feed.mqtt.${what}: cannot read ${path} (${(e as Error).message})`, { cause: e });
    }
  };
  const password =
    mqtt?.passwordFile === undefined
      ? undefined
      : read("passwordFile", mqtt.passwordFile).toString("utf8").trim();
  const inbox =
    mqtt?.rulingKeys === undefined
      ? undefined
      : new FloorInbox(
          new RulingVerifier(tableId, RulingKeys.load(mqtt.rulingKeys)),
          runtime,
          config.displays.web?.undoWindowMs ?? UNDO_WINDOW_MS,
        );
  const publisher = new FeedPublisher({
    tableId,
    tableName: config.table.name,
    url,
    version: FEED_VERSION,
    ...(mqtt?.username === undefined ? {} : { username: mqtt.username }),
    ...(password === undefined ? {} : { password }),
    ...(mqtt?.ca === undefined ? {} : { ca: read("ca", mqtt.ca) }),
    ...(options.head ? { head: options.head } : {}),
    ...(options.health ? { health: options.health } : {}),
    ...(inbox ? { inbox } : {}),
  });
  if (options.backlog) publisher.preload(options.backlog());
  publisher.refresh(runtime.core, runtime.now());
  runtime.addOutput(publisher.output);
  return publisher;
}

/**
 * The last `keep` table events of the journal, rebuilt by replaying its rows from the first on a fresh
 * core: the core is deterministic, so each event comes back under the number it was said with, and
 * journaled notices are said again where they were (as recovery does from a checkpoint). A day's journal
 * replays in about a second.
 */
export function journalBacklog(
  db: Db,
  makeCore: () => TableCore,
  seqBase: number,
  keep = DEFAULT_KEEP,
): TableEvent[] {
  const core = numbered(makeCore(), undefined, seqBase);
  const out: TableEvent[] = [];
  for (const row of eventRows(db)) {
    const stored = parseStored(row);
    if ("input" in stored) {
      const e = forCore(stored.input);
      out.push(...core.advanceTo(e.t), ...core.handle(e));
    } else out.push(...core.advanceTo(row.t), ...core.again(stored.notice)); // as recovery replays a notice
    if (out.length > 2 * keep) out.splice(0, out.length - keep);
  }
  return out.slice(-keep);
}

/**
 * The first number the floor feed sends again after a restart: the last hand's start at or before what
 * this start says (the hand in progress, or the last one between hands), else what this start says.
 */
export function resendFrom(past: readonly TableEvent[], history: readonly TableEvent[]): number {
  const first = history[0]?.seq ?? Infinity;
  let from = first;
  for (const e of past) if (e.kind === "hand_start" && (e.seq ?? Infinity) <= first) from = e.seq ?? from;
  return from;
}
