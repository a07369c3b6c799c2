import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { Runtime } from "../../src/runtime/runtime.js";
import type { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { eventRows, inputRows, openForReading, parseStored } from "../../src/journal/db.js";
import { JOURNAL_FAULT } from "../../src/journal/faults.js";
import { Journal, type JournalOptions } from "../../src/journal/journal.js";
import { forCore, recover } from "../../src/journal/recovery.js";
import { loadTableKey } from "../../src/journal/tableKey.js";
import { verifyJournal } from "../../src/journal/verify.js";
import { createTableFromConfig, registryFromConfig } from "../../src/runtime/tableSettings.js";
import { journalOf, memoryLogger, tempDir } from "./support.js";
import { pluribusFiles, straightReplay, tableInput } from "./tableInput.js";

const config = loadConfig();
const registry = registryFromConfig(config);
const makeCore = (cp?: Parameters<typeof createTableFromConfig>[2]) =>
  createTableFromConfig(config, registry, cp);
const inputs = tableInput(pluribusFiles(4));
const reference = straightReplay(inputs).perEvent.flat();

/** The table on a journal opened with `options`: everything the runtime outputs, and the journal. */
function playOn(
  path: string,
  events: readonly InputEvent[],
  options: JournalOptions = {},
  during?: (journal: Journal, fed: number) => void,
) {
  const log = memoryLogger();
  const journal = Journal.open(path, { ...options, logger: log.logger });
  const recovered = recover(journal, makeCore);
  const out: TableEvent[] = [];
  const runtime = new Runtime({
    core: recovered.core,
    journal,
    clock: () => 0,
    setTimer: () => ({ cancel: () => undefined }),
    outputs: [(e) => out.push(...e), (e, core) => journal.record(e, core, journal.lastSeq)],
  });
  runtime.announceNotices();
  events.slice(journal.inputCount).forEach((e, i) => {
    runtime.submit(e);
    during?.(journal, i + 1);
  });
  journal.close();
  return { journal, out, log: log.lines(), recovered };
}

const faultAlerts = (out: readonly TableEvent[]) =>
  out.filter((e) => e.kind === "alert" && e.code === JOURNAL_FAULT);
/** The table's reading of the game: the journal's notices and the numbers left out. */
const withoutFaults = (out: readonly TableEvent[]) =>
  out
    .filter((e) => !((e.kind === "alert" || e.kind === "alert_clear") && e.code === JOURNAL_FAULT))
    .map((e) => {
      const { seq: _seq, ...rest } = e;
      return rest;
    });
const journaledInputs = (path: string) => {
  const db = openForReading(path);
  const rows = [...inputRows(db)].map((r) => forCore(r.event));
  db.close();
  return rows;
};

describe("journal faults: the table keeps running on memory and says it is not journaling", () => {
  it("a missing journal directory: a floor alert, one log line, the hands played as usual", () => {
    const r = playOn(join(tempDir(), "no-such-dir", "journal.db"), inputs);
    expect(r.journal.journaling).toBe(false);
    expect(r.journal.fault?.kind).toBe("missing-directory");
    const alerts = faultAlerts(r.out);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: "floor", t: inputs[0]?.t });
    expect(alerts[0]?.kind === "alert" && alerts[0].text).toMatch(
      /^Not journaling: the journal directory .* does not exist/,
    );
    expect(r.log.filter((l) => l.level === 50).map((l) => l.fault)).toEqual(["missing-directory"]);
    expect(withoutFaults(r.out)).toEqual(reference);
  });

  it("a full disk (SQLite's max_page_count makes the insert fail with SQLITE_FULL): rows before it stay, in order", () => {
    const path = join(tempDir(), "journal.db");
    const r = playOn(path, inputs, { maxPages: 16 });
    expect(r.journal.fault?.kind).toBe("disk-full");
    expect(faultAlerts(r.out)).toHaveLength(1);
    expect(withoutFaults(r.out)).toEqual(reference);
    const kept = journaledInputs(path);
    expect(kept.length).toBeGreaterThan(50);
    expect(kept.length).toBeLessThan(inputs.length);
    expect(kept).toEqual(inputs.slice(0, kept.length));
    // The anchor may be one row ahead (the row it announced did not fit): recovery writes it back.
    const db = openForReading(path);
    const v = verifyJournal(db, { key: loadTableKey(`${path}.key`), path });
    db.close();
    expect(v.ok || v.problem).toMatch(/^(true|row \d+ is in the signed anchor but not in the database)/);
  });

  it("a full disk that clears: journaling resumes with no restart, every event written in order", () => {
    const path = join(tempDir(), "journal.db");
    let faultedAt = 0;
    let clearedAt = 0;
    const r = playOn(path, inputs, { maxPages: 16 }, (journal, fed) => {
      if (faultedAt === 0 && journal.fault !== null) faultedAt = fed;
      // Space is freed 40 inputs later (the test raises SQLite's page cap, as freeing the disk would).
      if (faultedAt > 0 && fed === faultedAt + 40) {
        expect(journal.waiting).toBeGreaterThanOrEqual(40);
        journal.database?.pragma("max_page_count = 1000000");
      }
      if (faultedAt > 0 && clearedAt === 0 && journal.fault === null) clearedAt = fed;
    });
    expect(faultedAt).toBeGreaterThan(0);
    // It resumed at the first input after space came back, by itself.
    expect(clearedAt).toBe(faultedAt + 41);
    expect(r.journal.fault).toBeNull();
    // The floor saw the fault and its end, each once, numbered in order with everything else.
    const notices = r.out.filter(
      (e) => (e.kind === "alert" || e.kind === "alert_clear") && e.code === JOURNAL_FAULT,
    );
    expect(notices.map((e) => e.kind)).toEqual(["alert", "alert_clear"]);
    const seqs = r.out.map((e) => e.seq ?? 0);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(withoutFaults(r.out)).toEqual(reference);
    // Every input is on the disk, in order, and the notices where they were said; the journal verifies.
    expect(journaledInputs(path)).toEqual(inputs);
    const db = openForReading(path);
    const stored = [...eventRows(db)].map(parseStored);
    expect(stored.flatMap((s) => ("notice" in s ? s.notice : [])).map((e) => e.kind)).toEqual([
      "alert",
      "alert_clear",
    ]);
    expect(verifyJournal(db, { key: loadTableKey(`${path}.key`), path })).toMatchObject({ ok: true });
    db.close();
    // A restart replays it all and says every event under the number it had.
    const again = Journal.open(path, { logger: memoryLogger().logger });
    const rec = recover(again, makeCore);
    again.close();
    expect(again.setAside).toBeNull();
    expect(rec.core.lastEventSeq).toBe(r.out.length);
  });

  it("a read-only database: what it holds is recovered, nothing in it changes, the table goes on", async () => {
    const dir = tempDir();
    const two = tableInput(pluribusFiles(2));
    const firstHand = two.slice(
      0,
      two.findIndex((e, i) => i > 0 && e.kind === "floor" && e.op === "game"),
    );
    const { journal: path } = await journalOf(dir, firstHand);
    const before = readFileSync(path);
    // Running as root, file modes do not bind: the database is then opened read-only, as SQLite does
    // itself for a file it may not write.
    const asRoot = process.getuid?.() === 0;
    if (!asRoot) chmodSync(path, 0o444);
    const r = playOn(path, two, asRoot ? { readOnly: true } : {});
    expect(r.journal.fault?.kind).toBe("read-only");
    expect(r.recovered.lastSeq).toBe(firstHand.length);
    expect(faultAlerts(r.out)).toHaveLength(1);
    const straight = straightReplay(two).perEvent;
    expect(withoutFaults(r.out)).toEqual(straight.slice(firstHand.length).flat());
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it("a corrupt database: set aside exactly as it is for investigation, a new journal started", () => {
    const dir = tempDir();
    const path = join(dir, "journal.db");
    writeFileSync(path, Buffer.alloc(8192, 0x5a));
    copyFileSync(path, join(dir, "copy"));
    const r = playOn(path, inputs);
    expect(r.journal.setAside).not.toBeNull();
    expect(r.journal.fault).toBeNull();
    const alerts = faultAlerts(r.out);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.kind === "alert" && alerts[0].text).toMatch(/failed its integrity check.*corrupt/);
    expect(withoutFaults(r.out)).toEqual(reference);
    expect(readFileSync(r.journal.setAside?.path ?? "").equals(readFileSync(join(dir, "copy")))).toBe(true);
    expect(journaledInputs(path)).toEqual(inputs);
  });

  it("storage that comes back (the journal's directory made): journaling resumes with no restart, the key kept apart", () => {
    const base = tempDir();
    const path = join(base, "later", "journal.db");
    // The table key lives elsewhere (the configuration's journal.key), so the journal's rows stay verifiable.
    const keyPath = join(base, "table.key");
    const r = playOn(path, inputs, { keyPath }, (journal, fed) => {
      if (fed === 30) {
        expect(journal.fault?.kind).toBe("missing-directory");
        mkdirSync(join(base, "later"));
      }
    });
    expect(r.journal.fault).toBeNull();
    expect(r.out.filter((e) => "code" in e && e.code === JOURNAL_FAULT).map((e) => e.kind)).toEqual([
      "alert",
      "alert_clear",
    ]);
    expect(withoutFaults(r.out)).toEqual(reference);
    expect(journaledInputs(path)).toEqual(inputs);
    const db = openForReading(path);
    expect(verifyJournal(db, { key: loadTableKey(keyPath), path })).toMatchObject({ ok: true });
    db.close();
  });
});
