/**
 * Recovery after a crash or a power cut: the latest checkpoint (taken at a hand's end) and a replay of
 * the events journaled after it — the hand that was in progress. Replay, not xstate's persistence, is
 * the recovery path: timers (settle windows) are re-run from each event's `t` as in any replay.
 */
import type { MonotonicClock } from "../app/runtime.js";
import type { TableEvent } from "../contract/output.js";
import { type CoreCheckpoint, type TableCore } from "../table/core.js";
import { eventRows, latestCheckpoint, parseEventRow } from "./db.js";
import { HAND_RECOVERED } from "./faults.js";
import type { Journal } from "./journal.js";

export interface Recovered {
  core: TableCore;
  /** The table events of the replayed events, in order: what the displays show again. */
  replayed: TableEvent[];
  /** The checkpoint's sequence number (0: none, the whole journal was replayed). */
  checkpointSeq: number;
  /** How many journaled events were replayed after the checkpoint. */
  replayedEvents: number;
  lastSeq: number;
  lastT: number;
  /** The hand in progress after the replay, if any: it is a recovered hand. */
  handInProgress: number | null;
  ms: number;
}

/** Rebuilds the core from a checkpoint (or from nothing); the caller knows the configuration. */
export type CoreFactory = (checkpoint: CoreCheckpoint | undefined) => TableCore;

/** Rebuilds the table from the journal; the hand index and checkpoints are brought up to date on the way. */
export function recover(journal: Journal, makeCore: CoreFactory): Recovered {
  const started = performance.now();
  const db = journal.database;
  const checkpoint = db === null ? null : latestCheckpoint(db);
  const core = makeCore(checkpoint?.state);
  const replayed: TableEvent[] = [];
  let count = 0;
  let lastT = checkpoint?.t ?? 0;
  if (db !== null) {
    // Read first: the replay writes the hand index, and SQLite cannot write while a read is open.
    const rows = [...eventRows(db, (checkpoint?.seq ?? 0) + 1)];
    for (const row of rows) {
      const event = parseEventRow(row);
      const out = [...core.advanceTo(event.t), ...core.handle(event)];
      journal.record(out, core, row.seq);
      replayed.push(...out);
      count += 1;
      lastT = event.t;
    }
  }
  return {
    core,
    replayed,
    checkpointSeq: checkpoint?.seq ?? 0,
    replayedEvents: count,
    lastSeq: journal.lastSeq,
    lastT,
    handInProgress: core.snapshot().hand?.hand ?? null,
    ms: Math.round(performance.now() - started),
  };
}

/** The floor page's notice that the hand in progress was rebuilt from the journal after a restart. */
export function recoveredNotice(r: Recovered): TableEvent[] {
  if (r.handInProgress === null) return [];
  return [
    {
      t: r.lastT,
      kind: "alert",
      code: HAND_RECOVERED,
      rule: "—",
      severity: "info",
      text:
        `Hand ${r.handInProgress} was recovered after a restart: ${r.replayedEvents} journaled events ` +
        "replayed; check the displays against the table",
      steps: [
        "Compare the board, bets and stacks shown with the layout",
        "Call the floor if anything differs",
      ],
    },
  ];
}

/** A clock that goes on from the journal's last `t` after a restart (the process clock starts again at 0). */
export function resumedClock(lastT: number, now: () => number = () => performance.now()): MonotonicClock {
  const origin = now();
  return () => lastT + Math.floor(now() - origin);
}
