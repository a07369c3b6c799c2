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
import { Scene } from "../scenarios/dsl.js";
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

describe("the first seat's lone leftover, read as its first card when the first card went elsewhere", () => {
  // Hold'em, missedScans 5, settleWindowMs 900, seed 89 at 700 ms rounds, hand 925: the leftover left,
  // and the seat, with no card, was told dealt out (MISDEAL_DEALT_OUT), not the first card misdealt.
  // Seat 1's Ac, collected, is dealt first to seat 2 while seat 1 still lists Ac Ad: Ad, lone, is read as
  // seat 1's first card, dealt again. Seat 1's report then drops both, or Ac only.
  const lone = (leaves: boolean) => {
    const s = acesLeftOnTheWinner();
    s.after(300)
      .deal([[2, "Ac"]])
      .wait(ROUND + 200);
    s.report("seat1", ...(leaves ? [] : ["card:A:Ad"]));
    return s
      .deal([
        [1, "5c"],
        [2, "7c"],
      ])
      .wait();
  };
  const hand2 = (events: TableEvent[]) =>
    events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));

  it("it leaves: the first card went to seat 2 after all (MISDEAL_FIRST_CARD)", () => {
    expect(codes(hand2(play(lone(true))))).toEqual(["MISDEAL_FIRST_CARD"]);
  });

  it("it stays: it was dealt to seat 1 again, its first card, and the deal goes on", () => {
    const events = hand2(play(lone(false)));
    expect(codes(events)).toEqual([]);
    expect(events.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
  });
});

describe("a first-card judgement put off until the deck's collection", () => {
  it("reads only the chips out before it first fell due: a call in two motions around it is read once settled", () => {
    // Hold'em, missedScans 5, settleWindowMs 900, seed 89 at 700 ms rounds, hand 3805: seat 2, first to
    // be dealt, still listed its whole last hand, so the judgement of seat 3's card first waited for the
    // deck's collection; run then, it read every bet zone as it stood, the first call at its first motion
    // (a false UNDERCALL). Put off, it reads only the chips out before it first fell due, as the card
    // count does. On 600 ms rounds and 5 missed scans: the lag is 3.6 s.
    const k5 = { ...config, reading: { ...config.reading, scanRoundMs: 600, missedScans: 5 } };
    const s = new Scene("").checkedDownCardsLeftOut();
    const press = s.now;
    const at = (ms: number) => s.after(press + ms - s.now);
    at(100).chips(2, 100).after(100).chips(3, 100, 100).after(100).report("board").after(50).report("burn");
    at(500).report("seat3", "card:A:2c", "card:A:3c", "card:A:9h");
    at(700).report("seat4", "card:A:7d", "card:A:8d", "card:A:4s");
    at(900).report("seat1", "card:A:5h", "card:A:Th", "card:A:6s");
    at(1300).report("seat3", "card:A:9h", "card:A:5c");
    at(1500).report("seat4", "card:A:4s", "card:A:4h");
    at(1700).report("seat1", "card:A:6s", "card:A:6h");
    // Seat 2's Qs Js stay listed: dealt to it again unseen (judged with the deck, 3.6 s after the press).
    at(3300).chips(4, 100).after(500).chips(4, 100);
    const events = playScene(k5, s.wait(3000));
    const hand2 = events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));
    expect(codes(hand2)).toEqual([]);
    expect(hand2.filter((e) => e.kind === "action" && e.seat === 4)).toMatchObject([
      { action: "call", to: 200 },
    ]);
  });
});
