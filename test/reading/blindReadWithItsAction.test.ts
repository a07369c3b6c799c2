/**
 * A posted blind's own chips read together with the seat's action: the zone changed again before it was
 * steady, so one read holds both. The chips that make up the blind are its; only the rest is the action.
 * Found by the simulator (settleWindowMs 900, seed 57 at 700 ms rounds, hand 5804): heads-up, the small
 * blind's chip landed beside the last hand's chips, whose departure (K scans late) restarted the zone's
 * window; the completion came inside it, and the 100 of the blind and the 100 of the call were read as
 * 200 on top of the posted blind: a raise to 300, UNDERRAISE, and a premature flop.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const base = loadConfig();
/** The run's table: a 900 ms settle window, 700 ms scan rounds. */
const config = { ...base, settleWindowMs: 900, reading: { ...base.reading, scanRoundMs: 700 } };
/** A zone is read once steady this long: the settle window and one scan round. */
const STEADY = config.settleWindowMs + config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Seats 1 and 6, heads-up. Hand 1 (button 1): seat 6 bets 425 on the flop and seat 1 folds; seat 6's
 * chips are still listed on its zone at the next press. Hand 2 (button 6, small blind 6): seat 6's blind
 * chip (100) is reported with the last hand's chips, which are reported gone 850 ms later; the cards;
 * then seat 6 completes with 100 more `after` ms after that report, and seat 1 checks once it is read.
 */
function blindThenCompletion(after: number): Scene {
  const s = new Scene("")
    .setup({ seats: [1, 6], button: 1 })
    .key("shuffler")
    .chips(1, 100)
    .chips(6, 100, 100);
  s.deal([
    [6, "Ac"],
    [1, "Kh"],
    [6, "Ad"],
    [1, "Kd"],
  ]);
  s.chips(1, 100).wait(2000).key("check").pull();
  s.burn("2c").board("Qs", "Jd", "4h").key("check");
  s.chips(6, 100, 100, 100, 100, 25).wait(3000);
  s.fold(1).wait(4000);
  const lastHands = s.on("bet6");
  s.clear("seat6", "board", "burn", "muck", "pot").key("shuffler");
  const blind = s.newChip(100);
  s.after(800)
    .chips(1, 100, 100)
    .after(150)
    .report("bet6", ...lastHands, blind);
  s.after(850).report("bet6", blind);
  s.deal([
    [1, "2c"],
    [6, "3c"],
    [1, "2d"],
    [6, "3d"],
  ]);
  s.after(after - 1200).addTo("bet6", s.newChip(100));
  return s
    .after(STEADY + 100)
    .key("check")
    .wait();
}

describe("a posted blind's chips read together with the seat's action", () => {
  for (const [side, after] of [
    ["inside the blind's window (one read)", STEADY - 100],
    ["past it (two reads)", STEADY + 100],
  ] as const) {
    it(`the completion ${side}: a call to 200, no alert`, () => {
      const events = play(blindThenCompletion(after));
      const hand2 = events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));
      expect(codes(hand2)).toEqual([]);
      expect(hand2.filter((e) => e.kind === "action" && e.seat === 6 && e.action !== "sb")).toMatchObject([
        { action: "call", to: 200 },
      ]);
    });
  }
});
