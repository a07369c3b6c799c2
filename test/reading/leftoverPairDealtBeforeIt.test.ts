/**
 * A seat's first card lands beside a card of its last hand while the dealer is still collecting after
 * DECK_NOT_COLLECTED, and the other card of that last hand has already been dealt to a seat before it.
 * Found by the simulator only: hold'em `--focus` with `reading.missedScans: 5`, seed 56 at 700 ms scan
 * rounds, hand 5239. Seat 9's 6h was dealt to seat 8 and reported there; seat 9's report of its first
 * card still listed 6h and 9h (K missed scans late). With one card of its last hand gone, 9h was read as
 * collected with it and dealt to seat 9 again: two cards of the deal, its next round, so every seat after
 * it without a card was judged passed a round later: a false MISDEAL_DEALT_OUT, and the run never
 * recovered. While the collection after the alert is still being judged, such a card is not read as
 * dealt again (as ./leftoverBesideFirstCardCollected.test.ts's deal is not whole on it).
 *
 * Here on the scene DSL's table (seats 1–4), with the next seat's first card on both sides of the
 * deal's judgement (one scan round after the card that would have passed it).
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 600 ms scan rounds and 5 missed scans (`--scan-ms 600`, k5.yaml). */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 600, missedScans: 5 } };
const ROUND = config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Hand 1 (seats 1–4, button 4) is called and checked down to the showdown, and the shuffler pressed with
 * every card still out. Hand 2 (button 1, blinds seats 2 and 3): seat 2's last hand is reported collected
 * and the blinds go out; DECK_NOT_COLLECTED is told; the deal from seat 2: 3c (seat 3's last hand) to
 * seat 2, then seat 3's first card 9c, its report still listing 2c and 3c; seats 4 and 1 report their
 * last hands collected; seat 4's first card `next` ms after seat 3's report, seat 1's after it; seat 3's
 * leftovers reported gone; then the second round.
 */
function pairDealtBeforeIt(next: number): Scene {
  const s = new Scene("").checkedDownCardsLeftOut();
  s.after(3278).report("seat2");
  s.after(760).chips(2, 100).after(80).chips(3, 100, 100);
  s.after(560).report("seat2", "card:A:3c");
  s.after(100).report("seat3", "card:A:2c", "card:A:3c", "card:A:9c");
  s.after(20).report("seat4").after(20).report("seat1");
  s.after(next - 40).report("seat4", "card:A:4s");
  s.after(100).report("seat1", "card:A:6s");
  s.after(100).report("seat3", "card:A:9c");
  s.after(200).report("seat2", "card:A:3c", "card:A:Kd");
  s.after(100).report("seat3", "card:A:9c", "card:A:Kc");
  s.after(100).report("seat4", "card:A:4s", "card:A:5s");
  s.after(100).report("seat1", "card:A:6s", "card:A:7s");
  return s.wait(8000);
}

describe("reading at any pace: a seat's first card beside its last hand's card, the other card of it dealt before", () => {
  for (const [side, next] of [
    ["within the deal's round", ROUND - 100],
    ["past it", ROUND + 300],
  ] as const) {
    it(`the next seat's first card ${side}: no misdeal, the deal whole`, () => {
      const events = play(pairDealtBeforeIt(next));
      const hand2 = events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));
      expect(codes(hand2)).toEqual(["DECK_NOT_COLLECTED"]);
      expect(hand2.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
    });
  }
});
