import { chmodSync, copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/app/config.js";
import { Runtime } from "../../src/app/runtime.js";
import type { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { eventRows, openForReading, parseEventRow } from "../../src/journal/db.js";
import { JOURNAL_FAULT } from "../../src/journal/faults.js";
import { Journal, type JournalOptions } from "../../src/journal/journal.js";
import { recover } from "../../src/journal/recovery.js";
import { verifyJournal } from "../../src/journal/verify.js";
import { createTableFromConfig, registryFromConfig } from "../../src/table/core.js";
import { journalOf, memoryLogger, tempDir } from "./support.js";
import { pluribusFiles, straightReplay, tableInput } from "./tableInput.js";

const config = loadConfig();
const registry = registryFromConfig(config);
const makeCore = (cp?: Parameters<typeof createTableFromConfig>[2]) =>
  createTableFromConfig(config, registry, cp);
const inputs = tableInput(pluribusFiles(4));
const reference = straightReplay(inputs).perEvent.flat();

/** The table on a journal opened with `options`: everything the runtime outputs, and the journal. */
function playOn(path: string, events: readonly InputEvent[], options: JournalOptions = {}) {
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
  for (const e of events.slice(journal.lastSeq)) runtime.submit(e);
  journal.close();
  return { journal, out, log: log.lines(), recovered };
}

const faultAlerts = (out: readonly TableEvent[]) =>
  out.filter((e) => e.kind === "alert" && e.code === JOURNAL_FAULT);
const withoutFaults = (out: readonly TableEvent[]) =>
  out.filter((e) => !(e.kind === "alert" && e.code === JOURNAL_FAULT));

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
    const r = playOn(path, inputs, { maxPages: 12 });
    expect(r.journal.fault?.kind).toBe("disk-full");
    expect(faultAlerts(r.out)).toHaveLength(1);
    expect(withoutFaults(r.out)).toEqual(reference);
    const db = openForReading(path);
    const kept = [...eventRows(db)].map(parseEventRow);
    expect(kept.length).toBeGreaterThan(50);
    expect(kept.length).toBeLessThan(inputs.length);
    expect(kept).toEqual(inputs.slice(0, kept.length));
    expect(verifyJournal(db).ok).toBe(true);
    db.close();
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

  it("a corrupt database: left exactly as it is for investigation, the table runs on memory", () => {
    const dir = tempDir();
    const path = join(dir, "journal.db");
    writeFileSync(path, Buffer.alloc(8192, 0x5a));
    copyFileSync(path, join(dir, "copy"));
    const r = playOn(path, inputs);
    expect(r.journal.fault?.kind).toBe("corrupt");
    expect(faultAlerts(r.out)).toHaveLength(1);
    expect(withoutFaults(r.out)).toEqual(reference);
    expect(readFileSync(path).equals(readFileSync(join(dir, "copy")))).toBe(true);
  });
});
