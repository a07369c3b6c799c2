import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { handRows, openForReading } from "../../src/journal/db.js";
import { replayJournalHand } from "../../src/journal/handReplay.js";
import { handToPhh, phhOrder } from "../../src/journal/phhExport.js";
import { loadTableKey } from "../../src/journal/tableKey.js";
import { parsePhh, readPhhFile } from "../../src/rules/phh/read.js";
import { replayHand } from "../../src/rules/phh/replay.js";
import { createTableFromConfig, registryFromConfig } from "../../src/runtime/tableSettings.js";
import { journalOf, tempDir } from "./support.js";
import { pluribusFiles, tableInput } from "./tableInput.js";

const config = loadConfig();
const registry = registryFromConfig(config);
const files = pluribusFiles(12, 20);
let journal = "";

beforeAll(async () => {
  journal = (await journalOf(tempDir(), tableInput(files))).journal;
});

describe("finished hands exported as PHH", () => {
  it("read back by the rules engine's PHH importer, give the table's final stacks (and the record's)", () => {
    const db = openForReading(journal);
    const hands = handRows(db);
    expect(hands).toHaveLength(files.length);
    for (const row of hands) {
      const hand = replayJournalHand(
        db,
        row.hand,
        (cp) => createTableFromConfig(config, registry, cp),
        loadTableKey(`${journal}.key`),
      );
      if (hand === null) throw new Error(`hand ${row.hand} not replayed`);
      const text = handToPhh(hand, registry);
      const back = replayHand(parsePhh(text, `hand ${row.hand}`), { bbAnteOrder: config.house.bbAnteOrder });
      const seats = phhOrder(
        hand.header.positions.button,
        Object.keys(hand.header.stacksBefore).map(Number),
        hand.header.positions.sb,
      );
      expect(back.finalStacks, `hand ${row.hand}:\n${text}`).toEqual(
        seats?.map((s) => row.stacks?.[String(s)]),
      );
      expect(back.matches).toBe(true);
      const record = readPhhFile(files[row.hand - 1] ?? "");
      expect(back.finalStacks).toEqual(record.finishingStacks);
    }
    db.close();
  });

  it("PHH seating: the seat after the button is p1, the button last; heads-up the button is the small blind", () => {
    expect(phhOrder(3, [1, 3, 5, 8], 5)).toEqual([5, 8, 1, 3]);
    expect(phhOrder(5, [2, 5], 5)).toEqual([2, 5]);
    // A dead small blind (the small-blind seat is empty) has no PHH seating.
    expect(phhOrder(3, [1, 3, 8], null)).toBeNull();
  });

  it("`feltguard journal phh --dir` writes one file per finished hand", () => {
    const dir = tempDir();
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", "src/app/main.ts", "journal", "phh", "-j", journal, "-d", dir],
      {
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/12 of 12 hands exported as PHH/);
    expect(readdirSync(dir)).toHaveLength(12);
    expect(readFileSync(join(dir, "1.phh"), "utf8")).toMatch(/^variant = 'NT'\n/);
  });
});
