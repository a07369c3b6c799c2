import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { openForReading } from "../../src/journal/db.js";
import { verifyJournal, type VerifyResult } from "../../src/journal/verify.js";
import { journalOf, tempDir } from "./support.js";
import { pluribusFiles, tableInput } from "./tableInput.js";

let pristine: Buffer;
beforeAll(async () => {
  const { journal } = await journalOf(tempDir(), tableInput(pluribusFiles(2)));
  pristine = readFileSync(journal);
});

/** A copy of the pristine journal, changed by `tamper` (with write access), then verified. */
function tampered(tamper: (db: Database.Database) => void): VerifyResult {
  const path = `${tempDir()}/journal.db`;
  writeFileSync(path, pristine);
  const db = new Database(path);
  tamper(db);
  db.close();
  return verifyFile(path);
}

function verifyFile(path: string): VerifyResult {
  const ro = openForReading(path);
  const result = verifyJournal(ro);
  ro.close();
  return result;
}

const eventText = (db: Database.Database, seq: number) =>
  (db.prepare("SELECT event FROM events WHERE seq = ?").get(seq) as { event: string }).event;

describe("journal verify: the hash chain names the first bad row", () => {
  it("passes an untouched journal", () => {
    expect(tampered(() => undefined)).toMatchObject({ ok: true, rows: expect.any(Number), checkpoints: 2 });
  });

  it("detects one changed byte in the database file (a digit of an event's t)", () => {
    const path = `${tempDir()}/journal.db`;
    writeFileSync(path, pristine);
    const db = new Database(path, { readonly: true });
    const text = eventText(db, 40);
    db.close();
    const file = readFileSync(path);
    const at = file.indexOf(Buffer.from(text));
    expect(at).toBeGreaterThan(0);
    // One digit of the row's `t`, in the file's bytes, as an editor would change it.
    const digit = at + '{"t":'.length + 1;
    file[digit] = file[digit] === 0x31 ? 0x32 : 0x31;
    writeFileSync(path, file);
    const r = verifyFile(path);
    expect(r).toMatchObject({ ok: false, badSeq: 40 });
    expect(r.ok || r.problem).toMatch(/row 40 was changed after it was written/);
  });

  it("detects a deleted row", () => {
    const r = tampered((db) => db.prepare("DELETE FROM events WHERE seq = 25").run());
    expect(r).toMatchObject({ ok: false, badSeq: 26, rows: 24 });
    expect(r.ok || r.problem).toMatch(/row 25 is missing/);
  });

  it("detects two swapped rows, whole rows or only their events", () => {
    const wholeRows = tampered((db) => {
      db.exec(`
        UPDATE events SET seq = -1 WHERE seq = 30; UPDATE events SET seq = 30 WHERE seq = 31;
        UPDATE events SET seq = 31 WHERE seq = -1;`);
      // Renumbered back in place, with their own t, prev and hash: only the order changed.
      db.exec(`
        UPDATE events SET seq = -1 WHERE seq = 30; UPDATE events SET seq = 30 WHERE seq = 31;
        UPDATE events SET seq = 31 WHERE seq = -1;`);
      const [a, b] = [30, 31].map((s) =>
        db.prepare("SELECT t, event, prev, hash FROM events WHERE seq = ?").get(s),
      );
      const put = db.prepare(
        "UPDATE events SET t = @t, event = @event, prev = @prev, hash = @hash WHERE seq = ?",
      );
      put.run(b, 30);
      put.run(a, 31);
    });
    expect(wholeRows).toMatchObject({ ok: false, badSeq: 30 });
    const eventsOnly = tampered((db) => {
      const [a, b] = [30, 31].map((s) => eventText(db, s));
      db.prepare("UPDATE events SET event = ? WHERE seq = 30").run(b);
      db.prepare("UPDATE events SET event = ? WHERE seq = 31").run(a);
    });
    expect(eventsOnly).toMatchObject({ ok: false, badSeq: 30 });
  });

  it("detects rows cut from the end when a checkpoint was written past them", () => {
    const r = tampered((db) => {
      const last = (db.prepare("SELECT max(seq) AS s FROM checkpoints").get() as { s: number }).s;
      db.prepare("DELETE FROM events WHERE seq >= ?").run(last);
    });
    expect(r.ok || r.problem).toMatch(/past the end of the journal/);
  });

  it("the command names the row and exits with status 1", () => {
    const path = `${tempDir()}/journal.db`;
    writeFileSync(path, pristine);
    const db = new Database(path);
    db.prepare("DELETE FROM events WHERE seq = 12").run();
    db.close();
    const run = (p: string) =>
      spawnSync(process.execPath, ["--import", "tsx", "src/app/main.ts", "journal", "verify", "-j", p], {
        encoding: "utf8",
      });
    const bad = run(path);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/BROKEN at row 13 — row 12 is missing/);
    const good = `${tempDir()}/journal.db`;
    writeFileSync(good, pristine);
    const ok = run(good);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/: ok — \d+ rows, 2 checkpoints/);
  });
});
