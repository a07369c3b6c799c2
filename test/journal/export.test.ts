import { spawnSync } from "node:child_process";
import { cpSync, existsSync, writeFileSync } from "node:fs";
import Database from "better-sqlite3";
import { basename, dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { INSTALLED_KEY_PATH } from "../../src/app/commands/journal.js";
import { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { openForReading } from "../../src/journal/db.js";
import { exportLines } from "../../src/journal/exportLog.js";
import { forCore } from "../../src/journal/recovery.js";
import { loadTableKey } from "../../src/journal/tableKey.js";
import { journalOf, tempDir } from "./support.js";
import { pluribusFiles, straightReplay, tableInput } from "./tableInput.js";

const inputs = tableInput(pluribusFiles(4));
const reference = straightReplay(inputs);
const tableEvents = [...reference.perEvent.flat(), ...reference.final];
let journal = "";
let dir = "";
/** What the table said while it journaled, with its numbers. */
let said: TableEvent[] = [];

beforeAll(async () => {
  dir = tempDir();
  const run = await journalOf(dir, inputs);
  journal = run.journal;
  said = run.out;
});

const key = () => loadTableKey(`${journal}.key`);
/** An input as the file gave it: the wall-clock stamp the journal added left out. */
const unstamped = (e: InputEvent): InputEvent => forCore(e);
const withoutSeq = (es: readonly unknown[]) =>
  es.map((e) => {
    const { seq: _seq, ...rest } = e as { seq?: number };
    return rest;
  });

function feltguard(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/app/main.ts", ...args], {
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const lines = (text: string): unknown[] =>
  text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as unknown);

/** The events of hand `n` in a table-event list, from its hand_start to its hand_end. */
function handEvents(events: readonly TableEvent[], n: number): TableEvent[] {
  const start = events.findIndex((e) => e.kind === "hand_start" && e.hand === n);
  const end = events.findIndex((e) => e.kind === "hand_end" && e.hand === n);
  return events.slice(start, end + 1);
}

describe("journal export", () => {
  it("exports every journaled event as stored; `feltguard replay` of it says what the table said", () => {
    const exported = feltguard("journal", "export", "-j", journal);
    expect(exported.code).toBe(0);
    const events = lines(exported.stdout).map((l) => InputEvent.parse(l));
    expect(events.every((e) => typeof e.wall === "string")).toBe(true);
    expect(events.map(unstamped)).toEqual(inputs);
    const file = join(dir, "export.jsonl");
    writeFileSync(file, exported.stdout);
    const replayed = feltguard("replay", file);
    expect(replayed.code).toBe(0);
    // Replay numbers the events as the table did (no notices were said here).
    expect(lines(replayed.stdout)).toEqual(JSON.parse(JSON.stringify(said)));
    expect(withoutSeq(said)).toEqual(JSON.parse(JSON.stringify(tableEvents)));
  });

  it("exports a range of sequence numbers", () => {
    const db = openForReading(journal);
    const slice = [...exportLines(db, { by: "seq", from: 10, to: 19 }, key())].map((l) =>
      unstamped(InputEvent.parse(JSON.parse(l))),
    );
    db.close();
    expect(slice).toEqual(inputs.slice(9, 19));
  });

  it("exports a hand that stands alone: replayed by itself it deals the same hand to the same stacks", () => {
    const db = openForReading(journal);
    const text = [...exportLines(db, { by: "hand", from: 3 }, key())].join("");
    db.close();
    const events = lines(text).map((l) => unstamped(InputEvent.parse(l)));
    expect(events[0]).toMatchObject({ kind: "floor", op: "game" });
    const alone = straightReplay(events);
    const said = [...alone.perEvent.flat(), ...alone.final];
    const original = handEvents(tableEvents, 3);
    const again = handEvents(said, 1);
    // The hand number starts again at 1; everything else is the same hand.
    const strip = (es: TableEvent[]) =>
      es.map((e) => ("hand" in e && typeof e.hand === "number" ? { ...e, hand: 0 } : e));
    expect(strip(again)).toEqual(strip(original));
  });

  it("rejects a hand the journal does not hold", () => {
    const r = feltguard("journal", "export", "-j", journal, "--hand", "99");
    expect(r.code).not.toBe(0);
  });
});

describe("journal verify without a key beside the journal", () => {
  it("says where it looked for the table key, not that one file is missing", () => {
    // A copy of the journal alone, as on a Pi where install.sh keeps the key in /etc/feltguard.
    const alone = join(tempDir(), "journal.db");
    cpSync(journal, alone);
    const r = feltguard("journal", "verify", "-j", alone);
    expect(r.code).toBe(1);
    if (existsSync(INSTALLED_KEY_PATH)) return; // an installed table's key is used instead
    expect(r.stderr).toContain(
      `no table key: none given (--key) and none beside the journal (${alone}.key, ${alone}.key.pub) or where install.sh puts it (/etc/feltguard/table.key)`,
    );
  });
});

describe("history", () => {
  it("lists every hand with its result and stacks", () => {
    const r = feltguard("history", "-j", journal);
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split("\n");
    expect(rows).toHaveLength(4);
    const end1 = tableEvents.find((e) => e.kind === "hand_end" && e.hand === 1);
    // The wall-clock times first (for the surveillance video), then the table's own t.
    expect(rows[0]).toMatch(
      /^#1 {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\.\.\d\d:\d\d:\d\dZ {2}t=1000\.\.\d+ {2}nlhe {2}button 6 {2}complete/,
    );
    if (end1?.kind === "hand_end") expect(rows[0]).toContain(`1:${end1.stacks["1"]} 2:${end1.stacks["2"]}`);
  });

  it("refuses a journal with a changed row, naming the row, and claims no count of rows it did not read", () => {
    const copy = join(tempDir(), "copy");
    cpSync(dirname(journal), copy, { recursive: true });
    const db = join(copy, basename(journal));
    const changed = new Database(db);
    const last = changed.prepare("SELECT max(seq) AS seq FROM events").get() as { seq: number };
    changed.prepare("UPDATE events SET t = t + 1 WHERE seq = ?").run(last.seq);
    changed.close();
    const r = feltguard("history", "-j", db, "-k", `${journal}.key`);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`BROKEN at row ${last.seq} — `);
    // Recovery's check read only the rows after the latest checkpoint: before, it said
    // "(<the journal's length> rows before it are intact)", more rows than come before the bad one.
    expect(r.stderr).not.toMatch(/rows before it are intact/);
    expect(r.stderr).toContain("feltguard journal verify checks every row");
    const full = feltguard("journal", "verify", "-j", db, "-k", `${journal}.key`);
    expect(full.stderr).toContain(`BROKEN at row ${last.seq} — `);
    expect(full.stderr).toContain(`(${last.seq - 1} rows before it are intact)`);
  });

  it("replays one hand from the journal and prints its table events", () => {
    const r = feltguard("history", "-j", journal, "--hand", "2");
    expect(r.code).toBe(0);
    // Under the numbers the table said them with.
    expect(lines(r.stdout)).toEqual(JSON.parse(JSON.stringify(handEvents(said, 2))));
    expect(r.stderr).toMatch(/#2 {2}\d{4}-/);
  });
});
