/**
 * A seat's whole last hand collected and dealt to it again, unseen by the bridge (its report never
 * changed), is its hand of this deal: the table reads it as dealt again once the readers' lag after the
 * press has run out (test/reading/atAnyPace.test.ts, "the same two cards, unseen"), and must then know
 * its faces for the showdown. Found by the simulator (reading.missedScans 5, seed 207, 600 ms rounds,
 * hand 887): seat 8 won hand 886 with Js 8c, and was dealt Js 8c again as the first seat of hand 887;
 * its cards were its hand, but with no faces, so the table awarded the main pot, which seat 8's pair
 * of jacks won, to seat 9's pair of fours.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import type { Scene } from "../scenarios/dsl.js";
import { sameCardsDealtAgain } from "./sameCardsDealtAgain.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const ROUND = config.reading.scanRoundMs;
const LAG = (config.reading.missedScans + 1) * ROUND;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Hand 1: seats 4, 1 and 2 fold and seat 3 (the big blind) wins with 7d 2h. Hand 2 (button 2): the
 * dealer collects, presses the shuffler and gives seat 3, the first seat dealt, 7d 2h again within the
 * readers' lag; the first card the table sees is seat 4's, `firstCardAt` after the press. Everyone
 * calls or checks to the showdown on 7s 7c 2c 3d 4h: seat 3's full house wins.
 */
const sameCardsToShowdown = (firstCardAt: number) => {
  const s = sameCardsDealtAgain(firstCardAt);
  s.wait(LAG).chips(1, 100, 100).chips(2, 100, 100).chips(3, 100).key("check").pull();
  s.burn("5s").board("7s", "7c", "2c").checkAround();
  s.burn("5d").board("3d").checkAround();
  return s.burn("5h").board("4h").checkAround().wait();
};

describe("a seat's whole last hand dealt to it again, unseen, at the showdown", () => {
  it("is read by its faces: seat 3's full house wins the pot (the deal past it at once, and 1 ms before the lag ran out)", () => {
    for (const firstCardAt of [150, LAG - 1]) {
      const events = play(sameCardsToShowdown(firstCardAt));
      expect(codes(events)).toEqual([]);
      const awards = events.filter((e) => e.kind === "award" && e.pot === 0);
      expect(awards.at(-1)).toMatchObject({
        seat: 3,
        amount: 800,
        hand: expect.stringMatching(/^full house/),
      });
    }
  });
});
