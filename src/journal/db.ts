/**
 * The journal database: SQLite through better-sqlite3, WAL with `synchronous=FULL` so a row is on
 * the disk when its insert returns. Four tables: the journal's signed identity (`meta`), the
 * hash-chained and MACed rows (input events, and the table's own notices), the signed checkpoints
 * (one per hand that ended), and an index of hands whose digest each checkpoint signs.
 */
import Database from "better-sqlite3";
import { z } from "zod";
import { InputEvent } from "../contract/input.js";
import { TableEvent } from "../contract/output.js";
import type { CoreCheckpoint } from "../table/core.js";
import type { StoredHand } from "./hashChain.js";

export type Db = Database.Database;

/** Kept in SQLite's user_version; a later layout change bumps it. 2: keyed rows, signed checkpoints. */
export const SCHEMA_VERSION = 2;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY, t INTEGER NOT NULL, input INTEGER, event TEXT NOT NULL,
  prev TEXT NOT NULL, hash TEXT NOT NULL, mac TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS checkpoints (
  seq INTEGER PRIMARY KEY, hand INTEGER NOT NULL, t INTEGER NOT NULL,
  head TEXT NOT NULL, hands TEXT NOT NULL, state TEXT NOT NULL, sig TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS hands (
  hand INTEGER PRIMARY KEY, start_seq INTEGER NOT NULL, start_t INTEGER NOT NULL, start_wall TEXT,
  game TEXT NOT NULL, button INTEGER NOT NULL, redeal INTEGER NOT NULL,
  end_seq INTEGER, end_t INTEGER, end_wall TEXT, result TEXT, stacks TEXT);
`;

export interface DbOptions {
  /** Tests: cap the database's pages so a write fails with SQLITE_FULL, exactly as on a full disk. */
  maxPages?: number;
  /** Open without write access (commands that only read; tests of a read-only database when running as root). */
  readOnly?: boolean;
  /** Create the tables in an empty file (default); false when an empty file is suspect (it had rows). */
  initialize?: boolean;
}

/** Opens (creating if needed) the journal for writing. Throws the SQLite error on any fault. */
export function openForWriting(path: string, options: DbOptions = {}): Db {
  const db = new Database(path, { readonly: options.readOnly ?? false });
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    if (options.maxPages !== undefined) db.pragma(`max_page_count = ${options.maxPages}`);
    const empty = db.prepare("SELECT count(*) AS n FROM sqlite_master").get() as { n: number };
    // A journal already there is not written to before it is checked (one set aside stays as it was).
    if (empty.n === 0 && options.initialize !== false) {
      db.exec(SCHEMA);
      // A real write proves the file can be written now, not at the first event of the next hand.
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }
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

/** One stored row, as written. */
export interface EventRow {
  seq: number;
  t: number;
  /** The input's number among inputs (1, 2 …); null for a notice row. */
  input: number | null;
  event: string;
  prev: string;
  hash: string;
  mac: string;
}

const EventRowSchema = z.object({
  seq: z.number().int(),
  t: z.number().int(),
  input: z.number().int().nullable(),
  event: z.string(),
  prev: z.string(),
  hash: z.string(),
  mac: z.string(),
});

const COLUMNS = "seq, t, input, event, prev, hash, mac";

/** Rows with `from ≤ seq ≤ to`, in sequence order (a generator: a week of events need not fit in memory). */
export function* eventRows(db: Db, from = 1, to = Number.MAX_SAFE_INTEGER): Generator<EventRow> {
  const stmt = db.prepare(`SELECT ${COLUMNS} FROM events WHERE seq >= ? AND seq <= ? ORDER BY seq`);
  for (const row of stmt.iterate(from, to)) yield EventRowSchema.parse(row);
}

/** One row, or null. */
export function rowAt(db: Db, seq: number): EventRow | null {
  const row: unknown = db.prepare(`SELECT ${COLUMNS} FROM events WHERE seq = ?`).get(seq);
  return row === undefined ? null : EventRowSchema.parse(row);
}

/** The last row: the chain's head. */
export function lastRow(db: Db): EventRow | null {
  const row: unknown = db.prepare(`SELECT ${COLUMNS} FROM events ORDER BY seq DESC LIMIT 1`).get();
  return row === undefined ? null : EventRowSchema.parse(row);
}

/** How many inputs the journal holds (the number of the last input row). */
export function lastInput(db: Db): number {
  const row = db
    .prepare("SELECT input FROM events WHERE input IS NOT NULL ORDER BY seq DESC LIMIT 1")
    .get() as { input: number } | undefined;
  return row?.input ?? 0;
}

/**
 * The table's own events, journaled where they were said so that a replay says them again with their
 * numbers. With no events, the time the table's windows ran to when they said something (Journal.reached).
 */
export const NoticeRecord = z.object({
  t: z.number().int().nonnegative(),
  kind: z.literal("notice"),
  events: z.array(TableEvent),
});
export type NoticeRecord = z.infer<typeof NoticeRecord>;

/** What a stored row holds: an input event, or the table's notices. */
export type Stored = { input: InputEvent } | { notice: TableEvent[] };

/** A stored row read back and validated against the contract. */
export function parseStored(row: EventRow): Stored {
  const json: unknown = JSON.parse(row.event);
  if (row.input === null) return { notice: NoticeRecord.parse(json).events };
  return { input: InputEvent.parse(json) };
}

/** The input events of a range of rows (notice rows left out). */
export function* inputRows(db: Db, from = 1, to?: number): Generator<{ row: EventRow; event: InputEvent }> {
  for (const row of eventRows(db, from, to)) {
    const s = parseStored(row);
    if ("input" in s) yield { row, event: s.input };
  }
}

/** A stored input read back (throws on a notice row). */
export function parseEventRow(row: EventRow): InputEvent {
  const s = parseStored(row);
  if (!("input" in s)) throw new Error(`row ${row.seq} is a notice, not an input`);
  return s.input;
}

export interface StoredCheckpoint {
  seq: number;
  hand: number;
  t: number;
  head: string;
  /** The digest of the hands index up to this hand (signed with the rest). */
  hands: string;
  state: CoreCheckpoint;
  /** The state exactly as stored (what the signature covers). */
  stateText: string;
  sig: string;
}

export const CheckpointRowSchema = z.object({
  seq: z.number().int(),
  hand: z.number().int(),
  t: z.number().int(),
  head: z.string(),
  hands: z.string(),
  state: z.string(),
  sig: z.string(),
});

/** The plain-data shape of a core checkpoint, checked before the core is rebuilt from it. */
const CoreCheckpointShape = z.looseObject({
  table: z.looseObject({ seatCount: z.number().int(), seats: z.record(z.string(), z.unknown()) }),
  reader: z.looseObject({ reports: z.record(z.string(), z.array(z.string())) }),
  redeal: z.unknown(),
  offline: z.array(z.string()),
});

/** Checkpoint rows at or before `atOrBefore`, newest first, parsed (their signatures are the caller's to check). */
export function* checkpointsBefore(
  db: Db,
  atOrBefore = Number.MAX_SAFE_INTEGER,
): Generator<StoredCheckpoint> {
  // The numbers first, then each row by itself: a caller that stops early leaves no query open.
  const seqs = db
    .prepare("SELECT seq FROM checkpoints WHERE seq <= ? ORDER BY seq DESC")
    .pluck()
    .all(atOrBefore) as number[];
  const one = db.prepare("SELECT seq, hand, t, head, hands, state, sig FROM checkpoints WHERE seq = ?");
  for (const seq of seqs) {
    const row = CheckpointRowSchema.parse(one.get(seq));
    const state = CoreCheckpointShape.safeParse(JSON.parse(row.state));
    // The shape was checked and the signature (checked by the caller) proves these are the core's bytes.
    yield {
      seq: row.seq,
      hand: row.hand,
      t: row.t,
      head: row.head,
      hands: row.hands,
      state: (state.success ? state.data : {}) as unknown as CoreCheckpoint,
      stateText: row.state,
      sig: row.sig,
    };
  }
}

/** One hand in the index, its stacks read. */
export interface HandRow extends Omit<StoredHand, "stacks"> {
  stacks: Record<string, number> | null;
}

const HandRowSchema = z.object({
  hand: z.number().int(),
  start_seq: z.number().int(),
  start_t: z.number().int(),
  start_wall: z.string().nullable(),
  game: z.string(),
  button: z.number().int(),
  redeal: z.number().int(),
  end_seq: z.number().int().nullable(),
  end_t: z.number().int().nullable(),
  end_wall: z.string().nullable(),
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
      startWall: r.start_wall,
      game: r.game,
      button: r.button,
      redeal: r.redeal !== 0,
      endSeq: r.end_seq,
      endT: r.end_t,
      endWall: r.end_wall,
      result: r.result,
      stacks: r.stacks === null ? null : z.record(z.string(), z.number()).parse(JSON.parse(r.stacks)),
    };
  });
}

/** The journal's identity as stored (see identity.ts). */
export function readMeta(db: Db): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    for (const r of db.prepare("SELECT k, v FROM meta").all() as { k: string; v: string }[]) out[r.k] = r.v;
  } catch {
    // No meta table: not a journal of this layout.
  }
  return out;
}
