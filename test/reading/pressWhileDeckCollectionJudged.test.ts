/**
 * The shuffler pressed to declare a misdeal while the deal is not judged yet: the last hand's cards were
 * still listed at the hand's press (DECK_NOT_COLLECTED is judged the readers' lag and the departure
 * window later), and the deal's judgements wait for that. Found by the simulator only: three readers,
 * 5 missed scans, `--focus`, seed 75 at 700 ms rounds, hand 8110: the press was refused
 * (SHUFFLER_DURING_HAND), the blinds put out for the re-deal were read as an action out of turn, the
 * misdeal was told 1.5 s later with nobody to declare it, and every later hand was lost.
 *
 * Now such a press waits the readers' lag for the deal's judgement (as it waits on a deal judged a round
 * late), and declares the misdeal when it is told; the bets read meanwhile are the next hand's blinds.
 * Here on the DSL's table: hand 1 checked down with every card left out, hand 2's first card to the big
 * blind's seat (it is the small blind's), and the press before and after the deal's judgement.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 700 ms scan rounds and 5 missed scans. */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 700, missedScans: 5 } };
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);
/** When the dealer collects the last hand's cards, after hand 2's first card. */
const COLLECTED = 1300;

/**
 * Hand 1 (seats 1–4, button 4) checked down; the shuffler pressed with every card still out. Hand 2
 * (button 1, blinds seats 2 and 3): the blinds, then 9c to seat 3, listed beside its last hand's cards;
 * the dealer collects the last hand 1.3 s later, presses the shuffler `pressAfter` ms after the card to
 * declare the misdeal, and seat 4's chips go out.
 */
function misdealDeclaredEarly(pressAfter: number): Scene {
  const s = new Scene("").checkedDownCardsLeftOut();
  s.after(600).chips(2, 100).after(100).chips(3, 100, 100);
  s.after(500).report("seat3", "card:A:2c", "card:A:3c", "card:A:9c");
  // The dealer collects the last hand 1.3 s after the card; the press comes before or after that.
  const collect = () => s.clear("seat1", "seat2", "seat3", "seat4", "board", "burn", "muck");
  if (pressAfter < COLLECTED)
    s.after(pressAfter)
      .key("shuffler")
      .after(COLLECTED - pressAfter);
  else s.after(COLLECTED);
  collect();
  if (pressAfter >= COLLECTED) s.after(pressAfter - COLLECTED - 6 * 100).key("shuffler");
  return s.after(700).chips(4, 100).wait(9000);
}

const ofHand = (events: readonly TableEvent[], hand: number) => {
  const from = events.findIndex((e) => e.kind === "hand_start" && e.hand === hand);
  const to = events.findIndex((e) => e.kind === "hand_start" && e.hand === hand + 1);
  return events.slice(from, to < 0 ? undefined : to);
};

describe("reading at any pace: a misdeal declared by the press before the deal is judged", () => {
  // The deal's judgement: the last hand's cards judged at the lag and the departure window after hand 2's
  // press, then the first card a scan round later: 2.2 s after the card here.
  for (const [side, pressAfter] of [
    ["before the deal's judgement", 1000],
    ["after it", LAG - 700],
  ] as const) {
    it(`${side}: the misdeal is told, the press declares it, and the hand is dealt again`, () => {
      const events = play(misdealDeclaredEarly(pressAfter));
      expect(codes(ofHand(events, 2))).toEqual(["MISDEAL_FIRST_CARD"]);
      expect(events.filter((e) => e.kind === "hand_end")).toMatchObject([
        { hand: 1, result: "complete" },
        { hand: 2, result: "misdeal" },
      ]);
      expect(events.some((e) => e.kind === "hand_start" && e.hand === 3 && e.redeal)).toBe(true);
    });
  }
});
