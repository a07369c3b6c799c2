/**
 * The dealer pressed the shuffler with the last hand's cards still on the first seat (DECK_NOT_COLLECTED),
 * then collected them as told and dealt one of them back to that seat as its first card: the bridge lists
 * the seat's cards K scans after they left, so that card never shows leaving, and the second seat's card
 * is read first. Found by the simulator (reading.missedScans 5, seed 207 at 600 ms rounds, hand 10823: 8c
 * collected from seat 1 and dealt back to it first; a false MISDEAL_FIRST_CARD, and every later hand lost).
 * While the alert is open and the first seat still lists cards of its last hand, the first-card judgement
 * waits one reader lag, once: by then the cards collected are reported gone and the seat's new card shows.
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
 * Heads-up, button 1: seat 1 raises, seat 2 folds; seat 1's Ac Ad stay on its seat. The dealer presses
 * the shuffler (hand 2: seat 1 the big blind, dealt first) and, told DECK_NOT_COLLECTED, collects and
 * deals: Ad back to seat 1, then 6c to seat 2, which the bridge reports at once. Seat 1's report changes
 * `shownAfter` ms after seat 2's card (Ac reported gone, 5c beside Ad), or never.
 */
const firstCardDealtBack = (shownAfter: number | null) => {
  const s = acesLeftOnTheWinner();
  s.after(LAG + ROUND).deal([[2, "6c"]]);
  if (shownAfter === null) return s.wait(2 * LAG + 2 * ROUND);
  return s
    .after(shownAfter)
    .report("seat1", "card:A:Ad", "card:A:5c")
    .after(50)
    .deal([[2, "7c"]])
    .wait();
};

describe("the first card dealt back among the last hand's cards still listed on the first seat", () => {
  it("the first seat's report changes within the lag after the judgement fell due: no misdeal", () => {
    const events = play(firstCardDealtBack(ROUND + LAG - 1));
    const hand2 = events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));
    expect(codes(hand2)).toContain("DECK_NOT_COLLECTED");
    expect(codes(hand2)).not.toContain("MISDEAL_FIRST_CARD");
    expect(hand2.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
  });

  it("the first seat's report changes 1 ms after that lag: judged on what was listed, a misdeal", () => {
    const events = play(firstCardDealtBack(ROUND + LAG + 1));
    const hand2 = events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));
    expect(codes(hand2)).toContain("MISDEAL_FIRST_CARD");
  });

  it("the first seat still lists its last hand past that lag: the first card went to the second seat", () => {
    const events = play(firstCardDealtBack(null));
    const hand2 = events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));
    expect(codes(hand2)).toContain("MISDEAL_FIRST_CARD");
  });
});
