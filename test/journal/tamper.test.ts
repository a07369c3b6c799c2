/**
 * The tamper suite: someone who can write the journal's files but holds no table key changes, adds,
 * drops, reorders or truncates history, checkpoints or the hands index. Each case is shown detected by
 * `verify` (naming the first bad row) and refused by recovery (set aside, JOURNAL_FAULT, a new journal).
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { Runtime } from "../../src/runtime/runtime.js";
import type { InputEvent } from "../../src/contract/input.js";
import { auditAlert, auditJournal } from "../../src/journal/audit.js";
import { openForReading } from "../../src/journal/db.js";
import { JOURNAL_FAULT } from "../../src/journal/faults.js";
import { rowHash } from "../../src/journal/hashChain.js";
import { Journal } from "../../src/journal/journal.js";
import { recover } from "../../src/journal/recovery.js";
import { loadPublicKey, loadTableKey } from "../../src/journal/tableKey.js";
import { verifyJournal, type VerifyResult } from "../../src/journal/verify.js";
import { createTableFromConfig, registryFromConfig } from "../../src/runtime/tableSettings.js";
import { memoryLogger, tempDir } from "./support.js";
import { pluribusFiles, straightReplay, tableInput } from "./tableInput.js";

const config = loadConfig();
const registry = registryFromConfig(config);
const inputs = tableInput(pluribusFiles(3));
const perEvent = straightReplay(inputs).perEvent;
const causing = (kind: string, hand: number) =>
  perEvent.findIndex((out) => out.some((e) => e.kind === kind && "hand" in e && e.hand === hand)) + 1;
/** The table stops 12 inputs into hand 3: two hands are checkpointed, the third is in progress. */
const stopAt = causing("hand_start", 3) + 12;

/** Directories holding the pristine journal: closed (WAL folded in), and as a crash leaves it (rows in the -wal). */
let closed = "";
let crashed = "";

/** Plays `events` on a journal in `dir`; `midway` runs after input `at` (e.g. SQLite's own WAL checkpoint). */
function play(
  dir: string,
  events: readonly InputEvent[],
  midway?: { at: number; run: (j: Journal) => void },
): Journal {
  const journal = Journal.open(join(dir, "journal.db"), { logger: memoryLogger().logger });
  const r = recover(journal, (cp) => createTableFromConfig(config, registry, cp));
  const runtime = new Runtime({
    core: r.core,
    journal,
    clock: () => 0,
    setTimer: () => ({ cancel: () => undefined }),
    outputs: [(e, core) => journal.record(e, core, journal.lastSeq)],
  });
  events.forEach((e, i) => {
    runtime.submit(e);
    if (midway?.at === i + 1) midway.run(journal);
  });
  return journal;
}

function copyDir(from: string): string {
  const to = tempDir();
  for (const f of readdirSync(from)) copyFileSync(join(from, f), join(to, f));
  return to;
}

beforeAll(() => {
  const dir = tempDir();
  const journal = play(dir, inputs.slice(0, stopAt), {
    at: causing("hand_end", 1),
    run: (j) => void j.database?.pragma("wal_checkpoint(TRUNCATE)"),
  });
  // A crash now: the files as they are while the journal is open (hands 2 and 3 only in the -wal).
  crashed = copyDir(dir);
  journal.close();
  closed = dir;
});

const dbPath = (dir: string) => join(dir, "journal.db");
const verify = (dir: string, publicOnly = false): VerifyResult => {
  const path = dbPath(dir);
  const key = publicOnly ? loadPublicKey(`${path}.key.pub`) : loadTableKey(`${path}.key`);
  const db = openForReading(path);
  try {
    return verifyJournal(db, { key, path });
  } finally {
    db.close();
  }
};

/** A copy of the pristine journal, changed with write access but without the key. */
function tampered(tamper: (db: Database.Database, dir: string) => void, from = closed): string {
  const dir = copyDir(from);
  const db = new Database(dbPath(dir));
  tamper(db, dir);
  db.close();
  return dir;
}

