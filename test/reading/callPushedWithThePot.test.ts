/**
 * The shuffler press reads chips that left a bet zone unread as the seat's action. Found by the
 * simulator only: hold'em `--focus` seed 18 at 600 ms scan rounds, hand 2821 of `--inject all --noise
 * --pace random`. Heads-up on the river, seat 10 bet 625 and seat 8 called; the dealer pushed the pot
 * and both bets to the winner inside the call's settle window, and pressed the shuffler. The call's
 * zone was reported empty before its window ran out and the pot's departure (K missed scans late) had
 * not come: the press was refused (SHUFFLER_DURING_HAND), the call told as taken back, and the next
 * hand's cards were read into this one: every later hand of the run was lost.
 *
 * Here the same motion on the scene DSL's table, with the press on both sides of the window that tells
 * CHIPS_TAKEN_BACK (one scan round and 1 ms after the empty report): either way the call stands
 * (2019 r.49–50: chips put over the line stay in) and the press ends the hand on it.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 600 ms scan rounds (`--scan-ms 600`). */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 600 } };
const ROUND = config.reading.scanRoundMs;
/** A bet is read once its zone has been steady this long (the settle window plus one scan round). */
const SETTLE = config.settleWindowMs + ROUND;
/** When the zone's chips, gone unread and seen nowhere, are told taken back: a round and 1 ms after. */
const TAKEN_BACK = ROUND + 1;

/**
 * Seats 1–4, button 1, blinds 100/200. Seats 4 and 1 fold, seat 2 completes and seat 3 checks; the
 * flop and turn are checked. On the river (board Qs Jd 4h 8c 6s) seat 2 bets 500 and seat 3 puts out
 * 500, whose zone is reported empty `emptied` ms later (before the settle window has run out: the
 * dealer pushed it with the pot); the shuffler is pressed `press` ms after that report, and the
 * bridge's late reports of the collected table follow.
 */
function callPushedWithThePot(emptied: number, press: number, street: "river" | "flop" = "river"): Scene {
  const s = new Scene("").setup().standardDeal().fold(4).fold(1).chips(2, 100).key("check").pull();
  s.burn("2c").board("Qs", "Jd", "4h");
  if (street === "river") {
    s.key("check").key("check").burn("3c").board("8c").key("check").key("check");
    s.burn("5d").board("6s");
  }
  s.chips(2, 500).wait(SETTLE + 200);
  s.chips(3, 500).after(emptied).report("bet3");
  return s.after(press).key("shuffler").after(ROUND).collect().wait();
}

const play = (scene: Scene): TableEvent[] => playScene(config, scene);
const handEnds = (events: readonly TableEvent[]) => events.filter((e) => e.kind === "hand_end");
const handStarts = (events: readonly TableEvent[]) =>
  events.flatMap((e) => (e.kind === "hand_start" ? [e.hand] : []));

describe("reading at any pace: a river call pushed to the winner with the pot before its zone was read", () => {
  // Seat 2's kings win the pot of 1,400 (400 pre-flop, 500 and 500 on the river) from seat 3's queen high.
  const ended = { hand: 1, result: "complete", stacks: { 1: 20000, 2: 20700, 3: 19300, 4: 20000 } };

  it("the press before CHIPS_TAKEN_BACK is due reads the call as it stood and ends the hand on it", () => {
    const events = play(callPushedWithThePot(SETTLE - 100, TAKEN_BACK - 1));
    expect(codes(events)).not.toContain("SHUFFLER_DURING_HAND");
    expect(codes(events)).not.toContain("CHIPS_TAKEN_BACK");
    expect(events.find((e) => e.kind === "action" && e.seat === 3 && e.action === "call")).toMatchObject({
      to: 500,
    });
    expect(handEnds(events)).toMatchObject([ended]);
    expect(handStarts(events)).toEqual([1, 2]);
  });

  it("the press after it was told reads the chips taken back as the call (r.49–50), clears it, and ends the hand", () => {
    const events = play(callPushedWithThePot(SETTLE - 100, TAKEN_BACK + 1));
    expect(codes(events)).toEqual(["CHIPS_TAKEN_BACK"]);
    expect(events.filter((e) => e.kind === "alert_clear" && e.code === "CHIPS_TAKEN_BACK")).toHaveLength(1);
    expect(events.find((e) => e.kind === "action" && e.seat === 3 && e.action === "call")).toMatchObject({
      to: 500,
    });
    expect(handEnds(events)).toMatchObject([ended]);
    expect(handStarts(events)).toEqual([1, 2]);
  });

  it("on the flop the call read at the press does not end the hand: the press is refused as before", () => {
    for (const press of [TAKEN_BACK - 1, TAKEN_BACK + 1]) {
      const events = play(callPushedWithThePot(SETTLE - 100, press, "flop"));
      expect(codes(events)).toContain("SHUFFLER_DURING_HAND");
      expect(events.find((e) => e.kind === "action" && e.seat === 3 && e.action === "call")).toMatchObject({
        to: 500,
      });
      expect(handStarts(events)).toEqual([1]);
    }
  });
});
