/**
 * The journal database: SQLite through better-sqlite3, WAL with `synchronous=FULL` so a row is on
 * the disk when its insert returns. Three tables: the hash-chained input events, the table's
 * checkpoints (one per hand that ended), and an index of hands for history and export.
 */
import Database from "better-sqlite3";
import { z } from "zod";
import { InputEvent } from "../contract/input.js";
import type { CoreCheckpoint } from "../table/core.js";
import { checkpointHash } from "./hashChain.js";

export type Db = Database.Database;

/** Kept in SQLite's user_version; a later layout change bumps it. */
const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY, t INTEGER NOT NULL, event TEXT NOT NULL, prev TEXT NOT NULL, hash TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS checkpoints (
  seq INTEGER PRIMARY KEY, hand INTEGER NOT NULL, t INTEGER NOT NULL,
  head TEXT NOT NULL, state TEXT NOT NULL, hash TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS hands (
  hand INTEGER PRIMARY KEY, start_seq INTEGER NOT NULL, start_t INTEGER NOT NULL, game TEXT NOT NULL,
  button INTEGER NOT NULL, redeal INTEGER NOT NULL,
  end_seq INTEGER, end_t INTEGER, result TEXT, stacks TEXT);
`;

export interface DbOptions {
  /** Tests: cap the database's pages so a write fails with SQLITE_FULL, exactly as on a full disk. */
  maxPages?: number;
  /** Open without write access (commands that only read; tests of a read-only database when running as root). */
  readOnly?: boolean;
}

/** Opens (creating if needed) the journal for writing. Throws the SQLite error on any fault. */
export function openForWriting(path: string, options: DbOptions = {}): Db {
  const db = new Database(path, { readonly: options.readOnly ?? false });
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    if (options.maxPages !== undefined) db.pragma(`max_page_count = ${options.maxPages}`);
    db.exec(SCHEMA);
    // A real write proves the file can be written now, not at the first event of the next hand.
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/** Opens an existing journal read-only (verify, export, history; recovery beside a faulty disk). */
export function openForReading(path: string): Db {
  return new Database(path, { readonly: true, fileMustExist: true });
}

/** One stored input event, as written. */
export interface EventRow {
  seq: number;
  t: number;
  event: string;
  prev: string;
  hash: string;
}

const EventRowSchema = z.object({
  seq: z.number().int(),
  t: z.number().int(),
  event: z.string(),
  prev: z.string(),
  hash: z.string(),
});

/** Rows with `from ≤ seq ≤ to`, in sequence order (a generator: a week of events need not fit in memory). */
export function* eventRows(db: Db, from = 1, to = Number.MAX_SAFE_INTEGER): Generator<EventRow> {
  const stmt = db.prepare(
    "SELECT seq, t, event, prev, hash FROM events WHERE seq >= ? AND seq <= ? ORDER BY seq",
  );
  for (const row of stmt.iterate(from, to)) yield EventRowSchema.parse(row);
}

/** The last row: the chain's head. */
export function lastRow(db: Db): EventRow | null {
  const row: unknown = db
    .prepare("SELECT seq, t, event, prev, hash FROM events ORDER BY seq DESC LIMIT 1")
    .get();
  return row === undefined ? null : EventRowSchema.parse(row);
}

/** A stored event read back and validated against the contract. */
export function parseEventRow(row: EventRow): InputEvent {
  return InputEvent.parse(JSON.parse(row.event));
}

export interface StoredCheckpoint {
  seq: number;
  hand: number;
  t: number;
  state: CoreCheckpoint;
}

const CheckpointRowSchema = z.object({
  seq: z.number().int(),
  hand: z.number().int(),
  t: z.number().int(),
  head: z.string(),
  state: z.string(),
  hash: z.string(),
});

/** The chain's hash at one row (undefined when the row is gone). */
export const HeadRow = z.object({ hash: z.string() }).optional();

/** The plain-data shape of a core checkpoint, checked before the core is rebuilt from it. */
const CoreCheckpointShape = z.looseObject({
  table: z.looseObject({ seatCount: z.number().int(), seats: z.record(z.string(), z.unknown()) }),
  reader: z.looseObject({ reports: z.record(z.string(), z.array(z.string())) }),
  redeal: z.unknown(),
  offline: z.array(z.string()),
});

/**
 * The latest checkpoint at or before `atOrBefore` whose hash holds and whose head matches the chain at
 * its row; a checkpoint that fails either is skipped (an older one, or none, means more replay).
 */
export function latestCheckpoint(db: Db, atOrBefore = Number.MAX_SAFE_INTEGER): StoredCheckpoint | null {
  const rows = db
    .prepare("SELECT seq, hand, t, head, state, hash FROM checkpoints WHERE seq <= ? ORDER BY seq DESC")
    .iterate(atOrBefore);
  const headAt = db.prepare("SELECT hash FROM events WHERE seq = ?");
  for (const raw of rows) {
    const row = CheckpointRowSchema.parse(raw);
    const head = HeadRow.parse(headAt.get(row.seq));
    if (head?.hash !== row.head || checkpointHash(row.seq, row.head, row.state) !== row.hash) continue;
    const state = CoreCheckpointShape.safeParse(JSON.parse(row.state));
    if (!state.success) continue;
    // The shape was checked above and the hash proves these are the bytes the core wrote.
    return { seq: row.seq, hand: row.hand, t: row.t, state: state.data as unknown as CoreCheckpoint };
  }
  return null;
}

/** One hand in the index. */
export interface HandRow {
  hand: number;
  startSeq: number;
  startT: number;
  game: string;
  button: number;
  redeal: boolean;
  endSeq: number | null;
  endT: number | null;
  result: string | null;
  stacks: Record<string, number> | null;
}

const HandRowSchema = z.object({
  hand: z.number().int(),
  start_seq: z.number().int(),
  start_t: z.number().int(),
  game: z.string(),
  button: z.number().int(),
  redeal: z.number().int(),
  end_seq: z.number().int().nullable(),
  end_t: z.number().int().nullable(),
  result: z.string().nullable(),
  stacks: z.string().nullable(),
});

/** The hands in the index, in order (optionally one hand). */
export function handRows(db: Db, hand?: number): HandRow[] {
  const sql = "SELECT * FROM hands" + (hand === undefined ? "" : " WHERE hand = ?") + " ORDER BY hand";
  const stmt = db.prepare(sql);
  const rows: unknown[] = hand === undefined ? stmt.all() : stmt.all(hand);
  return rows.map((raw) => {
    const r = HandRowSchema.parse(raw);
    return {
      hand: r.hand,
      startSeq: r.start_seq,
      startT: r.start_t,
      game: r.game,
      button: r.button,
      redeal: r.redeal !== 0,
      endSeq: r.end_seq,
      endT: r.end_t,
      result: r.result,
      stacks: r.stacks === null ? null : z.record(z.string(), z.number()).parse(JSON.parse(r.stacks)),
    };
  });
}
