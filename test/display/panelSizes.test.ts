/**
 * The dealer panel at arm's length: on the 4.3" panel (800 × 600 px; 4:3 at 4.3" across is 87.4 ×
 * 65.5 mm, 0.109 mm a pixel) the alert's headline and the step to do now are at least 4 mm tall and
 * the later steps at least 3 mm, measured on the rendered bitmap (the height of the first character's
 * ink, a capital or a digit). The headline is white on black. PNG previews of a premature flop and a
 * misdeal go to test/artifacts.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TextItem } from "../../src/devices/epaper/screen.js";
import { dealerPanel } from "../../src/display/dealerPanel.js";
import { fontScale } from "../../src/display/font.js";
import { writeBitmapPng } from "../../src/display/png.js";
import { type Bitmap, isBlack, rasterize } from "../../src/display/raster.js";
import { REPO_ROOT } from "../support/paths.js";
import { alertRaised, replayUntil } from "./scenario.js";

const ARTIFACTS = join(REPO_ROOT, "test/artifacts");
/** Millimetres a pixel: 4.3" diagonal, 4:3, 800 px across. */
const MM_PER_PX = (4.3 * 25.4 * 0.8) / 800;

/** Rows of ink (black, or white on a black band) in the first character cell of a text item. */
function inkHeightPx(bitmap: Bitmap, t: TextItem): number {
  const { advance } = fontScale(t.size);
  const ink = (x: number, y: number) => isBlack(bitmap, x, y) !== (t.inverse === true);
  let top = -1;
  let bottom = -1;
  for (let y = t.y; y < t.y + t.size; y++) {
    for (let x = t.x; x < t.x + advance; x++) {
      if (ink(x, y)) {
        if (top < 0) top = y;
        bottom = y;
        break;
      }
    }
  }
  return top < 0 ? 0 : bottom - top + 1;
}

function measure(file: string, code: string, png: string) {
  const { view } = replayUntil(file, alertRaised(code));
  const screen = dealerPanel(view);
  const bitmap = rasterize(screen);
  mkdirSync(ARTIFACTS, { recursive: true });
  writeBitmapPng(join(ARTIFACTS, png), bitmap);
  const texts = screen.filter((i): i is TextItem => i.kind === "text");
  const headline = texts.find((t) => t.inverse === true);
  const stepNow = texts.find((t) => t.text.startsWith("1. "));
  const later = texts.filter((t) => /^\d+\. /.test(t.text) && !t.text.startsWith("1. "));
  const mm = (t: TextItem | undefined) => (t === undefined ? 0 : inkHeightPx(bitmap, t) * MM_PER_PX);
  return { view, screen, texts, headline, stepNow, later, mm };
}

describe("dealer panel text sizes for arm's length (4.3 inch, 800 x 600)", () => {
  for (const [name, file, code, png] of [
    ["premature flop", "premature-flop-spec-example.jsonl", "PREMATURE_FLOP", "panel-premature-flop.png"],
    ["misdeal", "misdeal-first-card.jsonl", "MISDEAL_FIRST_CARD", "panel-misdeal.png"],
  ] as const) {
    it(`${name}: headline inverted and the current step >= 4 mm, later steps >= 3 mm, the rest counted (${png})`, () => {
      const m = measure(file, code, png);
      expect(m.headline?.text).toMatch(new RegExp(`^${code.replace(/_/g, " ")}`));
      const sizes = {
        headline: m.mm(m.headline),
        stepNow: m.mm(m.stepNow),
        later: m.later.map((t) => m.mm(t)),
      };
      console.log(
        `${name}: headline ${sizes.headline.toFixed(2)} mm, current step ${sizes.stepNow.toFixed(2)} mm, ` +
          `later steps ${sizes.later.map((h) => h.toFixed(2)).join(", ") || "none shown"} mm`,
      );
      expect(sizes.headline).toBeGreaterThanOrEqual(4);
      expect(sizes.stepNow).toBeGreaterThanOrEqual(4);
      for (const h of sizes.later) expect(h).toBeGreaterThanOrEqual(3);
      // Every step is either on the panel or counted in the "+N more steps" line.
      const steps = m.view.alerts.find((a) => a.code === code)!.steps;
      const more = m.texts.map((t) => /^\+(\d+) more step/.exec(t.text)?.[1]).find((n) => n !== undefined);
      expect(1 + m.later.length + Number(more ?? 0)).toBe(steps.length);
      // The headline's band is black where the text is not.
      const h = m.headline!;
      expect(isBlack(rasterize(m.screen), h.x - 4, h.y + 2)).toBe(true);
    });
  }
});
