/**
 * The dealer follows a long procedure from the panel alone (he has no floor page): the panel shows the
 * step the table waits for now in the big font, with how far he is (STEP n/N), and the steps after it
 * that fit; as the table sees each step done (`alert_step`) the next comes up. Over the procedure every
 * step is on the panel at some point before the alert closes. Scenario files of RP-5 and r.35 followed
 * by the book; PNGs of each stage go to test/artifacts for a person to look at.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TableEvent } from "../../src/contract/index.js";
import type { TextItem } from "../../src/devices/epaper/screen.js";
import { dealerPanel } from "../../src/display/dealerPanel.js";
import { writeBitmapPng } from "../../src/display/png.js";
import { rasterize } from "../../src/display/raster.js";
import { alertRaised, ARTIFACTS, replayUntil } from "./scenario.js";

const stepTold = (code: string, done: number) => (events: readonly TableEvent[]) =>
  events.some((e) => e.kind === "alert_step" && e.code === code && e.done === done);

const CASES = [
  ["premature-flop-procedure-followed.jsonl", "PREMATURE_FLOP", [2, 3]],
  ["premature-turn-procedure-followed.jsonl", "PREMATURE_TURN", [1, 2, 3]],
  ["premature-river-procedure-followed.jsonl", "PREMATURE_RIVER", [2, 3]],
  ["four-card-flop-scrambled-off-the-board.jsonl", "FOUR_CARD_FLOP", [2]],
] as const;

describe("the dealer panel follows the dealer through a procedure", () => {
  for (const [file, code, dones] of CASES) {
    it(`${code}: the step to do now, then the next as each is seen done; every step shown (${file})`, () => {
      const steps = replayUntil(file, alertRaised(code)).view.alerts.find((a) => a.code === code)!.steps;
      const seen = new Set<number>();
      for (const done of [0, ...dones]) {
        const { view } = replayUntil(file, done === 0 ? alertRaised(code) : stepTold(code, done));
        const alert = view.alerts.find((a) => a.code === code);
        expect(alert?.done ?? 0, `${code} after step ${done}`).toBe(done);
        const screen = dealerPanel(view);
        mkdirSync(ARTIFACTS, { recursive: true });
        writeBitmapPng(
          join(ARTIFACTS, `panel-${code.toLowerCase()}-step-${done + 1}.png`),
          rasterize(screen),
        );
        const texts = screen.filter((i): i is TextItem => i.kind === "text");
        // The step to do now is the first big line in the box, numbered as in the alert's steps.
        const now = texts.find((t) => t.size === 64 && t.inverse !== true && /^\d+\. /.test(t.text));
        expect(now?.text.startsWith(`${done + 1}. `), now?.text).toBe(true);
        const progress = texts.find((t) => t.inverse === true && t.text.startsWith("STEP "));
        expect(progress?.text).toBe(done === 0 ? undefined : `STEP ${done + 1}/${steps.length}`);
        // Steps shown: whole ones (a step's first line carries its number; the panel wraps the rest).
        const lines = texts.filter((t) => t.y > 200).map((t) => t.text);
        for (const l of lines) {
          const n = /^(\d+)\. /.exec(l)?.[1];
          if (n !== undefined) seen.add(Number(n));
        }
        // No step before the one to do now is shown: they are done.
        for (const l of lines) expect(Number(/^(\d+)\. /.exec(l)?.[1] ?? done + 1)).toBeGreaterThan(done);
      }
      expect([...seen].sort((a, b) => a - b)).toEqual(steps.map((_, i) => i + 1));
    });
  }
});
