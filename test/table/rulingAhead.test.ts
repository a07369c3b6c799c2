/**
 * A misdeal or void the floor rules before the table has told the alert it answers: the supervisor saw
 * the error while the table still waited for the readers to judge it. The ruling waits for that
 * judgement (src/table/rulingAhead.ts) and then answers the alert it raised, or is refused at that moment
 * if it raised none. Found by the simulator: three readers, 5 missed scans, `--focus`, seed 78 at 600 ms
 * rounds, hand 6560 (a void ruled before DUPLICATE_CARD, refused, and every later hand lost).
 *
 * Here with the deal's first card, judged a scan round after it: to the big blind (a misdeal), or with
 * the small blind's card in the same round (none). The ruling comes before the judgement or after it.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const ROUND = config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Seats 1–4, button 1: the blinds, 7d to seat 3 (the big blind); seat 2's first card `firstSeat` ms
 * later (null: none); the floor rules a misdeal `ruledAfter` ms after the 7d.
 */
function ruledEarly(ruledAfter: number, firstSeat: number | null): Scene {
  const s = new Scene("")
    .setup()
    .blindsPosted()
    .deal([[3, "7d"]]);
  if (firstSeat !== null && firstSeat < ruledAfter) s.after(firstSeat).deal([[2, "Kh"]]);
  const gap = firstSeat !== null && firstSeat < ruledAfter ? ruledAfter - firstSeat : ruledAfter;
  s.after(gap).floor({ op: "ruling", ruling: "misdeal", by: "floor-1" });
  if (firstSeat !== null && firstSeat >= ruledAfter) s.after(firstSeat - ruledAfter).deal([[2, "Kh"]]);
  return s.wait(3000);
}

describe("a misdeal ruled before the table has judged the deal", () => {
  for (const [side, ruledAfter] of [
    ["before the judgement (a scan round after the card)", ROUND - 100],
    ["after it", ROUND + 100],
  ] as const) {
    it(`${side}: it answers MISDEAL_FIRST_CARD, and the hand ends a misdeal`, () => {
      const events = play(ruledEarly(ruledAfter, null));
      expect(codes(events)).toEqual(["MISDEAL_FIRST_CARD"]);
      const end = events.find((e) => e.kind === "hand_end");
      expect(end).toMatchObject({ hand: 1, result: "misdeal" });
      // Never before the alert it answers.
      const alertAt = events.find((e) => e.kind === "alert")?.t ?? Number.NaN;
      expect(end?.t).toBeGreaterThanOrEqual(alertAt);
    });
  }

  it("the deal judged right (the small blind's card in the same round): the ruling is refused at the judgement", () => {
    const scene = ruledEarly(ROUND - 150, ROUND - 100);
    const dealt = scene.lines.find((l) => "kind" in l && l.kind === "tags" && l.antenna === "seat3");
    const dealtAt = dealt !== undefined && "t" in dealt ? dealt.t : Number.NaN;
    const events = play(scene);
    expect(codes(events)).toEqual(["FLOOR_OP_REJECTED"]);
    expect(events.some((e) => e.kind === "hand_end")).toBe(false);
    // Refused when the first card is judged, a scan round after the 7d, not at the ruling 50 ms before.
    const refused = events.find((e) => e.kind === "alert" && e.code === "FLOOR_OP_REJECTED");
    expect(refused?.t).toBe(dealtAt + ROUND);
  });
});
