/**
 * A misdeal for a card too many, pressed again at once: the seat that held three cards lists all three
 * K scans late when the re-deal passes it, and one of them may be its first card again, dealt unseen.
 * Like a whole hand listed (atAnyPace "the same two cards, unseen"), the deal past it is judged once
 * the readers' lag after the press has run out, not before. Found by the simulator (reading.missedScans
 * 5, seed 207, 600 ms rounds, hand 9693): seat 8 held Qc Td 5c; in the re-deal it got Td again and 4c,
 * and its report changed only with 4c, 125 ms after the table called MISDEAL_DEALT_OUT.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const ROUND = config.reading.scanRoundMs;
const LAG = (config.reading.missedScans + 1) * ROUND;
const GAP = 40;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Hand 1 (button 1): the standard deal and a third card (Qs) to seat 2: MISDEAL_CARD_COUNT. The dealer
 * collects and presses the shuffler (the misdeal); seat 2 lists Kh Kd Qs on. The re-deal: seat 2's first
 * card is Kh again (unseen), then seats 3, 4 and 1, 40 ms apart (their misdeal cards reported gone with
 * them); seat 2's second card 5s comes `second` ms after the press (its report: Kh 5s), then the rest.
 */
const redealPastTheSeat = (second: number) => {
  const s = new Scene("").setup().standardDeal().addTo("seat2", "card:A:Qs").wait(1000);
  s.clear("bet2", "bet3").after(100).key("shuffler");
  s.after(GAP).chips(2, 100).after(GAP).chips(3, 100, 100);
  // Seats 3, 4 and 1: each report of the new card no longer lists the seat's cards of the misdeal.
  for (const [seat, face] of [
    [3, "5c"],
    [4, "5d"],
    [1, "5h"],
  ] as const)
    s.after(GAP).report(`seat${seat}`, `card:A:${face}`);
  s.after(second - 5 * GAP).report("seat2", "card:A:Kh", "card:A:5s");
  for (const [seat, face] of [
    [3, "6c"],
    [4, "6d"],
    [1, "6h"],
  ] as const)
    s.after(GAP).deal([[seat, face]]);
  return s.wait();
};

const secondHand = (events: TableEvent[]) =>
  events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));

describe("a re-deal past a seat that lists three cards of the misdeal", () => {
  it("its second card more than a round after the deal passed it, within the readers' lag: its first was dealt again, no misdeal", () => {
    const events = secondHand(play(redealPastTheSeat(LAG - 1)));
    expect(codes(events)).toEqual([]);
    expect(events.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
  });

  // Still listed once the lag has run out, the cards were not collected (DECK_NOT_COLLECTED), and the
  // judgement waits one more lag for the dealer to collect them as told (firstCardAmongLeftovers): a
  // report 1 ms after that comes too late to show the first card among them.
  it("1 ms past the lag and the one more lag DECK_NOT_COLLECTED gives: the first card went to the next seat, a misdeal", () => {
    const events = secondHand(play(redealPastTheSeat(2 * LAG + 2)));
    expect(codes(events)).toContain("DECK_NOT_COLLECTED");
    expect(codes(events)).toContain("MISDEAL_FIRST_CARD");
  });
});
