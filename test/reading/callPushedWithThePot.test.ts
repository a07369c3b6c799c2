/**
 * The shuffler press reads chips that left a bet zone unread as the seat's action. Found by the
 * simulator only: hold'em `--focus` seed 18 at 600 ms scan rounds, hand 2821 of `--inject all --noise
 * --pace random`. Heads-up on the river, seat 10 bet 625 and seat 8 called; the dealer pushed the pot
 * and both bets to the winner inside the call's settle window, and pressed the shuffler. The call's
 * zone was reported empty before its window ran out and the pot's departure (K missed scans late) had
 * not come: the press was refused (SHUFFLER_DURING_HAND), the call told as taken back, and the next
 * hand's cards were read into this one: every later hand of the run was lost.
 *
 * Here the same motion on the scene DSL's table, with the press on both sides of the reading's window
 * (one scan round and 1 ms after the empty report, when chips seen nowhere are taken back) and of the
 * hand's wait for a call that would end the river (the readers' lag and 1 ms, when CHIPS_TAKEN_BACK is
 * told): on every side the call stands (2019 r.49–50: chips put over the line stay in) and the press
 * ends the hand on it; only past the wait was the dealer told first. Found with settleWindowMs 900
 * (sim --focus seed 20 at 600 ms rounds): the press came 0.6–2 s after the empty report.
 */
