/**
 * The rake put on the plate while the hand's end is still being judged. Found by the simulator (`--rake`,
 * seed 13 at 600 ms rounds, hand 10340): in a run-out the dealer took the extra turn card off and dealt
 * it again as the river within the readers' K missed scans, so the board never read it gone and the
 * hand's end waited the readers' lag and the departure window to judge it. Meanwhile he took the rake
 * and put it on the plate; the plate was read before the hand ended, and the table, which expects the
 * rake only once the hand has ended, said "Rake on the plate 0" (RAKE_WRONG) at the next press.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { RakeSchedule } from "../../src/rules/rake.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const base = loadConfig();
const config = {
  ...base,
  rake: RakeSchedule.parse({ percent: 12.5, cap: 500 }),
  antennas: { ...base.antennas, rake: { reader: "bridge", channel: 24 } },
};
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;
const JUDGED = LAG + config.reading.departWindowMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * All-in pre-flop (seat 1's 700 against seat 2), two cards for the turn (4d, 7c), 7c dealt again as the
 * river unseen; the dealer rakes `rakedAfter` ms after the river's burn (175: 12.5% of the 1400 pot),
 * then collects, presses the shuffler for the next hand and drops the rake.
 */
const rakedWhileJudged = (rakedAfter: number) =>
  new Scene("")
    .allInTwoTurnCards()
    .wait(1000)
    .burn("5s")
    .after(rakedAfter)
    .addTo("rake", "chip:100:80", "chip:25:81", "chip:25:82", "chip:25:83")
    .wait(JUDGED + 1000)
    .clear("seat1", "seat2", "board", "burn", "muck", "pot", "bet1", "bet2")
    .wait(1000)
    .key("shuffler")
    .after(500)
    .clear("rake")
    .wait();

describe("the rake put on the plate while the hand's end is judged", () => {
  for (const [side, after] of [
    ["before the end is judged", 300],
    ["after it", JUDGED + 300],
  ] as const) {
    it(`${side}: it is the hand's rake, and right`, () => {
      const events = play(rakedWhileJudged(after));
      const end = events.find((e) => e.kind === "hand_end");
      expect(end).toMatchObject({ result: "complete", rake: 175 });
      expect(codes(events)).not.toContain("RAKE_WRONG");
    });
  }
});
