/**
 * Replays every scenario file (test/scenarios/*.jsonl, written by build.ts) through the core and
 * checks what the table said: each `expect` line must appear, in order, with the fields it gives;
 * no alert may carry a code named by an `absent` line.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/app/config.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { createTableFromConfig } from "../../src/table/core.js";

const dir = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));

function replay(lines: unknown[]): TableEvent[] {
  const core = createTableFromConfig(loadConfig());
  const out: TableEvent[] = [];
  let lastT = 0;
  for (const line of lines) {
    const event = InputEvent.parse(line);
    out.push(...core.advanceTo(event.t), ...core.handle(event));
    lastT = event.t;
  }
  out.push(...core.finish(lastT));
  return out;
}

/** Whether `event` has every field of `want` (objects compared deeply). */
function matches(event: TableEvent, want: Record<string, unknown>): boolean {
  return Object.entries(want).every(
    ([k, v]) => JSON.stringify((event as Record<string, unknown>)[k]) === JSON.stringify(v),
  );
}

describe("scenarios: the alert catalogue, positive and negative", () => {
  it("has a scenario for every code of the hold'em catalogue", () => {
    const text = files.map((f) => readFileSync(join(dir, f), "utf8")).join("\n");
    for (const code of [
      "MISDEAL_FIRST_CARD",
      "MISDEAL_NOT_ENTITLED",
      "MISDEAL_DEALT_OUT",
      "MISDEAL_EXPOSED",
      "MISDEAL_CARD_COUNT",
      "HAND_DEAD",
      "FOUR_CARD_FLOP",
      "PREMATURE_FLOP",
      "PREMATURE_TURN",
      "PREMATURE_RIVER",
      "BURN_MISSING",
      "BURN_UNEXPECTED",
      "DUPLICATE_CARD",
      "FOREIGN_CARD",
      "DECK_NOT_COLLECTED",
      "ACTION_OUT_OF_TURN",
      "UNDERCALL",
      "UNDERRAISE",
      "ALLIN_TABLE_HANDS",
      "READER_OFFLINE",
    ]) {
      expect(text, code).toContain(`"expect":{"kind":"alert","code":"${code}"`);
      expect(text, code).toContain(`"absent":"${code}"`);
    }
  });

  for (const file of files) {
    it(file.replace(/\.jsonl$/, ""), () => {
      const lines = readFileSync(join(dir, file), "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const inputs = lines.filter((l) => !("expect" in l) && !("absent" in l));
      const out = replay(inputs);
      let from = 0;
      for (const line of lines) {
        if ("expect" in line) {
          const want = line.expect as Record<string, unknown>;
          const at = out.findIndex((e, i) => i >= from && matches(e, want));
          expect(
            at,
            `expected ${JSON.stringify(want)} after event ${from} in:\n${out.map((e) => JSON.stringify(e)).join("\n")}`,
          ).toBeGreaterThanOrEqual(0);
          from = at + 1;
        } else if ("absent" in line) {
          const hit = out.find((e) => e.kind === "alert" && e.code === line.absent);
          expect(hit, `no ${String(line.absent)} alert`).toBeUndefined();
        }
      }
    });
  }
});
