/**
 * The `exposed` key after the deal's second card, while a seat's card of the last hand is read as dealt
 * again beside its first (its pair dealt to the first seat), before the readers' lag after the press has
 * said whether it was the collected card, listed K scans late. Found by the simulator only: six seats,
 * 5 missed scans, seed 86 at 600 ms rounds, hand 5247 (heads-up): Jd, seat 1's last card, dealt first to
 * seat 6; seat 1's Ks beside its 6c, read as dealt again; the exposed card counted third, no misdeal
 * told, and the re-deal's press refused.
 *
 * The count now waits for the collection's judgement, less such cards it finds collected. Both sides of
 * it: the leftover reported gone within the readers' lag (collected: the second card was exposed, a
 * misdeal) or 1 ms past it (dealt again: the exposed card was the third, no misdeal).
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 600, missedScans: 5 } };
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Hand 1 (button 1): seat 4 calls, the others fold, seat 4 wins with 9s 9h. The dealer collects and
 * presses the shuffler; seat 4 still lists 9s 9h. Hand 2 (button 2, the deal from seat 3): the blinds,
 * 9s to seat 3, Qc to seat 4 beside its 9h, the `exposed` key; seat 4 reports its last hand gone `leaves`
 * ms after the press.
 */
function exposedBesideLeftover(leaves: number): Scene {
  const s = new Scene("").setup().standardDeal().chips(4, 100, 100).fold(1).fold(2).fold(3).wait(1000);
  s.clear("muck", "bet4", "bet2", "bet3");
  const pressAt = s.after(100).key("shuffler").now;
  s.after(100).chips(3, 100).after(100).chips(4, 100, 100);
  s.after(300).report("seat3", "card:A:9s");
  s.after(150).report("seat4", "card:A:9s", "card:A:9h", "card:A:Qc");
  s.after(100).key("exposed");
  s.after(pressAt + leaves - s.now).report("seat4", "card:A:Qc");
  return s.wait(6000);
}

const secondHand = (events: TableEvent[]) =>
  events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));

describe("the exposed key beside a last hand's card read as dealt again", () => {
  it("the leftover reported gone within the readers' lag: it was collected, the second card was exposed: a misdeal", () => {
    expect(codes(secondHand(play(exposedBesideLeftover(LAG - 1))))).toContain("MISDEAL_EXPOSED");
  });

  it("reported gone 1 ms past the lag: it was dealt again, the exposed card was the third: no misdeal", () => {
    expect(codes(secondHand(play(exposedBesideLeftover(LAG + 1))))).not.toContain("MISDEAL_EXPOSED");
  });
});
