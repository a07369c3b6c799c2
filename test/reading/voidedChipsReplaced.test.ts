/**
 * Out-of-turn chips made void, taken back and replaced within the readers' lag. Found by the simulator
 * only: three readers, 5 missed scans, seed 80 at 700 ms rounds (no focus), hand 1124. Seat 3 bet out of
 * turn on the river (ACTION_OUT_OF_TURN), seat 10 raised, which made seat 3's action void (TDA 53); seat
 * 3 took its chips back and called with others. The bridge reported the old chips gone K scans late, so
 * the zone listed both and was read as one push: a raise short of the minimum (UNDERRAISE), a showdown
 * on too many chips, and every later hand lost.
 *
 * Such a push waits until the old chips' departure would be reported and the zone read again (the lag
 * and the settle window after the zone's last change: src/hand/voidedChips.ts). Here on the scene DSL's
 * table, the old chips reported gone on both sides of that lag.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

const actions = (events: TableEvent[]) =>
  events.flatMap((e) =>
    e.kind === "action" && e.action !== "sb" && e.action !== "bb" ? [[e.seat, e.action, e.to]] : [],
  );

/**
 * Seats 1–4, button 1, blinds 100/200: seat 1 calls 200 before seat 4 (out of turn); seat 4 raises to
 * 600, which makes seat 1's call void. Seat 1 puts out 600 (500 and 100) as its call: the zone's report
 * lists them beside the 200 it took back, which the report `gone` ms later no longer lists. Then seats 2
 * and 3 fold.
 */
function replacedWithinTheLag(gone: number): Scene {
  const s = new Scene("").setup().standardDeal().chips(1, 100, 100).wait();
  const [old1, old2] = ["chip:100:4", "chip:100:5"];
  s.key("raise").chips(4, 500, 100).wait();
  s.chips(1, 500, 100).after(gone).removeFrom("bet1", old1, old2);
  return s.wait().fold(2).wait().fold(3).wait();
}

describe("reading at any pace: out-of-turn chips made void, taken back and replaced within the lag", () => {
  it("reported gone within the lag: the new chips alone are the seat's action (a call)", () => {
    const events = play(replacedWithinTheLag(LAG));
    expect(actions(events)).toEqual([
      [4, "raise", 600],
      [1, "call", 600],
      [2, "fold", 100],
      [3, "fold", 200],
    ]);
    expect(codes(events)).toEqual(["ACTION_OUT_OF_TURN"]);
  });

  it("reported gone past it: the zone as it stood was the push (a raise to 800, short of the minimum)", () => {
    const events = play(replacedWithinTheLag(LAG + 1));
    expect(codes(events)).toContain("UNDERRAISE");
    expect(actions(events)[1]).toEqual([1, "raise", 1000]);
  });
});
