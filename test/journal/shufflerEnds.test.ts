/**
 * A hand the shuffler press ends (a misdeal declared, a hand voided) begins the next hand on the same
 * row: the table is never between hands there, so no checkpoint is signed at that hand's end. The
 * journal of such a table is sound, and `journal verify` (and the start-up audit, which runs it) says
 * so: it used to call it BROKEN ("the hands index holds hands after the last checkpoint that the
 * journal's rows do not"), with the bundled examples/three-hands.jsonl. A hands index that skips a
 * hand, or a hand after the last checkpoint that ended on a row no hand started on, is still refused.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { brokenError } from "../../src/app/commands/journal.js";
import { InputEvent } from "../../src/contract/input.js";
import { openForReading } from "../../src/journal/db.js";
import { loadTableKey } from "../../src/journal/tableKey.js";
import { verifyJournal } from "../../src/journal/verify.js";
import { REPO_ROOT } from "../support/paths.js";
import { journalOf, tempDir } from "./support.js";

const example = readFileSync(join(REPO_ROOT, "examples/three-hands.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => InputEvent.parse(JSON.parse(l)));

function verify(journal: string) {
  const db = openForReading(journal);
  try {
    return verifyJournal(db, { key: loadTableKey(`${journal}.key`), path: journal });
  } finally {
    db.close();
  }
}

describe("hands ended by the shuffler press that starts the next", () => {
  it("examples/three-hands.jsonl: two hands ended by the next press, the third in progress, verify ok", async () => {
    const { journal, out } = await journalOf(tempDir(), example);
    // The bundled example is such a table: each press ends a hand and starts the next, on one row.
    expect(out.filter((e) => e.kind === "hand_end").map((e) => e.kind === "hand_end" && e.result)).toEqual([
      "void",
      "void",
    ]);
    expect(verify(journal)).toMatchObject({ ok: true, rows: example.length, checkpoints: 0, hands: 3 });
  });

  it("still refuses an index whose ended hand after the last checkpoint did not end where the next began", async () => {
    const { journal } = await journalOf(tempDir(), example);
    const db = new Database(journal);
    db.prepare("UPDATE hands SET end_seq = end_seq - 1 WHERE hand = 1").run();
    db.close();
    const r = verify(journal);
    expect(r).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/hands index holds hands after the last checkpoint .*\(hand 1, 2, 3\)/),
    });
    // The verdict line counts the rows before the one it names, not every row of the journal.
    if (r.ok) return;
    expect(brokenError(journal, r).message).toMatch(
      new RegExp(`BROKEN at row ${r.badSeq} — .* \\(${r.badSeq - 1} rows before it are intact\\)$`),
    );
  });
});
