/**
 * The last seat in the deal given back the very two cards of its last hand, within the bridge's K missed
 * scans: its report never changes from the last hand. Found by the simulator only: three readers, 5
 * missed scans, seed 80 at 700 ms rounds, hand 947 (seat 8, the button, dealt Ad Jd again). A seat the
 * deal goes past that lists its whole last hand has those cards dealt to it again (the collection's
 * judgement, src/hand/deal.ts handsDealtAgainUnseen); but only a later seat's card counted as going
 * past, and no seat comes after the last: DECK_NOT_COLLECTED and MISDEAL_DEALT_OUT were told falsely,
 * and every later hand was lost. The deal's next round goes past the last seat too.
 *
 * Both sides of the collection's judgement (the readers' lag after the press): the second round begun
 * before it (the seat's cards read as dealt again, the deal whole), or after it (the table cannot tell
 * them from cards left there: DECK_NOT_COLLECTED, and the seat judged dealt out as the round passes it,
 * as for any seat the deal had not passed by then).
 *
 * On the scene DSL's table (seats 1–4; hand 2: button 1, the deal from seat 2, seat 1 last).
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

/**
 * Hand 1 checked down with every card left out, the shuffler pressed. Hand 2: every antenna but seat 1
 * reports its cards collected, the blinds, the first round to seats 2–4 (seat 1's 5h again, unseen);
 * the second round from `secondRound` ms after the press (seat 1's Th again, unseen).
 */
function lastSeatDealtItsHandAgain(secondRound: number): Scene {
  const s = new Scene("").checkedDownCardsLeftOut();
  const pressAt = s.now;
  s.after(300).clear("seat2", "seat3", "seat4", "board", "burn", "muck");
  s.after(200).chips(2, 100).after(100).chips(3, 100, 100);
  s.after(300).report("seat2", "card:A:2c").after(100).report("seat3", "card:A:3c");
  s.after(100).report("seat4", "card:A:4s");
  s.after(pressAt + secondRound - s.now).report("seat2", "card:A:2c", "card:A:Kd");
  s.after(100).report("seat3", "card:A:3c", "card:A:Kc");
  s.after(100).report("seat4", "card:A:4s", "card:A:5s");
  return s.wait(9000);
}

const secondHand = (events: TableEvent[]) =>
  events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));

describe("reading at any pace: the last seat dealt its last hand's two cards again, unseen", () => {
  it("the next round begun before the collection's judgement: its cards, the deal whole, no alert", () => {
    const hand2 = secondHand(play(lastSeatDealtItsHandAgain(LAG - 300)));
    expect(codes(hand2)).toEqual([]);
    expect(hand2.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
  });

  it("begun after it: cards left there as far as the table can tell (DECK_NOT_COLLECTED, then dealt out)", () => {
    const hand2 = secondHand(play(lastSeatDealtItsHandAgain(LAG + 100)));
    expect(codes(hand2)).toEqual(["DECK_NOT_COLLECTED", "MISDEAL_DEALT_OUT"]);
  });
});
