/**
 * The deck check on the dealer panel and the floor page's alert list: the notice while it is open, the
 * result after `ok` (scenario deck-check-missing-and-foreign), and the enrolment prompt screen.
 */
import { describe, expect, it } from "vitest";
import { checkScreen, type Screen } from "../../src/devices/epaper/screen.js";
import { enrolScreen } from "../../src/enrol/panelScreen.js";
import { alertRaised, replayUntil } from "./scenario.js";

const texts = (s: Screen | undefined) =>
  (s ?? []).flatMap((i) => (i.kind === "text" ? [i.text] : [])).join(" | ");

describe("the deck check on the displays", () => {
  it("while open: the panel and the alert board show the notice", () => {
    const { view, pushed } = replayUntil("deck-check-missing-and-foreign.jsonl", alertRaised("DECK_CHECK"));
    expect(view.alerts.map((a) => a.code)).toEqual(["DECK_CHECK"]);
    expect(texts(pushed.screens.at(-1))).toMatch(/Deck check/i);
  });

  it("after ok: the result, what is missing, twice and foreign, on the panel and the board", () => {
    const { view, pushed } = replayUntil("deck-check-missing-and-foreign.jsonl");
    expect(view.alerts.map((a) => [a.code, a.severity])).toEqual([["DECK_CHECK_RESULT", "dealer"]]);
    expect(view.alerts[0]?.text).toContain("missing 7h");
    expect(view.alerts[0]?.text).toContain("twice Kd");
    expect(view.alerts[0]?.text).toContain("card:C:2s");
    expect(texts(pushed.screens.at(-1))).toMatch(/Deck check/i);
  });

  it("a whole deck: the result stays as a notice until the next hand", () => {
    const { view } = replayUntil("deck-check-whole-negative.jsonl");
    expect(view.alerts.map((a) => [a.code, a.severity])).toEqual([["DECK_CHECK_RESULT", "info"]]);
  });
});

describe("the enrolment prompt on the dealer panel", () => {
  it("draws the prompt at 64 px and a refusal inverted, within the panel", () => {
    const prompt = { t: 0, kind: "prompt" as const, text: "place the six of spades (6s) on board" };
    const refusal = {
      t: 1,
      kind: "refused" as const,
      text: "repeated tag: E0040150B0000002 is already card:B:3s",
    };
    const screen = enrolScreen("Enrol deck B", prompt, refusal);
    expect(() => checkScreen(screen)).not.toThrow();
    expect(
      screen.filter((i) => i.kind === "text" && i.size === 64).map((i) => (i.kind === "text" ? i.text : "")),
    ).toEqual(["place the six of spades", "(6s) on board"]);
    expect(
      screen.some((i) => i.kind === "text" && i.inverse === true && i.text.startsWith("repeated tag")),
    ).toBe(true);
  });
});
