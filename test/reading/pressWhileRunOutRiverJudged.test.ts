/**
 * The shuffler press while an all-in run-out's river still waits for its judgement. A river that came
 * with no burn is judged one scan round later (its burn may be reported after it, in channel order), and
 * the hand ends on that judgement. Found by the simulator only: three readers (seats, bets, and board,
 * burn, muck and pot), 5 missed scans, `--focus`, seed 75 at 700 ms rounds, hand 746: the dealer pressed
 * 661 ms after the river's report, the press was refused (SHUFFLER_DURING_HAND), the hand ended 39 ms
 * later, and the next hand was read from the press after, so every later hand was lost.
 *
 * Now such a press waits for the hand to end (as it waits the readers' lag on a procedure's card), and the
 * next hand starts when it does. Here on the DSL's three-handed all-in (seat 1 all-in pre-flop, seat 2
 * calls): the turn with its burn, the river without one, and the press on both sides of its judgement.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 700 ms scan rounds and 5 missed scans. */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 700, missedScans: 5 } };
const ROUND = config.reading.scanRoundMs;

/** The run-out's river (6s) dealt with no burn, and the shuffler pressed `pressAfter` ms after its report. */
function pressedAfterTheRiver(pressAfter: number): Scene {
  const s = new Scene("").allInToTheFlop().burn("5h").board("Jc").board("6s");
  return s.after(pressAfter).key("shuffler").wait(3000);
}

/** The alerts told up to the next hand's start (the last hand's cards are left out: DECK_NOT_COLLECTED then). */
const handOneCodes = (events: readonly TableEvent[]) =>
  codes(
    events.slice(
      0,
      events.findIndex((e) => e.kind === "hand_start" && e.hand === 2),
    ),
  );

const riverAt = (events: readonly TableEvent[]) =>
  events.find((e) => e.kind === "street" && e.street === "river")?.t ?? Number.NaN;

describe("reading at any pace: the shuffler pressed while a run-out's river is judged", () => {
  it("inside the river's round: the hand ends on the judgement, and the next hand starts then", () => {
    const events = play(pressedAfterTheRiver(ROUND - 100));
    expect(handOneCodes(events)).toEqual(["ALLIN_TABLE_HANDS", "BURN_MISSING"]);
    expect(events.filter((e) => e.kind === "hand_end")).toMatchObject([{ hand: 1, result: "complete" }]);
    const next = events.find((e) => e.kind === "hand_start" && e.hand === 2);
    expect(next?.t).toBe(riverAt(events));
  });

  it("after it: the hand has ended, and the press starts the next hand", () => {
    const events = play(pressedAfterTheRiver(ROUND + 100));
    expect(handOneCodes(events)).toEqual(["ALLIN_TABLE_HANDS", "BURN_MISSING"]);
    const next = events.find((e) => e.kind === "hand_start" && e.hand === 2);
    expect(next?.t).toBeGreaterThan(riverAt(events));
  });
});

function play(scene: Scene): TableEvent[] {
  return playScene(config, scene);
}
