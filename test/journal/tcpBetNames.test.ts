/**
 * Three Card Poker's `award.bet` says a line by the names `payout.bet` gives it (events.md: `bonus`,
 * `pairplus`), where it said `anteBonus` and `pairPlus`: one name per bet on the wire. A journal holds
 * input events (and the table's notices), never awards, so a journal written before the change still
 * verifies, and its replay says the awards under the new names with every number and every other
 * field as before. fixtures/tcp-bet-names-before/ is such a journal: `feltguard run` at commit 751bf22 on
 * its input.jsonl (config/tcp.yaml; an Ante bonus and a Pair Plus won), with what that run said
 * (out-before.jsonl).
 */
import { cpSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runTable } from "../../src/app/commands/run.js";
import { openForReading } from "../../src/journal/db.js";
import { loadTableKey } from "../../src/journal/tableKey.js";
import { verifyJournal } from "../../src/journal/verify.js";
import { memoryLogger, tempDir } from "./support.js";

const here = dirname(fileURLToPath(import.meta.url));
const fixture = join(here, "fixtures", "tcp-bet-names-before");
const TCP_CONFIG = join(here, "..", "..", "config", "tcp.yaml");
const RENAMED: Record<string, string> = { anteBonus: "bonus", pairPlus: "pairplus" };

describe("Three Card Poker's bet names", () => {
  it("a journal from before the change verifies and replays: the awards say payout's names, nothing else changes", async () => {
    const dir = tempDir();
    cpSync(fixture, dir, { recursive: true });
    const journal = join(dir, "journal.db");
    const db = openForReading(journal);
    expect(verifyJournal(db, { key: loadTableKey(`${journal}.key`), path: journal })).toMatchObject({
      ok: true,
    });
    db.close();

    const out = join(dir, "out-after.jsonl");
    const { logger } = memoryLogger();
    const fed = await runTable({
      journal,
      input: join(dir, "input.jsonl"),
      out,
      config: TCP_CONFIG,
      paceMs: 0,
      logger,
    });
    expect(fed.fed).toBe(0); // every input was journaled before the change: all of it is replayed

    const before = readFileSync(join(fixture, "out-before.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // Read as written (the contract's schema would drop the added fields, `bet` among them).
    const after = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const beforeBets = before.filter((e) => e.kind === "award").map((e) => e.bet);
    expect(beforeBets).toEqual(expect.arrayContaining(["anteBonus", "pairPlus"]));
    // What the change does, and only that: the same events under the same numbers, the awards renamed.
    // And one later change (branch tcp15): the deck is judged collected at the readers' lag and the
    // departure window after the press (config/tcp.yaml: 500 ms), not the lag alone, so the fixture's
    // DECK_NOT_COLLECTED comes that much later.
    const expected = before.map((e) =>
      e.kind === "award" && typeof e.bet === "string"
        ? { ...e, bet: RENAMED[e.bet] ?? e.bet }
        : e.kind === "alert" && e.code === "DECK_NOT_COLLECTED"
          ? { ...e, t: Number(e.t) + 500 }
          : e,
    );
    expect(after).toEqual(expected);
    // One name per bet: every winning award's line is named as its payout names it.
    const awardBets = new Set(
      after.flatMap((e) => (e.kind === "award" && "bet" in e ? [String(e.bet)] : [])),
    );
    for (const p of after) if (p.kind === "payout") expect(awardBets).toContain(p.bet);
  });
});
