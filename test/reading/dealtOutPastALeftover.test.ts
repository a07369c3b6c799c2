/**
 * The deal going past a seat whose first card of the hand is a card of the last hand, dealt to it again
 * while the bridge still listed it there. Found by the simulator (PLO seed 17, 600 ms rounds, hand
 * 10089): the first seat still listed its whole last hand at the press; three of its cards were reported
 * gone and one stayed (dealt to it again); the dealer went on round the table, skipped the last seat and
 * gave the first seat its second card, then stopped and pressed the shuffler for the misdeal. The table
 * did not count the card dealt again as the seat's first, so it never saw the second round pass the
 * skipped seat: no MISDEAL_DEALT_OUT, SHUFFLER_DURING_HAND at the press and every later hand lost.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const ROUND = config.reading.scanRoundMs;
const LAG = (config.reading.missedScans + 1) * ROUND;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Hand 1 (seats 1–4, button 1) ends with seat 3 alone (it held 7d 2h); the dealer collects every card
 * but seat 3's, which the bridge still lists at the press. Hand 2: button 2, blinds seats 3 and 4, the
 * deal from seat 3. `lone`: seat 3's 2h left before the press (a lone leftover at the press); else it is
 * reported gone after it (7d, still listed, then reads as dealt to seat 3 again).
 */
const hand1Ended = (lone = false) => {
  const s = new Scene("").setup().standardDeal().fold(4).fold(1).fold(2).after(1000).clear("muck");
  if (lone) s.removeFrom("seat3", "card:A:2h");
  return s.wait(1000).key("shuffler");
};

const hand2 = (lone: boolean) => {
  const s = hand1Ended(lone).after(100);
  if (!lone) s.removeFrom("seat3", "card:A:2h");
  return s.chips(3, 100).after(100).chips(4, 100, 100);
};

/** Seat 3's 7d is its first card again; seats 4 and 1 get theirs, seat 2 none, then seat 3 its second. */
const skipsSeat2 = (lone: boolean) =>
  hand2(lone).deal([
    [4, "5d"],
    [1, "5h"],
    [3, "6c"],
  ]);

const dealtOut = (events: TableEvent[]) =>
  events.flatMap((e) => (e.kind === "alert" && e.code === "MISDEAL_DEALT_OUT" ? [e.seat] : []));

describe("the deal goes past a seat whose first card is the last hand's, dealt to it again", () => {
  for (const lone of [false, true]) {
    const how = lone ? "a lone leftover at the press" : "its other card reported gone after the press";
    it(`${how}: its second card passes the seat skipped, a misdeal one scan round later`, () => {
      // The dealer stops there (he saw it).
      const events = play(skipsSeat2(lone).wait());
      expect(dealtOut(events)).toEqual([2]);
      expect(codes(events)).not.toContain("DECK_NOT_COLLECTED");
    });

    it(`${how}: the skipped seat's card within the round is no misdeal; past it, MISDEAL_DEALT_OUT`, () => {
      const late = (gap: number) =>
        play(
          skipsSeat2(lone)
            .after(gap)
            .deal([[2, "5s"]])
            .wait(),
        );
      expect(codes(late(ROUND - 1))).toEqual([]);
      expect(dealtOut(late(ROUND + 1))).toEqual([2]);
    });

    it(`${how}: the deal in order is whole on its last card, no alert`, () => {
      const events = play(
        hand2(lone)
          .deal([
            [4, "5d"],
            [1, "5h"],
            [2, "5s"],
            [3, "6c"],
            [4, "6d"],
            [1, "6h"],
            [2, "6s"],
          ])
          .wait(),
      );
      expect(codes(events)).toEqual([]);
      expect(events.filter((e) => e.kind === "street" && e.street === "preflop")).toHaveLength(2);
    });
  }
});

describe("a leftover read as dealt again that shows the deal went past: the readers' lag after the press", () => {
  // Seat 3's 2h is reported gone just after the press, so 7d reads as dealt to it again; the dealer deals
  // seat 3 (6c) and seat 4 (5d), whose report comes first in the scan round, so the deal seems to have
  // gone past seat 3 with 7d as its first card and 6c its second (seats 1 and 2 passed). 7d is reported
  // gone `gone` ms after the press; the dealer deals seats 1 and 2 slowly (400 ms a card), in order.
  const collectedLate = (gone: number) =>
    hand1Ended()
      .after(50)
      .removeFrom("seat3", "card:A:2h")
      .after(50)
      .deal([[4, "5d"]])
      .after(50)
      .deal([[3, "6c"]])
      .after(50)
      .chips(3, 100)
      .after(20)
      .chips(4, 100, 100)
      .after(gone - 220)
      .removeFrom("seat3", "card:A:7d")
      .after(400)
      .deal([[1, "5h"]])
      .after(400)
      .deal([[2, "5s"]])
      .after(400)
      .deal([[3, "6d"]])
      .after(400)
      .deal([[4, "6h"]])
      .after(400)
      .deal([[1, "6s"]])
      .after(400)
      .deal([[2, "7s"]])
      .wait();

  it("gone within it (1 ms inside): 7d was the collected card listed late; the deal is in order, no alert", () => {
    const events = play(collectedLate(LAG - 1));
    expect(codes(events)).toEqual([]);
    expect(events.filter((e) => e.kind === "street" && e.street === "preflop")).toHaveLength(2);
  });

  it("gone 1 ms past it: 7d was seat 3's first card, dealt again, and the deal went past seat 1: MISDEAL_DEALT_OUT", () => {
    expect(dealtOut(play(collectedLate(LAG + 1)))).toEqual([1]);
  });
});
