/**
 * The dealer panel as a person sees it: rendered to the panel's 1-bit bitmap and written as PNG
 * (test/artifacts/, kept for a person to look at) for a premature flop and a four-card flop; the
 * seat lights and digits; and `feltguard render`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { viewAtEvent } from "../../src/app/commands/render.js";
import { loadConfig } from "../../src/config/config.js";
import { dealerPanel } from "../../src/display/dealerPanel.js";
import { writeBitmapPng } from "../../src/display/png.js";
import { isBlack, rasterize } from "../../src/display/raster.js";
import { digits, seatLights } from "../../src/display/seatLights.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { REPO_ROOT } from "../support/paths.js";

const ARTIFACTS = join(REPO_ROOT, "test/artifacts");
const SCENARIOS = join(REPO_ROOT, "test/scenarios");
const config = loadConfig();

/** The scenario's input lines (expectation lines left out). */
function inputText(file: string): string {
  return readFileSync(join(SCENARIOS, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.includes('"expect"') && !l.includes('"absent"'))
    .join("\n");
}

/** The view right after the first input line that puts `count` cards on the board. */
function viewWhenBoardHolds(file: string, count: number) {
  const text = inputText(file);
  const lines = text.split("\n");
  const at = lines.findIndex((l) => {
    const e = JSON.parse(l) as { kind: string; antenna?: string; tags?: string[] };
    return e.kind === "tags" && e.antenna === "board" && e.tags?.length === count;
  });
  expect(at).toBeGreaterThan(0);
  return viewAtEvent(text, file, createTableFromConfig(config), at + 1, config.table.name).view;
}

function panelPng(name: string, view: ReturnType<typeof viewWhenBoardHolds>) {
  const screen = dealerPanel(view);
  const bitmap = rasterize(screen);
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, name);
  writeBitmapPng(file, bitmap);
  const png = PNG.sync.read(readFileSync(file));
  const words = screen.flatMap((i) => (i.kind === "text" ? [i.text] : [])).join("\n");
  return { bitmap, png, words };
}

/** Dark pixels in a band of rows: the alert box is drawn where the dealer looks. */
function darkIn(bitmap: ReturnType<typeof rasterize>, y0: number, y1: number): number {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = 0; x < bitmap.width; x++) if (isBlack(bitmap, x, y)) n++;
  return n;
}

describe("the dealer panel, rendered", () => {
  it("premature flop: the alert and its four steps, as PNG (test/artifacts/panel-premature-flop.png)", () => {
    const { bitmap, png, words } = panelPng(
      "panel-premature-flop.png",
      viewWhenBoardHolds("premature-flop-spec-example.jsonl", 3),
    );
    expect([png.width, png.height]).toEqual([800, 600]);
    expect(words).toMatch(/PREMATURE FLOP/);
    expect(words).toMatch(/1\. Leave the burn card\nwhere it is/);
    expect(words).toMatch(/^2\. Return the three flop cards$/m);
    expect(words).toMatch(/\+2 more steps: shown here as you go/);
    expect(darkIn(bitmap, 200, 540)).toBeGreaterThan(2000);
  });

  it("four-card flop: the alert and the procedure, as PNG (test/artifacts/panel-four-card-flop.png)", () => {
    const { png, words, bitmap } = panelPng(
      "panel-four-card-flop.png",
      viewWhenBoardHolds("four-card-flop-resolved.jsonl", 4),
    );
    expect([png.width, png.height]).toEqual([800, 600]);
    expect(words).toMatch(/FOUR CARD FLOP/);
    expect(words).toMatch(/^1\. /m);
    expect(darkIn(bitmap, 200, 540)).toBeGreaterThan(2000);
  });

  it("seat lights and digits: the seat to act, an all-in, the pot and the call", () => {
    // The digest's rule-14 example, right after A's all-in key: B (the big blind) faces 700.
    const text = inputText("allin-table-hands-rule-14.jsonl");
    const at = text.split("\n").findIndex((l) => l.includes('"button":"allin"'));
    const view = viewAtEvent(text, "rule14", createTableFromConfig(config), at + 1, "T").view;
    const lights = seatLights(view);
    expect(lights.find((l) => l.seat === 1)).toMatchObject({ allin: true, toAct: false });
    expect(lights.find((l) => l.seat === 2)).toMatchObject({ toAct: true, allin: false });
    expect(lights.find((l) => l.seat === 3)).toMatchObject({ toAct: false, allin: false });
    expect(lights.filter((l) => l.toAct)).toHaveLength(1);
    expect(digits(view)).toEqual({ pot: 1100, toCall: 500 });
  });

  it("feltguard render writes the panel after event N of a replayed log", () => {
    const out = join(ARTIFACTS, "render-command.png");
    const r = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "src/app/main.ts",
        "render",
        "--at",
        "23",
        "--out",
        out,
        "examples/premature-flop.jsonl",
      ],
      { cwd: REPO_ROOT, encoding: "utf8" },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect(PNG.sync.read(readFileSync(out)).width).toBe(800);
  });
});