import { describe, expect, it } from "vitest";
import type { TableEvent } from "../../src/contract/index.js";
import type { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";
import { betAndCallOut, config, LAG, ROUND, SETTLE, TAKEN_BACK, WAIT } from "./riverCallOut.js";

/** A card missing from a report is gone this long after it (a lifted corner is not a departure). */
const DEPART = config.reading.departWindowMs;

/**
 * Seats 1–4, button 1, blinds 100/200. Seats 4 and 1 fold, seat 2 completes and seat 3 checks; the
 * flop and turn are checked. On the river (board Qs Jd 4h 8c 6s) seat 2 bets 500 and seat 3 puts out
 * 500, whose zone is reported empty `emptied` ms later (before the settle window has run out: the
 * dealer pushed it with the pot); the shuffler is pressed `press` ms after that report, and the
 * bridge's late reports of the collected table follow.
 */
function callPushedWithThePot(
  emptied: number,
  press: number,
  street: "river" | "flop" = "river",
  also: { boardGoneAt?: number; then?: "putBack" | "folds" | "putBackAcross" } = {},
): Scene {
  const s = betAndCallOut(street).after(emptied).report("bet3");
  // The board's departure reported before the press (sim --focus seed 20 at 600 ms rounds, settle 900 ms).
  if (also.boardGoneAt !== undefined) s.after(also.boardGoneAt).report("board");
  // Within the wait the seat puts its 500 back out, early enough to be read (once settled) inside it;
  // or, past the reading's window, folds (the key).
  if (also.then === "putBack")
    s.after(WAIT - SETTLE - 100)
      .chips(3, 500)
      .wait(SETTLE + 200);
  if (also.then === "folds")
    s.after(TAKEN_BACK + 1)
      .key("fold")
      .wait(SETTLE);
  // Or puts it back in two motions (300, then 200), 200 ms before the wait's end and 300 ms after it.
  if (also.then === "putBackAcross")
    s.after(WAIT - 200)
      .chips(3, 100, 100, 100)
      .after(500)
      .chips(3, 100, 100)
      .wait(SETTLE + 200);
  const gap =
    also.boardGoneAt !== undefined ? press - also.boardGoneAt : also.then !== undefined ? 300 : press;
  return s.after(gap).key("shuffler").after(ROUND).collect().wait();
}

const play = (scene: Scene): TableEvent[] => playScene(config, scene);
const handEnds = (events: readonly TableEvent[]) => events.filter((e) => e.kind === "hand_end");
const handStarts = (events: readonly TableEvent[]) =>
  events.flatMap((e) => (e.kind === "hand_start" ? [e.hand] : []));

describe("reading at any pace: a river call pushed to the winner with the pot before its zone was read", () => {
  // Seat 2's kings win the pot of 1,400 (400 pre-flop, 500 and 500 on the river) from seat 3's queen high.
  const ended = { hand: 1, result: "complete", stacks: { 1: 20000, 2: 20700, 3: 19300, 4: 20000 } };

  for (const press of [TAKEN_BACK - 1, TAKEN_BACK + 1, WAIT - 1]) {
    it(`the press ${press} ms after the empty report (the wait is ${WAIT}): the call as it stood, no alert, the hand ends`, () => {
      const events = play(callPushedWithThePot(SETTLE - 100, press));
      expect(codes(events)).toEqual([]);
      expect(events.find((e) => e.kind === "action" && e.seat === 3 && e.action === "call")).toMatchObject({
        to: 500,
      });
      expect(handEnds(events)).toMatchObject([ended]);
      expect(handStarts(events)).toEqual([1, 2]);
    });
  }

  it("the press past the wait: CHIPS_TAKEN_BACK was told; the press reads the chips as the call (r.49–50), clears it, and ends the hand", () => {
    const events = play(callPushedWithThePot(SETTLE - 100, WAIT + 1));
    expect(codes(events)).toEqual(["CHIPS_TAKEN_BACK"]);
    const told = events.find((e) => e.kind === "alert" && e.code === "CHIPS_TAKEN_BACK");
    const cleared = events.find((e) => e.kind === "alert_clear" && e.code === "CHIPS_TAKEN_BACK");
    expect(cleared?.t).toBeGreaterThan(told?.t ?? Infinity);
    expect(events.find((e) => e.kind === "action" && e.seat === 3 && e.action === "call")).toMatchObject({
      to: 500,
    });
    expect(handEnds(events)).toMatchObject([ended]);
    expect(handStarts(events)).toEqual([1, 2]);
  });

  it("with no press, the alert is told when the wait is over, not a scan round after the empty report", () => {
    const scene = callPushedWithThePot(SETTLE - 100, 10 * LAG);
    const emptied = scene.lines.findLast((l) => "kind" in l && l.kind === "tags" && l.antenna === "bet3");
    const told = play(scene).find((e) => e.kind === "alert" && e.code === "CHIPS_TAKEN_BACK");
    expect(told?.t).toBe((emptied && "t" in emptied ? emptied.t : 0) + WAIT);
  });

  it("the seat puts its call back out within the wait: read as the call, nothing told", () => {
    const events = play(callPushedWithThePot(SETTLE - 100, 10 * LAG, "river", { then: "putBack" }));
    expect(codes(events)).toEqual([]);
    expect(events.find((e) => e.kind === "action" && e.seat === 3 && e.action === "call")).toMatchObject({
      to: 500,
    });
  });

  it("the seat puts its call back in two motions across the wait's end: told at the end, then the whole call read", () => {
    const events = play(callPushedWithThePot(SETTLE - 100, 10 * LAG, "river", { then: "putBackAcross" }));
    expect(codes(events)).toEqual(["CHIPS_TAKEN_BACK"]);
    expect(events.find((e) => e.kind === "action" && e.seat === 3 && e.action === "call")).toMatchObject({
      to: 500,
    });
  });

  it("the seat folds within the wait: the alert is told then, with its follow-up (a bet the floor may rule on)", () => {
    const events = play(callPushedWithThePot(SETTLE - 100, 10 * LAG, "river", { then: "folds" }));
    const told = events.flatMap((e) => (e.kind === "alert" && e.code === "CHIPS_TAKEN_BACK" ? [e.text] : []));
    expect(told).toEqual([
      expect.stringContaining("took it back"),
      expect.stringContaining("folded without"),
    ]);
  });

  it("the board reported collected before the press: the river's five are the showdown's, on either side", () => {
    for (const press of [TAKEN_BACK - 1, TAKEN_BACK + 1]) {
      const events = play(
        callPushedWithThePot(SETTLE - 100, press, "river", { boardGoneAt: Math.floor(press / 2) }),
      );
      expect(codes(events)).not.toContain("INPUT_NOT_APPLIED");
      expect(codes(events)).not.toContain("SHUFFLER_DURING_HAND");
      expect(events.find((e) => e.kind === "street" && e.street === "showdown")).toMatchObject({
        board: ["Qs", "Jd", "4h", "8c", "6s"],
      });
      expect(handEnds(events)).toMatchObject([ended]);
      expect(handStarts(events)).toEqual([1, 2]);
    }
  });

  it("the board known collected within the wait, the press long after: the call is read then", () => {
    const scene = callPushedWithThePot(SETTLE - 100, WAIT + 3000, "river", {
      boardGoneAt: WAIT - DEPART - 1,
    });
    const events = play(scene);
    expect(codes(events)).toEqual([]);
    const board = scene.lines.findLast((l) => "kind" in l && l.kind === "tags" && l.antenna === "board");
    expect(handEnds(events)).toMatchObject([
      { ...ended, t: (board && "t" in board ? board.t : -1) + DEPART },
    ]);
    expect(handStarts(events)).toEqual([1, 2]);
  });

  it("the board known collected past the wait: told first, then read as the call then", () => {
    const scene = callPushedWithThePot(SETTLE - 100, WAIT + 3000, "river", {
      boardGoneAt: WAIT - DEPART + 1,
    });
    const events = play(scene);
    expect(codes(events)).toEqual(["CHIPS_TAKEN_BACK"]);
    const board = scene.lines.findLast((l) => "kind" in l && l.kind === "tags" && l.antenna === "board");
    const at = (board && "t" in board ? board.t : -1) + DEPART;
    expect(events.find((e) => e.kind === "alert_clear" && e.code === "CHIPS_TAKEN_BACK")?.t).toBe(at);
    expect(handEnds(events)).toMatchObject([{ ...ended, t: at }]);
  });

  it("on the flop the call read at the press does not end the hand: the press is refused as before", () => {
    // No wait on the flop: past the reading's window the dealer is told at once.
    expect(codes(play(callPushedWithThePot(SETTLE - 100, TAKEN_BACK + 1, "flop")))[0]).toBe(
      "CHIPS_TAKEN_BACK",
    );
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

describe("reading at any pace: the river's board collected while the call's chips are still in the reading's window", () => {
  // Found with missedScans 2 and settleWindowMs 900 with the host's focus (seed 54 at 300 ms rounds, hand
  // 9609): the call's zone reported empty at once, the board's departure known before the window for the
  // pot's report ran out; the call was told taken back when it did, and read only at the press.
  it("the board known collected inside the window, the press long after: the call as it stood, then, no alert", () => {
    const scene = callPushedWithThePot(SETTLE - 100, 10 * LAG, "river", { boardGoneAt: 100 });
    const events = play(scene);
    expect(codes(events)).toEqual([]);
    const board = scene.lines.findLast((l) => "kind" in l && l.kind === "tags" && l.antenna === "board");
    const known = (board && "t" in board ? board.t : -1) + DEPART;
    expect(events.find((e) => e.kind === "action" && e.seat === 3 && e.action === "call")).toMatchObject({
      to: 500,
      t: known,
    });
    expect(handEnds(events)).toMatchObject([{ hand: 1, result: "complete", t: known }]);
  });
});
