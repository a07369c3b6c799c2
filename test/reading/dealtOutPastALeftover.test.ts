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

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Hand 1 (seats 1–4, button 1) ends with seat 3 alone (it held 7d 2h); the dealer collects every card
 * but seat 3's, which the bridge still lists at the press. Hand 2: button 2, blinds seats 3 and 4, the
 * deal from seat 3. `lone`: seat 3's 2h left before the press (a lone leftover at the press); else it is
 * reported gone after it (7d, still listed, then reads as dealt to seat 3 again).
 */
const hand2 = (lone: boolean) => {
  const s = new Scene("").setup().standardDeal().fold(4).fold(1).fold(2).after(1000).clear("muck");
  if (lone) s.removeFrom("seat3", "card:A:2h");
  s.wait(1000).key("shuffler").after(100);
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
