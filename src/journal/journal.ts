/**
 * The input journal at the table: every input event is appended (chained, MACed, announced in the
 * signed anchor, on the disk) before the core sees it, and the table's state is checkpointed and signed
 * at each hand's end. At open the journal is checked before anything is built on it; one that fails is
 * set aside and a new one started. A fault never stops the table: the journal says so once, keeps the
 * rows in memory, in order, and writes them as soon as the storage takes writes again.
 *
 * Over 300 lines, knowingly: appending, checkpointing, the fault state machine and the writer's reopen
 * all guard one invariant (rows in order, none lost, chain unbroken), which is easier to check in one
 * file than across several; the database schema (db.ts), chain (hashChain.ts), anchor (anchor.ts) and
 * checks (verify.ts) are already apart.
 */
import { randomUUID } from "node:crypto";
import { existsSync, renameSync, statSync } from "node:fs";
import type { Logger } from "pino";
import type { InputJournal } from "../ports/ports.js";
import type { InputEvent } from "../contract/input.js";
import { formatJsonLine } from "../contract/jsonl.js";
import type { TableEvent } from "../contract/output.js";
import type { TableCore } from "../table/core.js";
import { checkpointEventSeq } from "../table/numbered.js";
import { type AnchorRecord, anchorExists, AnchorWriter, setAsideAnchors } from "./anchor.js";
import {
  checkpointsBefore,
  type Db,
  type DbOptions,
  eventRows,
  type EventRow,
  lastInput,
  lastRow,
  openForReading,
  openForWriting,
  readMeta,
  type StoredCheckpoint,
} from "./db.js";
import {
  classifyFault,
  faultAlert,
  faultCleared,
  type JournalFault,
  journalLogger,
  setAsideAlert,
} from "./faults.js";
import {
  anchorText,
  checkpointText,
  genesis,
  identityText,
  type JournalIdentity,
  macText,
  nextHandsDigest,
  NO_HANDS,
  rowHash,
  type StoredHand,
} from "./hashChain.js";
import { loadOrCreateTableKey, memoryTableKey, type TableKey } from "./tableKey.js";
import { readIdentity, verifyTail } from "./verify.js";

export interface JournalOptions extends DbOptions {
  logger?: Logger;
  /** The table key (Ed25519 private key, PEM). Default `<journal>.key`, made on a table's first start. */
  keyPath?: string;
  /** Crash tests: called between a row's anchor and its database write (the one moment only they reach). */
  afterAnchor?: (row: { seq: number; input: number | null }) => void;
}

/**
 * How far past the journal's last row a restart runs the table's windows before it says anything,
 * when a window is pending (src/journal/recovery.ts resumption): what windows say within it needs no
 * row of its own (Journal.reached). Five seconds covers the windows that speak after an input at a
 * table (a settle window, 400 ms; a departure, 500 ms plus the bridge's K missed scans; a scan round;
 * the tray's judgement, 1.5 s; the shuffler's wait for the readers), so a hand needs no such row; a
 * longer one (a ruling's undo window) still gets its row. It is also what a restart then adds to table
 * time at least, whatever the wall clock says: a restart (systemd, Node's start, the journal's check)
 * takes seconds anyway.
 */
export const RESTART_RUNS_WINDOWS_MS = 5_000;

/** Numbers of a set-aside journal's successor start this far beyond the last number it signed. */
export const SEQ_GAP_AFTER_SET_ASIDE = 1_000_000;

/** The default key path of a journal. */
export const defaultKeyPath = (journalPath: string): string => `${journalPath}.key`;

type Row = Omit<EventRow, "mac"> & { mac: string };

/** A hand of the index as the journal writes it. */
type HandData = StoredHand;

/** Writes waiting for the disk, in order: rows, then index and checkpoint updates. */
type Pending = { row: Row } | { op: (db: Db) => void };