/** Recovery refuses it: the file is set aside (kept), a JOURNAL_FAULT floor alert says so, a new journal starts. */
function expectRefused(dir: string) {
  const path = dbPath(dir);
  const before = readFileSync(path);
  const journal = Journal.open(path, { logger: memoryLogger().logger });
  try {
    expect(journal.setAside, "recovery built on a tampered journal").not.toBeNull();
    const alerts = journal.takeAlerts();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: "alert", code: JOURNAL_FAULT, severity: "floor" });
    expect(alerts[0]?.kind === "alert" && alerts[0].text).toMatch(
      /failed its integrity check.*set aside as .*broken/,
    );
    expect(readFileSync(journal.setAside?.path ?? "").equals(before)).toBe(true);
    expect(journal.lastSeq).toBe(0);
    expect(journal.checkpoint).toBeNull();
  } finally {
    journal.close();
  }
}

const lastCheckpoint = (db: Database.Database) =>
  (db.prepare("SELECT max(seq) AS s FROM checkpoints").get() as { s: number }).s;
const rowCount = (db: Database.Database) =>
  (db.prepare("SELECT max(seq) AS s FROM events").get() as { s: number }).s;
/** A row of the hand in progress (after the last checkpoint): what recovery replays. */
let inProgress = 0;
let lastSeq = 0;
let cpSeq = 0;

describe("the pristine journal", () => {
  it("passes verify with the key and with the public key alone, and recovery builds on it", () => {
    const db = new Database(dbPath(closed), { readonly: true });
    cpSeq = lastCheckpoint(db);
    lastSeq = rowCount(db);
    db.close();
    inProgress = cpSeq + 5;
    expect(lastSeq).toBe(stopAt);
    expect(verify(closed)).toMatchObject({ ok: true, rows: stopAt, checkpoints: 2, mode: "key" });
    expect(verify(closed, true)).toMatchObject({ ok: true, mode: "public" });
    const j = Journal.open(dbPath(copyDir(closed)), { logger: memoryLogger().logger });
    expect(j.setAside).toBeNull();
    expect(j.checkpoint?.seq).toBe(cpSeq);
    j.close();
  });
});

