/**
 * The first seat dealt still lists a card of its last hand, dealt to it again, beside its new card,
 * while the other card of that hand, listed with it at the press, has left (the hand was collected):
 * until the readers' lag after the press it may be the collected card, so it does not begin the deal's
 * next round; once the deck's collection is judged it is the seat's for good, and the deal's order is
 * judged with it. (A card whose pair left before the press may have been left there, never collected:
 * atAnyPace "the dealer deals on with a card of the last hand still on a seat" keeps its reading.) Found by the simulator (reading.missedScans 5, seed 207, 600 ms rounds,
 * hand 9318): heads-up, the dealer gave the big blind both cards (7d again, and Ts) and none to the
 * button (an injected MISDEAL_DEALT_OUT); 7d read as dealt again, never as this round's card, so the
 * deal past the button was never judged, the dealer pressed the shuffler on an unfinished hand and the
 * run never recovered.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import type { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";
import { acesLeftOnTheWinner } from "./acesLeftOnTheWinner.js";

const config = loadConfig();
const ROUND = config.reading.scanRoundMs;
const LAG = (config.reading.missedScans + 1) * ROUND;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Heads-up, button 1: seat 1 raises, seat 2 folds; seat 1 wins with Ac Ad. The dealer collects (seat 1
 * lists Ac Ad on, K scans late) and presses the shuffler. Hand 2 (seat 1 the big blind, dealt first):
 * seat 1 gets Ad again and 5c; its next report lists Ad 5c (Ac gone). The button's first card comes
 * `buttonAt` ms after the press, its second 50 ms later.
 */
const bothCardsToTheBigBlind = (buttonAt: number) => {
  const s = acesLeftOnTheWinner();
  s.after(100).report("seat1", "card:A:Ad", "card:A:5c");
  return s
    .after(buttonAt - 200)
    .deal([[2, "6c"]])
    .after(50)
    .deal([[2, "7c"]])
    .wait();
};

describe("the deal past a seat, once the first seat's card of its last hand is known dealt again", () => {
  it("the button's first card more than a round after the deck's collection is judged: the deal went past it", () => {
    expect(codes(play(bothCardsToTheBigBlind(LAG + ROUND + 1)))).toContain("MISDEAL_DEALT_OUT");
  });

  it("within the round: its card was in the same round, no misdeal", () => {
    const events = play(bothCardsToTheBigBlind(LAG + ROUND - 1));
    const hand2 = events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));
    expect(codes(hand2)).toEqual([]);
    expect(hand2.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
  });
});
