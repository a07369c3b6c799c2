import { describe, expect, it } from "vitest";
import { PANEL_HEIGHT, PANEL_WIDTH, type Screen, type TextItem } from "../../src/devices/epaper/screen.js";
import type { OpenAlert } from "../../src/display/alertBoard.js";
import { chips, dealerPanel, panelText, rankAlerts, wrap } from "../../src/display/dealerPanel.js";
import { textWidth } from "../../src/display/font.js";
import { blackIn, rasterize } from "../../src/display/raster.js";
import { panelLines } from "../../src/display/terminal.js";
import type { TableView } from "../../src/display/view.js";
import { alertRaised, replayUntil } from "./scenario.js";

const texts = (screen: Screen): TextItem[] => screen.filter((i): i is TextItem => i.kind === "text");

/** Every text item lies wholly on the panel (the module clips silently, so a cut word would go unseen). */
function expectFits(screen: Screen): void {
  for (const t of texts(screen)) {
    expect(t.x + textWidth(t.text, t.size), t.text).toBeLessThanOrEqual(PANEL_WIDTH);
    expect(t.y + t.size, t.text).toBeLessThanOrEqual(PANEL_HEIGHT);
  }
}

/** The alert steps as the panel shows them, wrapped lines joined back. */
function stepsOnPanel(screen: Screen): string {
  return panelLines(screen).join(" ").replace(/\s+/g, " ");
}

describe("dealer panel for the procedures of RP-5 and r.35 (the PNG artefacts: panel.test.ts)", () => {
  it("premature flop: title, every step, the numbers; drawn where the text is", () => {
    const { view, pushed } = replayUntil("premature-flop-spec-example.jsonl", alertRaised("PREMATURE_FLOP"));
    const screen = dealerPanel(view);
    expect(pushed.screens.at(-1)).toEqual(screen);
    expectFits(screen);
    const title = texts(screen).find((t) => t.text === "PREMATURE FLOP");
    expect(title?.inverse).toBe(true);
    const shown = stepsOnPanel(screen);
    // The step to do now in full; the later ones that do not fit are counted (panelSizes.test.ts).
    expect(shown).toContain(`1. ${view.alerts[0]!.steps[0]!}`);
    // Step 2, which is done with step 1, is shown beside it; the rest are counted.
    expect(shown).toContain(`2. ${view.alerts[0]!.steps[1]!}`);
    expect(shown).toContain(`+${view.alerts[0]!.steps.length - 2} more steps: shown here as you go`);
    // With an alert up the numbers take one row.
    expect(shown).toContain("500 100 400 Pot Call Min");
    expect(shown).toContain("Seat 2 to act");

    const bitmap = rasterize(screen);
    expect([bitmap.width, bitmap.height]).toEqual([PANEL_WIDTH, PANEL_HEIGHT]);
    const t = title!;
    // White letters on the black band: fewer black pixels than the band's area.
    const area = textWidth(t.text, t.size) * t.size;
    const black = blackIn(bitmap, t.x, t.y, t.x + textWidth(t.text, t.size), t.y + t.size);
    expect(black).toBeGreaterThan(area / 2);
    expect(black).toBeLessThan(area);
    // Nothing is drawn between the alert box and the footer (the box holds its text).
    expect(blackIn(bitmap, 40, 553, 760, 561)).toBe(0);
  });

  it("four-card flop: the four cards on the board line and the r.35 steps", () => {
    const { view } = replayUntil("four-card-flop-resolved.jsonl", alertRaised("FOUR_CARD_FLOP"));
    const screen = dealerPanel(view);
    expectFits(screen);
    const shown = stepsOnPanel(screen);
    expect(shown).toContain("Board Qs Jd 4h 8c");
    expect(shown).toContain("FOUR CARD FLOP");
    expect(shown).toContain(`1. ${view.alerts[0]!.steps[0]!}`.slice(0, 20));

    const title = texts(screen).find((i) => i.inverse === true)!;
    expect(title.text).toBe("FOUR CARD FLOP");
    const bitmap = rasterize(screen);
    expect(
      blackIn(bitmap, title.x, title.y, title.x + textWidth(title.text, 64), title.y + 64),
    ).toBeGreaterThan(1000);
  });

  it("after the four-card flop is resolved the panel goes back to no alerts (the board lost its alert)", () => {
    const { view } = replayUntil("four-card-flop-resolved.jsonl");
    expect(view.alerts).toEqual([]);
    const shown = stepsOnPanel(dealerPanel(view));
    expect(shown).toContain("No alerts");
    expect(shown).toContain("Board Qs Jd 4h 5h");
  });

  it("a lost reader is named in the footer", () => {
    const { view } = replayUntil("reader-offline.jsonl", alertRaised("READER_OFFLINE"));
    expect(view.readersOffline).toEqual(["bridge"]);
    expect(stepsOnPanel(dealerPanel(view))).toContain("READER OFFLINE: bridge");
  });
});