describe("tamper suite: verify names the first bad row, recovery refuses", () => {
  it("a changed byte, in SQL", () => {
    const dir = tampered((db) =>
      db
        .prepare("UPDATE events SET event = replace(event, '\"t\":', '\"t\": ') WHERE seq = ?")
        .run(inProgress),
    );
    expect(verify(dir)).toMatchObject({ ok: false, badSeq: inProgress });
    expectRefused(dir);
  });

  it("a changed byte in older history: verify names it; recovery builds on the signed checkpoint and the start-up audit finds it", async () => {
    const old = tampered((db) => db.prepare("UPDATE events SET t = t + 1 WHERE seq = 40").run());
    expect(verify(old)).toMatchObject({ ok: false, badSeq: 40 });
    const j = Journal.open(dbPath(old), { logger: memoryLogger().logger });
    expect(j.setAside).toBeNull();
    const audit = auditJournal({ path: dbPath(old), keyPath: j.keyPath ?? "" });
    const r = await audit.result;
    j.close();
    expect(r).toMatchObject({ ok: false, badSeq: 40 });
    expect(r.ok || auditAlert(0, r)).toMatchObject({ code: JOURNAL_FAULT, severity: "floor" });
  });

  it("a changed byte, in the raw file", () => {
    const dir = copyDir(closed);
    const db = new Database(dbPath(dir), { readonly: true });
    const text = (db.prepare("SELECT event FROM events WHERE seq = ?").get(inProgress) as { event: string })
      .event;
    db.close();
    const file = readFileSync(dbPath(dir));
    const at = file.indexOf(Buffer.from(text));
    expect(at).toBeGreaterThan(0);
    const digit = at + '{"t":'.length + 1;
    file[digit] = file[digit] === 0x31 ? 0x32 : 0x31;
    writeFileSync(dbPath(dir), file);
    const r = verify(dir);
    expect(r).toMatchObject({ ok: false, badSeq: inProgress });
    expect(r.ok || r.problem).toMatch(/was changed after it was written/);
    expectRefused(dir);
  });

  it("a deleted row", () => {
    const dir = tampered((db) => db.prepare("DELETE FROM events WHERE seq = ?").run(inProgress));
    const r = verify(dir);
    expect(r).toMatchObject({ ok: false, badSeq: inProgress });
    expect(r.ok || r.problem).toMatch(new RegExp(`row ${inProgress} is missing`));
    expectRefused(dir);
  });

  it("swapped rows", () => {
    const dir = tampered((db) => {
      const get = db.prepare("SELECT t, input, event, prev, hash, mac FROM events WHERE seq = ?");
      const [a, b] = [get.get(inProgress), get.get(inProgress + 1)];
      const put = db.prepare(
        "UPDATE events SET t = @t, input = @input, event = @event, prev = @prev, hash = @hash, mac = @mac WHERE seq = ?",
      );
      put.run(b, inProgress);
      put.run(a, inProgress + 1);
    });
    expect(verify(dir)).toMatchObject({ ok: false, badSeq: inProgress });
    expectRefused(dir);
  });

  it("a forged row appended (chained correctly; no key for its MAC or the anchor)", () => {
    const dir = tampered((db) => {
      const last = db.prepare("SELECT seq, t, input, hash FROM events WHERE seq = ?").get(lastSeq) as {
        seq: number;
        t: number;
        input: number;
        hash: string;
      };
      const event = JSON.stringify({ t: last.t, kind: "floor", op: "stack", seat: 1, stack: 999999 });
      const hash = rowHash(last.seq + 1, last.t, last.hash, event);
      db.prepare("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)").run(
        last.seq + 1,
        last.t,
        last.input + 1,
        event,
        last.hash,
        hash,
        "0".repeat(64),
      );
    });
    const r = verify(dir);
    expect(r).toMatchObject({ ok: false, badSeq: lastSeq + 1 });
    expect(r.ok || r.problem).toMatch(/MAC does not match/);
    expectRefused(dir);
  });

  it("history rewritten with the chain recomputed: a seat sits down with ten times its chips", () => {
    const dir = tampered((db) => {
      const rows = db.prepare("SELECT seq, t, event, prev, hash FROM events ORDER BY seq").all() as {
        seq: number;
        t: number;
        event: string;
        prev: string;
        hash: string;
      }[];
      const seat = rows.find((r) => r.event.includes('"op":"seat"'));
      if (seat === undefined) throw new Error("no seat row");
      let prev = seat.prev;
      const put = db.prepare("UPDATE events SET event = ?, prev = ?, hash = ? WHERE seq = ?");
      for (const r of rows.filter((x) => x.seq >= seat.seq)) {
        const event =
          r.seq === seat.seq
            ? r.event.replace(/"stack":(\d+)/, (_, n: string) => `"stack":${Number(n) * 10}`)
            : r.event;
        const hash = rowHash(r.seq, r.t, prev, event);
        put.run(event, prev, hash, r.seq);
        prev = hash;
      }
    });
    const firstSeat = inputs.findIndex((e) => e.kind === "floor" && e.op === "seat") + 1;
    expect(verify(dir)).toMatchObject({ ok: false, badSeq: firstSeat });
    // The auditor, with the public key only, sees it at the first signed checkpoint after it.
    const audit = verify(dir, true);
    expect(audit).toMatchObject({ ok: false, badSeq: 1 });
    expect(audit.ok || audit.problem).toMatch(/chain recomputed/);
    expectRefused(dir);
  });

  it("the last hand dropped, with its checkpoint and index row", () => {
    const dir = tampered((db) => {
      const start = causing("hand_start", 2);
      db.prepare("DELETE FROM events WHERE seq >= ?").run(start - 5);
      db.prepare("DELETE FROM checkpoints WHERE seq >= ?").run(start - 5);
      db.prepare("DELETE FROM hands WHERE hand >= 2").run();
    });
    const r = verify(dir);
    expect(r).toMatchObject({ ok: false, badSeq: causing("hand_start", 2) - 5 });
    expect(r.ok || r.problem).toMatch(/missing from the end/);
    expectRefused(dir);
  });

  it("the hand in progress deleted (its rows and index row)", () => {
    const dir = tampered((db) => {
      db.prepare("DELETE FROM events WHERE seq > ?").run(cpSeq);
      db.prepare("DELETE FROM hands WHERE hand = 3").run();
    });
    const r = verify(dir);
    expect(r).toMatchObject({ ok: false, badSeq: cpSeq + 1 });
    expect(r.ok || r.problem).toMatch(/missing from the end/);
    expectRefused(dir);
  });

  it("the -wal deleted after a crash", () => {
    const dir = copyDir(crashed);
    expect(existsSync(`${dbPath(dir)}-wal`)).toBe(true);
    rmSync(`${dbPath(dir)}-wal`);
    rmSync(`${dbPath(dir)}-shm`, { force: true });
    const r = verify(dir);
    expect(r).toMatchObject({ ok: false, badSeq: causing("hand_end", 1) + 1 });
    expect(r.ok || r.problem).toMatch(/the -wal deleted/);
    expectRefused(dir);
    // The crash itself, -wal kept, is no tampering: recovery builds on it.
    const kept = Journal.open(dbPath(copyDir(crashed)), { logger: memoryLogger().logger });
    expect(kept.setAside).toBeNull();
    expect(kept.lastSeq).toBe(stopAt);
    kept.close();
  });

  it("a forged checkpoint (the stacks changed; its signature kept)", () => {
    const dir = tampered((db) => {
      const row = db.prepare("SELECT seq, state FROM checkpoints WHERE seq = ?").get(cpSeq) as {
        seq: number;
        state: string;
      };
      const state = row.state.replace(/"stack":(\d+)/, (_, n: string) => `"stack":${Number(n) * 10}`);
      expect(state).not.toBe(row.state);
      db.prepare("UPDATE checkpoints SET state = ? WHERE seq = ?").run(state, cpSeq);
    });
    const r = verify(dir);
    expect(r).toMatchObject({ ok: false, badSeq: cpSeq });
    expect(r.ok || r.problem).toMatch(/not signed by this table key/);
    expectRefused(dir);
  });

  it("an edited hands index", () => {
    const dir = tampered((db) =>
      db.prepare("UPDATE hands SET stacks = replace(stacks, '9', '8') WHERE hand = 1").run(),
    );
    const r = verify(dir);
    expect(r.ok).toBe(false);
    expect(r.ok || r.problem).toMatch(/hands index up to hand 1 .*\(edited\)/);
    expectRefused(dir);
  });

  it("a truncated file: a verdict, not a stack trace, from verify, export and recovery", () => {
    const dir = copyDir(closed);
    truncateSync(dbPath(dir), Math.floor(readFileSync(dbPath(dir)).length / 2));
    const r = verify(dir);
    expect(r.ok).toBe(false);
    expect(r.ok || r.problem).toMatch(/damaged|missing|no signed identity/);
    for (const cmd of [
      ["journal", "verify"],
      ["journal", "export"],
    ]) {
      const run = spawnSync(
        process.execPath,
        ["--import", "tsx", "src/app/main.ts", ...cmd, "-j", dbPath(dir)],
        { encoding: "utf8" },
      );
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/BROKEN at row \d+ — /);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expectRefused(dir);
  });

  it("a journal spliced from two tables", () => {
    // Another table's journal (its own key) over the same hands, and its rows put after our checkpoint.
    const other = tempDir();
    play(other, inputs.slice(0, stopAt)).close();
    const dir = tampered((db) => {
      const theirs = new Database(dbPath(other), { readonly: true });
      const rows = theirs.prepare("SELECT * FROM events WHERE seq > ?").all(cpSeq) as Record<
        string,
        unknown
      >[];
      theirs.close();
      db.prepare("DELETE FROM events WHERE seq > ?").run(cpSeq);
      const put = db.prepare(
        "INSERT INTO events (seq, t, input, event, prev, hash, mac) VALUES (@seq, @t, @input, @event, @prev, @hash, @mac)",
      );
      for (const r of rows) put.run(r);
    });
    const r = verify(dir);
    expect(r).toMatchObject({ ok: false, badSeq: cpSeq + 1 });
    expectRefused(dir);
  });
});

describe("what is outside the database", () => {
  it("an empty database beside the anchor (all rows lost with the -wal) is refused, not taken for a new journal", () => {
    const dir = copyDir(crashed);
    for (const f of ["journal.db", "journal.db-wal", "journal.db-shm"]) rmSync(join(dir, f), { force: true });
    writeFileSync(dbPath(dir), "");
    expectRefused(dir);
  });

  it("the signed head for the floor feed verifies with the public key alone", () => {
    const j = Journal.open(dbPath(copyDir(closed)), { logger: memoryLogger().logger });
    const head = j.signedHead();
    j.close();
    expect(head.seq).toBe(stopAt);
    const pub = loadPublicKey(`${dbPath(closed)}.key.pub`);
    expect(pub.verify(`anchor\n${head.journal}\n${head.seq}\n${head.hash}`, head.sig)).toBe(true);
  });
});
