/**
 * The input journal at the table: every input event is appended (hash-chained, on the disk) before
 * the core sees it, and the table's state is checkpointed at each hand's end. A fault never stops
 * the table: the journal says so once (a floor alert and a log line), keeps counting and chaining
 * in memory, and leaves everything already on the disk as it is.
 */
import type { Logger } from "pino";
import type { InputJournal } from "../app/runtime.js";
import type { InputEvent } from "../contract/input.js";
import { formatJsonLine } from "../contract/jsonl.js";
import type { TableEvent } from "../contract/output.js";
import type { TableCore } from "../table/core.js";
import { type Db, type DbOptions, HeadRow, lastRow, openForReading, openForWriting } from "./db.js";
import { classifyFault, faultAlert, type JournalFault, journalLogger } from "./faults.js";
import { checkpointHash, GENESIS, rowHash } from "./hashChain.js";

export interface JournalOptions extends DbOptions {
  logger?: Logger;
}

export class Journal implements InputJournal {
  /** Where recovery reads from: the writable database, or a read-only view of a faulty one, or none. */
  private history: Db | null;
  private writer: Db | null;
  private seq: number;
  private head: string;
  private lastT = 0;
  private faultSeen: JournalFault | null = null;
  private readonly alerts: TableEvent[] = [];
  private readonly log: Logger;
  private readonly insert: ((row: [number, number, string, string, string]) => void) | null;

  private constructor(
    readonly path: string,
    writer: Db | null,
    history: Db | null,
    log: Logger,
  ) {
    this.writer = writer;
    this.history = history;
    this.log = log;
    const last = history === null ? null : safeLastRow(history);
    this.seq = last?.seq ?? 0;
    this.head = last?.hash ?? GENESIS;
    this.lastT = last?.t ?? 0;
    const stmt = writer?.prepare("INSERT INTO events (seq, t, event, prev, hash) VALUES (?, ?, ?, ?, ?)");
    this.insert = stmt ? (row) => void stmt.run(...row) : null;
  }

  /** Opens the journal at `path`; on a fault it opens in memory and queues the alert (it never throws). */
  static open(path: string, options: JournalOptions = {}): Journal {
    const log = options.logger ?? journalLogger();
    try {
      const db = openForWriting(path, options);
      log.info({ path }, "journaling to %s (WAL, synchronous=FULL)", path);
      return new Journal(path, db, db, log);
    } catch (error) {
      const fault = classifyFault(error, path);
      // What is already journaled still counts: read it if the file can be read at all.
      const history = tryOpenForReading(path);
      const journal = new Journal(path, null, history, log);
      journal.raise(fault, journal.lastT);
      return journal;
    }
  }

  /** The sequence number of the last event appended (0 before the first). */
  get lastSeq(): number {
    return this.seq;
  }

  /** Whether events are reaching the disk. */
  get journaling(): boolean {
    return this.writer !== null;
  }

  /** The fault that stopped journaling, if any. */
  get fault(): JournalFault | null {
    return this.faultSeen;
  }

  /** The database recovery reads (null when nothing could be read). */
  get database(): Db | null {
    return this.history;
  }

  append(event: InputEvent): number {
    const seq = this.seq + 1;
    const text = formatJsonLine(event).trimEnd();
    const hash = rowHash(seq, event.t, this.head, text);
    if (this.writer !== null && this.insert !== null) {
      try {
        this.insert([seq, event.t, text, this.head, hash]);
      } catch (error) {
        this.raise(classifyFault(error, this.path), event.t);
      }
    }
    this.seq = seq;
    this.head = hash;
    this.lastT = event.t;
    return seq;
  }

  takeAlerts(): TableEvent[] {
    return this.alerts.splice(0);
  }

  /**
   * Keeps the hand index and the checkpoint up to date with table events caused by event `seq`:
   * a `hand_start` opens a row, a `hand_end` closes it, and the table state is checkpointed when no
   * hand is left in progress. Repeating it for the same events (recovery replays them) is harmless.
   */
  record(events: readonly TableEvent[], core: TableCore, seq: number): void {
    const db = this.writer;
    if (db === null || events.length === 0) return;
    try {
      let ended: { hand: number; t: number } | null = null;
      for (const e of events) {
        if (e.kind === "hand_start") {
          db.prepare(
            "INSERT OR REPLACE INTO hands (hand, start_seq, start_t, game, button, redeal) VALUES (?, ?, ?, ?, ?, ?)",
          ).run(e.hand, seq, e.t, e.game, e.button, e.redeal ? 1 : 0);
        } else if (e.kind === "hand_end") {
          db.prepare("UPDATE hands SET end_seq = ?, end_t = ?, result = ?, stacks = ? WHERE hand = ?").run(
            seq,
            e.t,
            e.result,
            JSON.stringify(e.stacks),
            e.hand,
          );
          ended = { hand: e.hand, t: e.t };
        }
      }
      const checkpoint = ended === null ? null : core.checkpoint();
      if (ended === null || checkpoint === null) return;
      const head = HeadRow.parse(db.prepare("SELECT hash FROM events WHERE seq = ?").get(seq))?.hash;
      if (head === undefined) return;
      const state = JSON.stringify(checkpoint);
      db.prepare(
        "INSERT OR REPLACE INTO checkpoints (seq, hand, t, head, state, hash) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(seq, ended.hand, ended.t, head, state, checkpointHash(seq, head, state));
    } catch (error) {
      this.raise(classifyFault(error, this.path), events[0]?.t ?? this.lastT);
    }
  }

  /** Closes the database (the WAL is folded back into the file). */
  close(): void {
    const dbs = new Set([this.writer, this.history]);
    this.writer = null;
    this.history = null;
    for (const db of dbs) db?.close();
  }

  /** Stops writing, once: the alert for the table and the log line for the operator. */
  private raise(fault: JournalFault, t: number): void {
    if (this.faultSeen !== null) return;
    this.faultSeen = fault;
    this.log.error(
      { path: this.path, fault: fault.kind, code: fault.code, lastSeq: this.seq },
      "NOT JOURNALING: %s; the table keeps running on memory",
      fault.reason,
    );
    this.alerts.push(faultAlert(t, fault, this.seq));
    // Keep a read handle for recovery; only stop writing (a full disk may leave reads possible).
    this.writer = null;
  }
}

function tryOpenForReading(path: string): Db | null {
  try {
    const db = openForReading(path);
    lastRow(db);
    return db;
  } catch {
    return null;
  }
}

function safeLastRow(db: Db): ReturnType<typeof lastRow> {
  try {
    return lastRow(db);
  } catch {
    return null;
  }
}
