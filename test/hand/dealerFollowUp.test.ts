/**
 * The table checks that the dealer followed an alert's steps: the right follow-up closes the alert
 * (the dealer need not press ok as well), a half-done one leaves it open. (docs/alerts.md; the
 * premature-card and burn follow-ups are scenarios in test/scenarios.)
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { Scene } from "../scenarios/dsl.js";

const config = loadConfig();

function play(scene: Scene): TableEvent[] {
  const core = createTableFromConfig(config);
  const out: TableEvent[] = [];
  let last = 0;
  for (const line of scene.lines) {
    if ("expect" in line || "absent" in line || "config" in line) continue;
    const event = InputEvent.parse(line);
    out.push(...core.advanceTo(event.t), ...core.handle(event));
    last = event.t;
  }
  return [...out, ...core.finish(last)];
}

const cleared = (events: TableEvent[], code: string, seat: number) =>
  events.some((e) => e.kind === "alert_clear" && e.code === code && e.seat === seat);
const raised = (events: TableEvent[], code: string, seat: number) =>
  events.some((e) => e.kind === "alert" && e.code === code && e.seat === seat);

/** Seats 1–4, button 1, blinds in, every hole card dealt, seat 4 to act facing 200. */
const dealt = () => new Scene("").setup().standardDeal();

describe("UNDERCALL: 'have the seat complete the call'", () => {
  it("seat 4 puts out 100 facing 200, then the other 100: the alert closes", () => {
    const events = play(dealt().chips(4, 100).wait().chips(4, 100).wait());
    expect(raised(events, "UNDERCALL", 4)).toBe(true);
    expect(cleared(events, "UNDERCALL", 4)).toBe(true);
    expect(events.some((e) => e.kind === "alert" && e.code === "ACTION_OUT_OF_TURN")).toBe(false);
  });

  it("the call completed only in part (25 of the 100 owed): the alert stays open", () => {
    const events = play(dealt().chips(4, 100).wait().chips(4, 25).wait());
    expect(raised(events, "UNDERCALL", 4)).toBe(true);
    expect(cleared(events, "UNDERCALL", 4)).toBe(false);
  });
});

describe("UNDERRAISE: 'have the seat bring the bet up'", () => {
  const underraised = () => dealt().key("raise").chips(4, 100, 100, 100).wait();

  it("raise to 300 brought up to the 400 minimum: the alert closes", () => {
    const events = play(underraised().chips(4, 100).wait());
    expect(raised(events, "UNDERRAISE", 4)).toBe(true);
    expect(cleared(events, "UNDERRAISE", 4)).toBe(true);
  });

  it("brought up only to 325: the alert stays open", () => {
    const events = play(underraised().chips(4, 25).wait());
    expect(raised(events, "UNDERRAISE", 4)).toBe(true);
    expect(cleared(events, "UNDERRAISE", 4)).toBe(false);
  });
});

describe("CHIPS_TAKEN_BACK: 'have the seat put the chips back out'", () => {
  /** Seat 4 pushes 200 (a call) and takes it back before the table reads it. */
  const takenBack = () =>
    dealt().chips(4, 100, 100).after(100).removeFrom("bet4", "chip:100:4", "chip:100:5").wait();

  it("the 200 put out again: read as the call, and the alert closes", () => {
    const events = play(takenBack().chips(4, 100, 100).wait());
    expect(raised(events, "CHIPS_TAKEN_BACK", 4)).toBe(true);
    expect(events.some((e) => e.kind === "action" && e.seat === 4 && e.action === "call")).toBe(true);
    expect(cleared(events, "CHIPS_TAKEN_BACK", 4)).toBe(true);
  });

  it("a raise of 500 put out instead: more than was taken back, the alert closes", () => {
    const events = play(takenBack().chips(4, 500).wait());
    expect(cleared(events, "CHIPS_TAKEN_BACK", 4)).toBe(true);
  });

  it("the seat folds instead (the chips were never a bet, or the floor must say): the alert stays open", () => {
    const events = play(takenBack().key("fold").wait());
    expect(raised(events, "CHIPS_TAKEN_BACK", 4)).toBe(true);
    expect(cleared(events, "CHIPS_TAKEN_BACK", 4)).toBe(false);
  });
});

describe("ok: the dealer saw to it; the hand forgets the alert the table cleared", () => {
  const count = (events: TableEvent[], kind: "alert" | "alert_clear", code: string) =>
    events.filter((e) => e.kind === kind && e.code === code).length;

  it("an undercall acknowledged with ok and pulled short is not told again at the flop, nor cleared twice", () => {
    const events = play(
      dealt()
        .chips(4, 100)
        .wait()
        .key("ok")
        .chips(1, 100, 100)
        .chips(2, 100)
        .key("check")
        .pull()
        .burn("2c")
        .board("Qs", "Jd", "4h")
        .wait(),
    );
    expect(events.some((e) => e.kind === "street" && e.street === "flop")).toBe(true);
    expect(count(events, "alert", "UNDERCALL")).toBe(1);
    expect(count(events, "alert_clear", "UNDERCALL")).toBe(1);
  });

  it("not acknowledged, the same undercall is told again at the flop (the other side)", () => {
    const events = play(
      dealt()
        .chips(4, 100)
        .wait()
        .chips(1, 100, 100)
        .chips(2, 100)
        .key("check")
        .pull()
        .burn("2c")
        .board("Qs", "Jd", "4h")
        .wait(),
    );
    expect(count(events, "alert", "UNDERCALL")).toBe(2);
  });
});
