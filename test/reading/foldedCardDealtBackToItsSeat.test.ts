/**
 * A card folded to the muck as the hand ends, collected at once, and dealt back to the same seat within
 * the bridge's K missed scans: the seat's report never stops listing it. Found by the simulator only:
 * three readers, 5 missed scans, `--focus`, seed 75 at 700 ms rounds, hand 9394. Seat 5 folded 3c and
 * Qc, ending hand 9393; 3c came back to seat 5 in the next deal 3.3 s later. The muck's report of it
 * collected was the last the table heard of it: seat 5 held one card, the deal was never whole, and a
 * call swept in unread and the flop after it were a false PREMATURE_FLOP, with every later hand lost.
 *
 * Now a card collected from where it went, that its old seat still lists once that listing can no
 * longer be the fold's (the readers' lag after the move), is on that seat: a card of this hand
 * (src/reading/backOnItsSeat.ts). Both sides of that moment: the seat still lists it then, or lets it
 * go 1 ms before (it was collected, and the seat is dealt two other cards).
 *
 * On the scene DSL's table (seats 1–4), with the simulator's 700 ms rounds and 5 missed scans.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 700, missedScans: 5 } };
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Hand 1 (button 1): seats 4 and 1 fold, then seat 2 folds Kh Kd into the muck while its report still
 * lists them (K scans late), and seat 3 wins. The dealer collects and presses the shuffler. Hand 2
 * (button 2, the deal from seat 3): seat 2 lets Kd go; the deal, seat 2's first card Kh again (`back`),
 * or Jc with Kh let go `LAG - 1` ms after the fold; the muck reports its cards collected after the deal.
 */
function foldedThenDealtBack(back: boolean): Scene {
  const s = new Scene("").setup().standardDeal().fold(4).fold(1).wait(1000);
  s.addTo("muck", "card:A:Kh", "card:A:Kd");
  // From the fold's report: seat 3 collected, the press, the blinds.
  s.after(200).clear("seat3").after(300).key("shuffler");
  s.after(100).chips(3, 100).after(100).chips(4, 100, 100);
  s.after(1000).report("seat2", "card:A:Kh");
  s.after(100).report("seat3", "card:A:Qc");
  s.after(100).report("seat4", "card:A:6c");
  s.after(100).report("seat1", "card:A:8c");
  if (!back) s.after(100).report("seat2", "card:A:Kh", "card:A:Jc");
  s.after(100).report("seat3", "card:A:Qc", "card:A:Ks");
  s.after(100).report("seat4", "card:A:6c", "card:A:4c");
  s.after(100).report("seat1", "card:A:8c", "card:A:5c");
  if (back) s.after(100).report("seat2", "card:A:Kh", "card:A:9c");
  // 2,500 ms after the fold's report.
  s.after(100).clear("muck");
  if (!back)
    s.after(LAG - 1 - 2500)
      .report("seat2", "card:A:Jc")
      .after(100)
      .report("seat2", "card:A:Jc", "card:A:9c");
  return s.wait(6000);
}

const secondHand = (events: TableEvent[]) =>
  events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));

describe("reading at any pace: a folded card collected and dealt back to its seat within the readers' lag", () => {
  it("the seat still lists it once the fold's listing would have gone: its card, the deal whole", () => {
    const hand2 = secondHand(play(foldedThenDealtBack(true)));
    expect(codes(hand2)).toEqual([]);
    expect(hand2.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
  });

  it("the seat lets it go 1 ms before: it was collected, the seat's two cards are the others", () => {
    const hand2 = secondHand(play(foldedThenDealtBack(false)));
    expect(codes(hand2)).toEqual([]);
    expect(hand2.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
  });
});
