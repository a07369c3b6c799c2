/**
 * Reading at any pace in a raked cash game: the dealer rakes when the betting ends, which may be
 * before the table ends the hand (a showdown waiting for a short call's rest, ended by the shuffler).
 * The plate is read as it was, whenever the table gets to the hand's end. Windows from the
 * configuration, as in atAnyPace.test.ts.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { RakeSchedule } from "../../src/rules/rake.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const base = loadConfig();
const channels = new Set(Object.values(base.antennas).map((a) => a.channel));
let free = 0;
while (channels.has(free)) free += 1;
/** 12.5%: the 800 of the scene's pot rakes 100, one chip. */
const config = {
  ...base,
  rake: RakeSchedule.parse({ percent: 12.5, cap: 500 }),
  antennas: { ...base.antennas, rake: { reader: "bridge", channel: free } },
};
const ROUND = config.reading.scanRoundMs;
const LAG = (config.reading.missedScans + 1) * ROUND;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Seat 4's call pre-flop goes into the pot 100 short and is never paid; the hand is checked down and
 * the showdown waits for the 100 (r.51). The dealer collects the cards and rakes 100 (12.5% of 800);
 * the shuffler ends the hand `pressAfter` later (HAND_ENDED_OWING is the floor's, later). `drop`: he
 * drops the rake from the plate before the press, once it has been read there.
 */
const rakedBeforeThePress = (pressAfter: number, drop = false) => {
  const s = new Scene("").setup().standardDeal().shortCallCheckedDown().wait().collect();
  s.addTo("rake", "chip:100:90");
  if (drop) s.after(config.settleWindowMs + ROUND + 1).removeFrom("rake", "chip:100:90");
  return s.after(pressAfter).key("shuffler").wait();
};

const handEnd = (events: TableEvent[]) => events.find((e) => e.kind === "hand_end" && e.hand === 1);

describe("reading at any pace: the rake taken before the table ends the hand", () => {
  it("chips read on the plate during the hand are its rake, read at the press: listed then, or dropped before it", () => {
    for (const scene of [rakedBeforeThePress(LAG), rakedBeforeThePress(LAG, true)]) {
      const events = play(scene);
      expect(handEnd(events)).toMatchObject({ result: "complete", rake: 100 });
      expect(codes(events)).not.toContain("RAKE_WRONG");
    }
  });

  it("chips still settling on the plate at the press are its rake too: the press reads what is pending first", () => {
    const events = play(rakedBeforeThePress(100));
    expect(handEnd(events)).toMatchObject({ result: "complete", rake: 100 });
    expect(codes(events)).not.toContain("RAKE_WRONG");
  });

  it("chips the plate held when the hand began are the last hand's, not this hand's rake", () => {
    // The plate still lists 100 of the last hand's rake (never dropped) through this hand: nothing was
    // raked for this one.
    const events = play(
      new Scene("")
        .setup()
        .addTo("rake", "chip:100:91")
        .wait()
        .standardDeal()
        .shortCallCheckedDown()
        .wait(LAG)
        .collect()
        .key("shuffler")
        .wait(),
    );
    expect(codes(events)).toContain("RAKE_WRONG");
  });
});
