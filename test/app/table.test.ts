/**
 * `feltguard table` after a power cut: the journal holds a hand in progress; the table comes back
 * with that hand, its open alert and the floor page saying the hand was recovered.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runTable } from "../../src/app/commands/run.js";
import { startTable } from "../../src/app/tableRun.js";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import { REPO_ROOT } from "../support/paths.js";

const dir = mkdtempSync(join(tmpdir(), "fg-table-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("feltguard table", () => {
  it("recovers the hand in progress from the journal and the floor page says so", async () => {
    const config = join(dir, "table.yaml");
    writeFileSync(config, readFileSync(DEFAULT_CONFIG_PATH, "utf8").replace("port: 8080", "port: 0"));
    const journal = join(dir, "journal.db");
    // The contract's example ends mid-hand, with a premature flop on the board: then the power goes.
    await runTable({
      journal,
      input: join(REPO_ROOT, "examples/premature-flop.jsonl"),
      config,
      paceMs: 0,
      out: join(dir, "out.jsonl"),
    });

    const table = await startTable({ config, journal, devices: false });
    try {
      expect(table.recovered).toBe(1);
      const view = (await (await fetch(new URL("/api/table", table.url))).json()) as {
        recovered?: boolean;
        view: {
          hand: number | null;
          alerts: { code: string }[];
          seats: { seat: number; holeCards: number }[];
        };
      };
      expect(view.recovered).toBe(true);
      expect(view.view.hand).toBe(1);
      expect(view.view.alerts.map((a) => a.code)).toContain("PREMATURE_FLOP");
      expect(view.view.seats.find((s) => s.seat === 2)?.holeCards).toBe(2);
    } finally {
      await table.stop();
    }
  });
});
