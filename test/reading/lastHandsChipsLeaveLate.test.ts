/**
 * The last hand's chips, still listed on a bet zone at the shuffler press, reported gone K scans late in
 * the middle of the new hand's first action: the bridge catching up, not a move at the table that moves
 * the action on. Found by the simulator only: hold'em `--focus` with `reading.missedScans: 5`, seed 56 at
 * 700 ms scan rounds, hand 1609: the last hand's chips left seat 4's zone between the two motions of
 * seat 6's call, and seat 6's zone was read at its first: a false UNDERCALL.
 *
 * Here on the scene DSL's table (seats 1–4), with the departure's report within the readers' lag after
 * the press and long after it.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Hand 1 (button 1): seat 4 raises to 600 and everyone folds; its 600 stays listed on its zone. Hand 2
 * (button 2, blinds seats 3 and 4, seat 1 first to act): seat 1 calls the 200 in two motions, 100 and
 * 100, 300 ms apart; seat 4's zone reports the last hand's chips gone between them, `gone` ms after the
 * press.
 */
function lastHandsChipsGoneMidCall(gone: number): Scene {
  const s = new Scene("").setup().standardDeal();
  s.chips(4, 500, 100).wait(1500).fold(1).fold(2).fold(3).wait(2000);
  const lastHands = s.on("bet4");
  s.clear("seat4", "muck", "bet2", "bet3").key("shuffler");
  const press = s.lines.at(-1);
  const t0 = press && "t" in press ? press.t : 0;
  s.after(200)
    .report("bet4", ...lastHands, s.newChip(100), s.newChip(100))
    .after(100)
    .chips(3, 100);
  s.deal([
    [3, "Qh"],
    [4, "Qd"],
    [1, "Js"],
    [2, "Jc"],
    [3, "8h"],
    [4, "8d"],
    [1, "5s"],
    [2, "5c"],
  ]);
  const last = s.lines.at(-1);
  const dealt = last && "t" in last ? last.t : 0;
  s.after(gone - 150 - (dealt - t0)).chips(1, 100);
  s.after(150).report("bet4", ...s.on("bet4").filter((tag) => !lastHands.includes(tag)));
  return s.after(150).chips(1, 100).wait(3000);
}

describe("reading at any pace: the last hand's chips reported gone from a zone during the first action", () => {
  // Whenever they go (the bridge catching up within its lag, or their owner taking them seconds later),
  // they are no action of this hand: the call in two motions is read whole.
  for (const [when, gone] of [
    ["within the readers' lag after the press", LAG - 1],
    ["long after it", 3 * LAG],
  ] as const) {
    it(`${when}: not a move, the call read whole`, () => {
      const events = play(lastHandsChipsGoneMidCall(gone));
      expect(codes(events)).toEqual([]);
      expect(events.findLast((e) => e.kind === "action" && e.seat === 1)).toMatchObject({
        action: "call",
        to: 200,
      });
    });
  }
});
