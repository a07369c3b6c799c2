/**
 * Replays every Three Card Poker scenario (test/hand/tcp/scenarios/*.jsonl, written by build.ts)
 * and checks what the table said: each `expect` line must appear, in order, with the fields it
 * gives; no alert may carry a code named by an `absent` line.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { TableEvent } from "../../../src/contract/index.js";
import { replayTcp } from "./replay.js";

const dir = join(dirname(fileURLToPath(import.meta.url)), "scenarios");
const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));

/** Whether `event` has every field of `want` (objects compared deeply). */
function matches(event: TableEvent, want: Record<string, unknown>): boolean {
  return Object.entries(want).every(
    ([k, v]) => JSON.stringify((event as Record<string, unknown>)[k]) === JSON.stringify(v),
  );
}

describe("Three Card Poker scenarios", () => {
  it("has a positive and a negative scenario for every TCP code", () => {
    const text = files.map((f) => readFileSync(join(dir, f), "utf8")).join("\n");
    for (const code of [
      "MISDEAL_CARD_COUNT",
      "TCP_DEALER_EXPOSED",
      "TCP_BLIND_PLAY_MISSING",
      "TCP_BET_AFTER_DEAL",
      "TCP_BET_INVALID",
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
      const out = replayTcp(lines.filter((l) => !("expect" in l) && !("absent" in l)));
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
