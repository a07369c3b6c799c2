/**
 * The table checks that the dealer followed an alert's steps: the right follow-up closes the alert
 * (the dealer need not press ok as well), a half-done one leaves it open. (docs/alerts.md; the
 * premature-card and burn follow-ups are scenarios in test/scenarios.)
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { playScene } from "../scenarios/playScene.js";

const config = loadConfig();

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

const cleared = (events: TableEvent[], code: string, seat: number) =>
  events.some((e) => e.kind === "alert_clear" && e.code === code && e.seat === seat);
const raised = (events: TableEvent[], code: string, seat: number) =>
  events.some((e) => e.kind === "alert" && e.code === code && e.seat === seat);
/** The last alert or clear of a code for a seat: whether it is open at the end. */
const lastOf = (events: TableEvent[], code: string, seat: number) =>
  events.findLast(
    (e) => (e.kind === "alert" || e.kind === "alert_clear") && e.code === code && e.seat === seat,
  );

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

  it("the seat folds instead (the chips were never a bet, or the floor must say): told, and the alert stays open for ok", () => {
    const events = play(takenBack().key("fold").wait());
    expect(raised(events, "CHIPS_TAKEN_BACK", 4)).toBe(true);
    // The table cannot tell a slip from a bet that stays in (r.49–50): it says so and waits.
    const last = lastOf(events, "CHIPS_TAKEN_BACK", 4);
    expect(last).toMatchObject({
      kind: "alert",
      text: "Seat 4 folded without putting back out the 200 it took back: the table cannot tell whether they were a bet",
    });
  });

  it("told once it is not put back, ok then closes it: the hand forgets it, the seat's later actions tell nothing", () => {
    const events = play(takenBack().key("fold").wait().key("ok").chips(1, 100, 100).wait());
    expect(lastOf(events, "CHIPS_TAKEN_BACK", 4)).toMatchObject({ kind: "alert_clear" });
    expect(events.filter((e) => e.kind === "alert_clear" && e.code === "CHIPS_TAKEN_BACK")).toHaveLength(2);
  });

  it("half of it put back (100 of the 200, read as a call with UNDERCALL): the call stands for 200, and the alert closes with it", () => {
    // r.51 counts the undercall as the call: the seat's bet reaches the 200 it took back; UNDERCALL asks for the rest.
    const events = play(takenBack().chips(4, 100).wait());
    expect(raised(events, "UNDERCALL", 4)).toBe(true);
    expect(lastOf(events, "CHIPS_TAKEN_BACK", 4)).toMatchObject({ kind: "alert_clear" });
  });

  it("put out between rounds and taken back: the street's first bet of that much puts it right; a check there is told", () => {
    // After the pre-flop pull, before the flop is read, seat 2 puts out 500 and takes it back.
    const between = () =>
      dealt()
        .limpedPreflop()
        .chips(2, 500)
        .after(100)
        .removeFrom("bet2", "chip:500:9")
        .wait()
        .burn("2c")
        .board("Qs", "Jd", "4h")
        .wait();
    const bet = play(between().chips(2, 500).wait());
    expect(raised(bet, "CHIPS_TAKEN_BACK", 2)).toBe(true);
    expect(bet.some((e) => e.kind === "action" && e.seat === 2 && e.action === "bet")).toBe(true);
    expect(lastOf(bet, "CHIPS_TAKEN_BACK", 2)).toMatchObject({ kind: "alert_clear" });
    const check = play(between().key("check").wait());
    expect(lastOf(check, "CHIPS_TAKEN_BACK", 2)).toMatchObject({
      kind: "alert",
      text: "Seat 2 checked without putting back out the 500 it took back: the table cannot tell whether they were a bet",
    });
  });

  it("1000 taken back, 400 put out again (a raise to 400): told as part of it put back, left open", () => {
    const events = play(
      dealt()
        .chips(4, 500, 500)
        .after(100)
        .removeFrom("bet4", "chip:500:4", "chip:500:5")
        .wait()
        .chips(4, 100, 100, 100, 100)
        .wait(),
    );
    expect(events.some((e) => e.kind === "action" && e.seat === 4 && e.action === "raise")).toBe(true);
    expect(lastOf(events, "CHIPS_TAKEN_BACK", 4)).toMatchObject({
      kind: "alert",
      text: "Seat 4 put back 400 of them without putting back out the 1000 it took back: the table cannot tell whether they were a bet",
    });
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

describe("POT_CHIPS_UNREAD: 'give a player's chips back, or carry on'", () => {
  // The reader's settle window: the configured one and a scan round (a zone may report a round late).
  const SETTLE = config.settleWindowMs + config.reading.scanRoundMs;
  /** The pre-flop round complete and swept; then 500 straight into the pot, from no bet zone. */
  const unread = () => dealt().limpedPreflop().wait().toPot("chip:500:90").wait();
  const count = (events: TableEvent[], kind: "alert" | "alert_clear") =>
    events.filter((e) => e.kind === kind && e.code === "POT_CHIPS_UNREAD").length;
  const lastPot = (events: TableEvent[]) =>
    events.findLast((e) => (e.kind === "alert" || e.kind === "alert_clear") && e.code === "POT_CHIPS_UNREAD");

  it("the 500 given back (it leaves the pot): the alert closes by itself", () => {
    const events = play(unread().removeFrom("pot", "chip:500:90").wait());
    expect(count(events, "alert")).toBe(1);
    expect(lastPot(events)).toMatchObject({ kind: "alert_clear" });
  });

  it("other chips of the same value given back (chips are alike): the alert closes", () => {
    const events = play(
      unread().removeFrom("pot", "chip:100:1", "chip:100:2", "chip:100:3", "chip:100:4", "chip:100:5").wait(),
    );
    expect(lastPot(events)).toMatchObject({ kind: "alert_clear" });
  });

  it("only 100 of the 500 given back: told, with what is still in the pot, and left open", () => {
    const events = play(unread().removeFrom("pot", "chip:100:1").wait());
    expect(lastPot(events)).toMatchObject({
      kind: "alert",
      text: "100 of the 500 the table counted for nobody left the pot: 400 is still in it",
    });
  });

  it("lifted and put back within the pot's settle window: no move, the alert stays as it was; out longer, it is given back", () => {
    const within = play(
      unread()
        .removeFrom("pot", "chip:500:90")
        .after(SETTLE - 1)
        .addTo("pot", "chip:500:90")
        .wait(),
    );
    expect(count(within, "alert")).toBe(1);
    expect(lastPot(within)).toMatchObject({ kind: "alert" });
    const beyond = play(
      unread()
        .removeFrom("pot", "chip:500:90")
        .after(SETTLE + 1)
        .addTo("pot", "chip:500:90")
        .wait(),
    );
    expect(beyond.find((e) => e.kind === "alert_clear" && e.code === "POT_CHIPS_UNREAD")).toBeDefined();
  });

  it("a pot the table cannot tell about (a sweep it missed): nothing leaves, the alert waits for ok, and ok closes it once", () => {
    const open = play(unread().key("check").wait());
    expect(lastPot(open)).toMatchObject({ kind: "alert" });
    const ok = play(unread().key("ok").removeFrom("pot", "chip:500:90").wait());
    expect(count(ok, "alert_clear")).toBe(1);
  });

  it("a second unread gain while it is open is told with the sum", () => {
    const events = play(unread().toPot("chip:100:91").wait());
    expect(lastPot(events)).toMatchObject({ kind: "alert", text: expect.stringMatching(/gained 600 /) });
  });
});