describe("dealer panel layout rules", () => {
  const base: TableView = {
    table: "T",
    hand: 7,
    game: "nlhe",
    street: "turn",
    board: ["As", "Kd", "7c", "2h"],
    pot: 1234567,
    toCall: 250000,
    minRaiseTo: 123456789,
    toAct: 3,
    button: 1,
    sb: 2,
    bb: 3,
    level: { sb: 1000, bb: 2000, ante: 0, bbAnte: 2000 },
    seats: [],
    alerts: [],
    readersOffline: [],
    held: false,
  };
  const alert = (code: string, severity: OpenAlert["severity"], steps: string[] = []): OpenAlert => ({
    t: 0,
    code,
    rule: "r",
    severity,
    text: `${code} happened`,
    steps,
  });

  it("shows big numbers with separators, falling back to a smaller font when a value is too wide", () => {
    const screen = dealerPanel(base);
    expectFits(screen);
    expect(texts(screen).find((t) => t.text === "1,234,567")?.size).toBe(48);
    expect(texts(screen).find((t) => t.text === "250,000")?.size).toBe(64);
    expect(stepsOnPanel(screen)).toContain("Hand 7 - Turn Blinds 1,000/2,000 BB ante 2,000");
  });

  it("puts the floor's alerts before the dealer's and a lost reader last, and counts the rest", () => {
    const alerts = [
      alert("READER_OFFLINE", "floor"),
      alert("UNDERCALL", "dealer"),
      alert("PREMATURE_TURN", "floor"),
    ];
    expect(rankAlerts(alerts).map((a) => a.code)).toEqual(["PREMATURE_TURN", "UNDERCALL", "READER_OFFLINE"]);
    const lines = panelLines(dealerPanel({ ...base, alerts }));
    expect(lines).toContain("PREMATURE TURN");
    expect(lines.at(-1)).toMatch(/\+2 more alerts$/);
  });

  it("drops the explanation before any step, and marks steps that do not fit", () => {
    const steps = Array.from({ length: 12 }, (_, i) => `Step number ${i + 1} of a long procedure`);
    const screen = dealerPanel({ ...base, alerts: [alert("HAND_DEAD", "floor", steps)] });
    expectFits(screen);
    const lines = panelLines(screen);
    expect(lines.join("\n")).not.toContain("HAND_DEAD happened");
    expect(lines.join(" ")).toContain("1. Step number 1 of a");
    // The dealer has no floor page: the rest come into view as the table sees the steps done.
    expect(lines.at(-2)).toMatch(/^\+\d+ more steps: shown here as you go$/);
  });

  it("wraps at spaces, cuts words longer than a line, and keeps text to what the panel's ASCII font has", () => {
    expect(wrap("Return the three flop cards to the stub", 16)).toEqual([
      "Return the three",
      "flop cards to",
      "the stub",
    ]);
    expect(wrap("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
    expect(panelText("burn — ask the floor’s “ok”…")).toBe(`burn - ask the floor's "ok"...`);
    expect(panelText("10♠")).toBe("10?");
    expect(chips(0)).toBe("0");
    expect(chips(1000)).toBe("1,000");
  });

  it("between hands shows no numbers and no street", () => {
    const lines = panelLines(
      dealerPanel({
        ...base,
        hand: null,
        street: null,
        board: [],
        toAct: null,
        toCall: null,
        minRaiseTo: null,
      }),
    );
    expect(lines[0]).toMatch(/^Between hands/);
    expect(lines.join(" ").replace(/\s+/g, " ")).toContain("Pot To call Min raise - - -");
  });

  it("a blank panel is all white and a filled box is all black", () => {
    expect(blackIn(rasterize([]), 0, 0, PANEL_WIDTH, PANEL_HEIGHT)).toBe(0);
    const box = rasterize([{ kind: "box", x0: 10, y0: 20, x1: 19, y1: 29, fill: true }]);
    expect(blackIn(box, 0, 0, PANEL_WIDTH, PANEL_HEIGHT)).toBe(100);
    const outline = rasterize([{ kind: "box", x0: 10, y0: 20, x1: 19, y1: 29 }]);
    expect(blackIn(outline, 0, 0, PANEL_WIDTH, PANEL_HEIGHT)).toBe(36);
  });
});