export class Journal implements InputJournal {
  private history: Db | null;
  private writer: Db | null = null;
  private anchor: AnchorWriter | null = null;
  private insert: ((r: Row) => void) | null = null;
  private seq = 0;
  private inputs = 0;
  private head: string;
  private lastT = 0;
  private handsDigest = NO_HANDS;
  private readonly openHands = new Map<number, HandData>();
  /** Row hashes and walls since the last checkpoint (the index and checkpoints refer to them). */
  private readonly recent = new Map<number, { hash: string; wall: string | null }>();
  private readonly pending: Pending[] = [];
  private durable: () => boolean = () => true;
  private faultSeen: JournalFault | null = null;
  private readonly alerts: TableEvent[] = [];
  /** The checked checkpoint recovery starts from. */
  readonly checkpoint: StoredCheckpoint | null;
  /** When the journal found at open failed its check: where it was put, and why. */
  readonly setAside: { path: string; problem: string } | null;

  /** The table key's file (null: a key in memory only). */
  keyPath: string | null = null;

  private constructor(
    readonly path: string,
    private readonly key: TableKey,
    readonly identity: JournalIdentity,
    private readonly log: Logger,
    private readonly dbOptions: DbOptions & Pick<JournalOptions, "afterAnchor">,
    state: {
      writer: Db | null;
      history: Db | null;
      checkpoint: StoredCheckpoint | null;
      setAside: Journal["setAside"];
    },
  ) {
    this.history = state.history;
    this.checkpoint = state.checkpoint;
    this.setAside = state.setAside;
    this.head = genesis(identity);
    const last = state.history === null ? null : lastRow(state.history);
    if (last !== null && state.history !== null) {
      this.seq = last.seq;
      this.head = last.hash;
      this.lastT = last.t;
      this.inputs = lastInput(state.history);
    }
    if (state.checkpoint !== null) this.handsDigest = state.checkpoint.hands;
    if (state.writer !== null) this.attach(state.writer);
  }

  /** Opens the journal at `path`: checks it, sets it aside if it fails, and never throws (a fault is an alert). */
  static open(path: string, options: JournalOptions = {}): Journal {
    const journal = Journal.openWith(path, options);
    if (journal.key.ephemeral !== true) journal.keyPath = options.keyPath ?? defaultKeyPath(path);
    return journal;
  }

  private static openWith(path: string, options: JournalOptions): Journal {
    const log = options.logger ?? journalLogger();
    const dbOptions: DbOptions & Pick<JournalOptions, "afterAnchor"> = {
      ...(options.maxPages === undefined ? {} : { maxPages: options.maxPages }),
      ...(options.readOnly === undefined ? {} : { readOnly: options.readOnly }),
      ...(options.afterAnchor === undefined ? {} : { afterAnchor: options.afterAnchor }),
    };
    const keyPath = options.keyPath ?? defaultKeyPath(path);
    let key: TableKey;
    let keyFault: unknown = null;
    try {
      const loaded = loadOrCreateTableKey(keyPath);
      key = loaded.key;
      if (loaded.created)
        log.warn(
          { keyPath, keyId: key.id },
          "made a new table key at %s (give %s.pub to the auditor)",
          keyPath,
          keyPath,
        );
    } catch (e) {
      // Rows still chain, under a key that dies with the process: a restart will not trust them.
      key = memoryTableKey();
      keyFault = e;
    }
    if (keyFault === null && anchorExists(path) && (!existsSync(path) || statSync(path).size === 0)) {
      // The anchor says rows were written; the database holds none (deleted, or emptied with its -wal).
      const problem = `the database ${existsSync(path) ? "is empty" : "is missing"} but its anchor says it held rows`;
      return Journal.replace(path, key, log, dbOptions, problem, SEQ_GAP_AFTER_SET_ASIDE);
    }
    let db: Db;
    try {
      if (keyFault !== null) throw keyFault;
      db = openForWriting(path, { ...dbOptions, initialize: !anchorExists(path) });
    } catch (error) {
      const fault = classifyFault(error, path);
      if (fault.kind === "corrupt") return Journal.replace(path, key, log, dbOptions, fault.reason, 0);
      return Journal.onMemory(path, key, log, dbOptions, fault);
    }
    // An empty database beside an anchor is not a new journal: it lost its rows (e.g. the -wal deleted).
    const fresh = readMeta(db).id === undefined && isEmpty(db) && !anchorExists(path);
    if (fresh) {
      const identity = newIdentity(key, 0);
      writeIdentity(db, identity, key);
      log.info(
        { path, journal: identity.id },
        "journaling to %s (WAL, synchronous=FULL, table key %s)",
        path,
        key.id,
      );
      return new Journal(path, key, identity, log, dbOptions, {
        writer: db,
        history: db,
        checkpoint: null,
        setAside: null,
      });
    }
    const verdict = verifyTail(db, { key, path });
    if (!verdict.ok) {
      const base = seqBaseAfter(db, key);
      db.close();
      return Journal.replace(
        path,
        key,
        log,
        dbOptions,
        `${verdict.problem}${verdict.badSeq > 0 ? ` (row ${verdict.badSeq})` : ""}`,
        base,
      );
    }
    const journal = new Journal(path, key, verdict.identity, log, dbOptions, {
      writer: db,
      history: db,
      checkpoint: verdict.checkpoint,
      setAside: null,
    });
    if (verdict.restore !== null) journal.restoreFromAnchor(verdict.restore);
    log.info(
      { path, journal: verdict.identity.id, rows: verdict.rows },
      "journal checked; journaling to %s",
      path,
    );
    return journal;
  }

