/**
 * A hand dealt entirely from cards the bridge still lists where they lay at the press (a deck check's
 * spread collected, shuffled and dealt within the readers' lag): each lands on its seat as a card of
 * the last hand that moved, a new card of this hand. Found by the simulator (reading.missedScans 5,
 * seed 207, 600 ms rounds, hand 2965): heads-up, every hole card came from the spread the board and burn
 * still listed, so none of them set the hand's deck; the small blind's fold then reached the muck with
 * the hand's deck unknown, read as the last hand's cards being collected, and the fold was lost (the
 * next press found the hand unfinished, and the run never recovered).
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { fullDeck } from "../../src/rules/cards.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const ROUND = config.reading.scanRoundMs;
const LAG = (config.reading.missedScans + 1) * ROUND;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

const DECK = fullDeck().map((f) => `card:A:${f}`);

/**
 * Heads-up, button 1 (the small blind). A deck check: the whole deck spread on the board and burn, ok,
 * the result read; the dealer collects it, presses the shuffler and deals two cards each from it; the
 * bridge reports the spread gone `listedFor` ms after the press (undefined: before it). The small
 * blind folds 300 ms later.
 */
const dealtFromTheSpread = (listedFor: number | undefined) => {
  const s = new Scene("").setup({ seats: [1, 2], button: 1 }).key("deckcheck");
  s.addTo("board", ...DECK.slice(0, 26))
    .addTo("burn", ...DECK.slice(26))
    .key("ok")
    .wait()
    .key("ok");
  if (listedFor === undefined) s.clear("board", "burn");
  s.after(100).key("shuffler");
  s.after(50).chips(1, 100).after(50).chips(2, 100, 100);
  // Cards of the spread: seat 2 (the big blind, dealt first heads-up) then seat 1, twice.
  s.after(100).addTo("seat2", "card:A:9h").after(50).addTo("seat1", "card:A:3s");
  s.after(50).addTo("seat2", "card:A:Jd").after(50).addTo("seat1", "card:A:5s");
  if (listedFor !== undefined)
    s.after(listedFor - 350)
      .report("board")
      .after(0)
      .report("burn");
  return s.after(300).fold(1).wait();
};

describe("a hand dealt from the cards of a spread the bridge still lists", () => {
  it("the small blind's fold to the muck is read: the big blind wins (the spread listed through the deal, up to the readers' lag)", () => {
    for (const listedFor of [undefined, 350 + ROUND, LAG - 1]) {
      const events = play(dealtFromTheSpread(listedFor));
      const hand = events.slice(events.findIndex((e) => e.kind === "hand_start"));
      expect(hand.filter((e) => e.kind === "action" && e.action === "fold")).toMatchObject([{ seat: 1 }]);
      expect(hand.find((e) => e.kind === "hand_end")).toMatchObject({ result: "complete" });
      expect(codes(hand)).toEqual([]);
    }
  });
});