  /** The journal at `path` failed its check: it is set aside and a new one begins, numbering after `base`. */
  private static replace(
    path: string,
    key: TableKey,
    log: Logger,
    dbOptions: DbOptions,
    problem: string,
    base: number,
  ): Journal {
    const aside = `${path}.broken-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    try {
      for (const suffix of ["", "-wal", "-shm"])
        if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
      setAsideAnchors(path, aside);
    } catch (error) {
      const fault = classifyFault(error, path);
      return Journal.onMemory(path, key, log, dbOptions, fault);
    }
    log.error({ path, aside, problem }, "JOURNAL SET ASIDE: %s; a new journal is started", problem);
    let db: Db;
    try {
      db = openForWriting(path, dbOptions);
    } catch (error) {
      const journal = Journal.onMemory(path, key, log, dbOptions, classifyFault(error, path), base);
      journal.alerts.unshift(setAsideAlert(0, problem, aside));
      return journal;
    }
    const identity = newIdentity(key, base);
    writeIdentity(db, identity, key);
    const journal = new Journal(path, key, identity, log, dbOptions, {
      writer: db,
      history: db,
      checkpoint: null,
      setAside: { path: aside, problem },
    });
    journal.alerts.push(setAsideAlert(0, problem, aside));
    return journal;
  }

  /** A journal that cannot write: what the file holds is recovered if it passes the check. */
  private static onMemory(
    path: string,
    key: TableKey,
    log: Logger,
    dbOptions: DbOptions,
    fault: JournalFault,
    base = 0,
  ): Journal {
    const history = tryOpenForReading(path);
    const verdict = history === null ? null : verifyTail(history, { key, path });
    const trusted = verdict?.ok === true ? verdict : null;
    if (trusted === null) history?.close();
    const identity = trusted?.identity ?? newIdentity(key, base);
    const journal = new Journal(path, key, identity, log, dbOptions, {
      writer: null,
      history: trusted === null ? null : history,
      checkpoint: trusted?.checkpoint ?? null,
      setAside: null,
    });
    if (trusted?.restore) journal.restoreFromAnchor(trusted.restore);
    journal.raise(fault, journal.lastT);
    return journal;
  }

  /** The sequence number of the last row (0 before the first). */
  get lastSeq(): number {
    return this.seq;
  }

  /** How many input events the journal holds (notice rows are not inputs). */
  get inputCount(): number {
    return this.inputs;
  }

  /** The chain's head: the last row's number and hash (the floor feed publishes it after every hand). */
  get chainHead(): { seq: number; hash: string } {
    return { seq: this.seq, hash: this.head };
  }

  /**
   * The chain's head signed by the table key, for the floor feed's `head` topic: an outside copy that
   * a rollback of the whole machine cannot take back.
   */
  signedHead(): { journal: string; seq: number; hash: string; sig: string } {
    const { seq, hash } = this.chainHead;
    return {
      journal: this.identity.id,
      seq,
      hash,
      sig: this.key.sign(anchorText(this.identity.id, seq, hash)),
    };
  }

  /** Whether events are reaching the disk. */
  get journaling(): boolean {
    return this.writer !== null && this.faultSeen === null;
  }

  /** The fault that stopped journaling, if it has not cleared. */
  get fault(): JournalFault | null {
    return this.faultSeen;
  }

  /** Rows waiting in memory for the disk. */
  get waiting(): number {
    return this.pending.filter((p) => "row" in p).length;
  }

  /** The database recovery reads (null when nothing could be read or trusted). */
  get database(): Db | null {
    return this.history;
  }

  /** The rows recovery replays: those after the checkpoint, including any still waiting in memory. */
  *rowsAfterCheckpoint(): Generator<EventRow> {
    const from = (this.checkpoint?.seq ?? 0) + 1;
    let last = from - 1;
    if (this.history !== null) {
      // Read first: the replay writes the hand index, and SQLite cannot write while a read is open.
      for (const row of [...eventRows(this.history, from)]) {
        last = row.seq;
        yield row;
      }
    }
    for (const p of [...this.pending]) if ("row" in p && p.row.seq > last) yield p.row;
  }

  /** The first table-event number of this journal's table, when it has no checkpoint yet. */
  get eventSeqBase(): number {
    return this.identity.seqBase;
  }

  /** Recovery tells the journal the rows it replays, so the index and checkpoints can refer to them. */
  replaying(row: EventRow): void {
    this.recent.set(row.seq, { hash: row.hash, wall: wallOf(row.event) });
  }

  append(event: InputEvent): number {
    this.inputs += 1;
    return this.add(formatJsonLine(event).trimEnd(), event.t, this.inputs, event.wall ?? null);
  }

  /**
   * Journals events the table said of itself (its notices), numbered, where they were said: a replay
   * says them again with the same numbers.
   */
  notice(events: readonly TableEvent[]): void {
    const first = events[0];
    if (first === undefined) return;
    const t = Math.max(this.lastT, first.t);
    this.add(formatJsonLine({ t, kind: "notice", events }).trimEnd(), t, null, null);
  }

  /**
   * Journals that the table's windows ran to `t` and said something (Runtime.tick), when `t` is more
   * than RESTART_RUNS_WINDOWS_MS past the last row (nearer, a restart runs them anyway): a notice row with no
   * events, which recovery and every replay run the windows to (advanceTo the row's t), so the events
   * keep the numbers they were said under and table time resumes after them. Without it, a restart
   * whose wall clock had been set back resumed before them, and said its notice under their numbers.
   */
  reached(t: number): void {
    // A restart runs the windows this far past the last row anyway (RESTART_RUNS_WINDOWS_MS): no row.
    if (t <= this.lastT + RESTART_RUNS_WINDOWS_MS) return;
    const at = Math.max(this.lastT, t);
    this.add(formatJsonLine({ t: at, kind: "notice", events: [] }).trimEnd(), at, null, null);
  }

  takeAlerts(): TableEvent[] {
    return this.alerts.splice(0);
  }

  /**
   * Keeps the hand index and the checkpoint up to date with table events caused by row `seq`: a
   * `hand_start` opens a row, a `hand_end` closes it, and the table state is checkpointed and signed
   * when no hand is left in progress. Repeating it for the same events (recovery replays them) is harmless.
   */
  record(events: readonly TableEvent[], core: TableCore, seq: number): void {
    if (events.length === 0) return;
    const at = this.recent.get(seq);
    const wall = at?.wall ?? null;
    let ended: { hand: number; t: number } | null = null;
    for (const e of events) {
      if (e.kind === "hand_start") {
        const h: HandData = {
          hand: e.hand,
          startSeq: seq,
          startT: e.t,
          startWall: wall,
          game: e.game,
          button: e.button,
          redeal: e.redeal,
          endSeq: null,
          endT: null,
          endWall: null,
          result: null,
          stacks: null,
        };
        this.openHands.set(e.hand, h);
        this.enqueue({ op: (db) => writeHand(db, h) });
      } else if (e.kind === "hand_end") {
        const open = this.openHands.get(e.hand);
        if (open === undefined) continue;
        this.openHands.delete(e.hand);
        const h: HandData = {
          ...open,
          endSeq: seq,
          endT: e.t,
          endWall: wall,
          result: e.result,
          stacks: JSON.stringify(e.stacks),
        };
        this.handsDigest = nextHandsDigest(this.handsDigest, h);
        this.enqueue({ op: (db) => writeHand(db, h) });
        ended = { hand: e.hand, t: e.t };
      }
    }
    const checkpoint = ended === null ? null : core.checkpoint();
    if (ended === null || checkpoint === null || at === undefined) return;
    const cp = {
      seq,
      hand: ended.hand,
      t: ended.t,
      head: at.hash,
      hands: this.handsDigest,
      state: JSON.stringify(checkpoint),
    };
    const sig = this.key.sign(checkpointText(this.identity.id, cp));
    this.enqueue({
      op: (db) =>
        void db
          .prepare(
            "INSERT OR REPLACE INTO checkpoints (seq, hand, t, head, hands, state, sig) VALUES (?, ?, ?, ?, ?, ?, ?)",
          )
          .run(cp.seq, cp.hand, cp.t, cp.head, cp.hands, cp.state, sig),
    });
    for (const s of [...this.recent.keys()]) if (s < seq) this.recent.delete(s);
    this.log.debug({ seq, hand: ended.hand, eventSeq: checkpointEventSeq(checkpoint) }, "checkpoint");
  }

  /** Closes the database (the WAL is folded back into the file). */
  close(): void {
    const dbs = new Set([this.writer, this.history]);
    this.writer = null;
    this.history = null;
    this.insert = null;
    for (const db of dbs) db?.close();
    this.anchor?.close();
    this.anchor = null;
  }

  private add(text: string, t: number, input: number | null, wall: string | null): number {
    const seq = this.seq + 1;
    const hash = rowHash(seq, t, this.head, text);
    const mac = this.key.mac?.(macText(this.identity.id, seq, hash, input)) ?? "";
    this.enqueue({ row: { seq, t, input, event: text, prev: this.head, hash, mac } });
    this.seq = seq;
    this.head = hash;
    this.lastT = t;
    this.recent.set(seq, { hash, wall });
    return seq;
  }

  /** A row the anchor announced and the crash kept from the database: it is written first. */
  private restoreFromAnchor(a: AnchorRecord): void {
    const mac = this.key.mac?.(macText(this.identity.id, a.seq, a.hash, a.input)) ?? "";
    const row: Row = { seq: a.seq, t: a.t, input: a.input, event: a.event, prev: a.prev, hash: a.hash, mac };
    this.log.warn({ seq: a.seq }, "row %d was announced in the anchor but not written: written now", a.seq);
    this.seq = a.seq;
    this.head = a.hash;
    this.lastT = a.t;
    if (a.input !== null) this.inputs = a.input;
    this.enqueue({ row });
  }

  private enqueue(p: Pending): void {
    this.pending.push(p);
    this.flush();
  }

  /** Writes what waits, in order; on a fault, keeps it (and says so once). */
  private flush(): void {
    if (this.pending.length === 0) return;
    if (this.writer === null && !this.reopen()) return;
    const db = this.writer;
    if (db === null) return;
    try {
      // The anchor is synced when the database is (a benchmark that builds a journal turns both off).
      // Made here, not at open: a directory that refuses it is a fault like any other, retried.
      this.anchor ??= new AnchorWriter(this.path, this.key, this.identity.id, () => this.durable());
      while (this.pending.length > 0) {
        const p = this.pending[0] as Pending;
        if ("row" in p) {
          this.anchor?.write({
            seq: p.row.seq,
            t: p.row.t,
            input: p.row.input,
            event: p.row.event,
            prev: p.row.prev,
            hash: p.row.hash,
          });
          this.dbOptions.afterAnchor?.(p.row);
          this.insert?.(p.row);
        } else {
          p.op(db);
        }
        this.pending.shift();
      }
    } catch (error) {
      this.raise(classifyFault(error, this.path), this.lastT);
      return;
    }
    if (this.faultSeen !== null) {
      this.log.warn(
        { path: this.path, lastSeq: this.seq },
        "journaling again: the rows kept in memory are written",
      );
      this.faultSeen = null;
      this.alerts.push(faultCleared(this.lastT));
    }
  }

  private attach(db: Db): void {
    this.writer = db;
    this.history ??= db;
    const stmt = db.prepare(
      "INSERT INTO events (seq, t, input, event, prev, hash, mac) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    this.insert = (r) => void stmt.run(r.seq, r.t, r.input, r.event, r.prev, r.hash, r.mac);
    this.durable = () => Number(db.pragma("synchronous", { simple: true })) >= 2;
  }

  /** After a fault that closed the database: opens it again if it is still this journal, ending where memory begins. */
  private reopen(): boolean {
    if (this.faultSeen === null || this.faultSeen.kind === "disk-full") return false;
    // Rows signed by a key that dies with the process would not pass the next start's check.
    if (this.key.ephemeral === true) return false;
    let db: Db | null = null;
    try {
      db = openForWriting(this.path, this.dbOptions);
      const meta = readMeta(db);
      const last = lastRow(db);
      const firstWaiting = this.pending.find((p): p is { row: Row } => "row" in p)?.row;
      const expected = (firstWaiting?.seq ?? this.seq + 1) - 1;
      if (meta.id === undefined && last === null) {
        if (expected !== 0) throw new Error("the journal file was replaced by an empty one");
        writeIdentity(db, this.identity, this.key);
      } else {
        const identity = readIdentity(db, this.key);
        if ("ok" in identity || identity.id !== this.identity.id || (last?.seq ?? 0) !== expected) {
          throw new Error("the journal file is not the one this table was writing");
        }
      }
      this.history?.close();
      this.history = null;
      this.attach(db);
      return true;
    } catch {
      db?.close();
      return false;
    }
  }

  /** Stops writing until the fault clears: the alert for the table and the log line for the operator, once. */
  private raise(fault: JournalFault, t: number): void {
    if (this.faultSeen !== null) return;
    this.faultSeen = fault;
    this.log.error(
      { path: this.path, fault: fault.kind, code: fault.code, lastSeq: this.seq },
      "NOT JOURNALING: %s; the table keeps running on memory",
      fault.reason,
    );
    this.alerts.push(faultAlert(t, fault, this.seq - this.waiting));
    // A full disk keeps its connection (the next write may find space); anything else is opened again.
    if (fault.kind !== "disk-full" && this.writer !== null) {
      if (this.history === this.writer) this.history = tryOpenForReading(this.path);
      this.writer.close();
      this.writer = null;
      this.insert = null;
    }
  }
}

function newIdentity(key: TableKey, seqBase: number): JournalIdentity {
  return { id: randomUUID(), publicKey: key.publicPem, seqBase, created: new Date().toISOString() };
}

function writeIdentity(db: Db, m: JournalIdentity, key: TableKey): void {
  const put = db.prepare("INSERT OR REPLACE INTO meta (k, v) VALUES (?, ?)");
  db.transaction(() => {
    put.run("id", m.id);
    put.run("public_key", m.publicKey);
    put.run("seq_base", String(m.seqBase));
    put.run("created", m.created);
    put.run("sig", key.sign(identityText(m)));
  })();
}

function writeHand(db: Db, h: HandData): void {
  db.prepare(
    `INSERT OR REPLACE INTO hands (hand, start_seq, start_t, start_wall, game, button, redeal, end_seq, end_t, end_wall, result, stacks)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    h.hand,
    h.startSeq,
    h.startT,
    h.startWall,
    h.game,
    h.button,
    h.redeal ? 1 : 0,
    h.endSeq,
    h.endT,
    h.endWall,
    h.result,
    h.stacks,
  );
}

/**
 * Where a set-aside journal's successor starts numbering: beyond the last number the old journal signed
 * at a checkpoint (and a hand's worth of events after it many times over), so that no number is used twice.
 */
function seqBaseAfter(db: Db, key: TableKey): number {
  try {
    const identity = readIdentity(db, key);
    let signed = 0;
    if (!("ok" in identity)) {
      for (const cp of checkpointsBefore(db)) {
        if (key.verify(checkpointText(identity.id, { ...cp, state: cp.stateText }), cp.sig)) {
          signed = checkpointEventSeq(cp.state);
          break;
        }
      }
      signed = Math.max(signed, identity.seqBase);
    }
    const rows = lastRow(db)?.seq ?? 0;
    return Math.max(signed, rows * 10) + SEQ_GAP_AFTER_SET_ASIDE;
  } catch {
    return SEQ_GAP_AFTER_SET_ASIDE;
  }
}

function wallOf(text: string): string | null {
  const m = /"wall":"([^"]+)"/.exec(text);
  return m?.[1] ?? null;
}

/** A database with no rows (or whose rows cannot even be read: then it is not fresh, and its check fails). */
function isEmpty(db: Db): boolean {
  try {
    return lastRow(db) === null;
  } catch {
    return false;
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
