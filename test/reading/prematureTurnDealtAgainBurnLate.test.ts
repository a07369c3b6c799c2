/**
 * RP-5B: the premature turn is set aside, the flop's betting finished, and the turn burned and dealt
 * again. The bridge reports the premature card gone K scans late, and the table takes it as gone a
 * departure window after that; the new turn and its burn may be reported meanwhile, the burn after the
 * card in the same scan round (channel order). Found by the simulator only: three readers (the board,
 * burn, muck and pot on one), `--focus`, seed 74 at 600 ms rounds, hand 8158: the premature card known
 * gone 20 ms after the new turn's report, the street was judged then, and its burn, reported 240 ms
 * after the card, was told missing and then unexpected.
 *
 * Now the street dealt again is judged a scan round after its card when its burn is still to come, as a
 * street's first card is. Here on the scene DSL's table (seats 1–4, button 1), the burn's report on both
 * sides of that round.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 600 ms scan rounds. */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 600 } };
const ROUND = config.reading.scanRoundMs;
const DEPART = config.reading.departWindowMs;

/**
 * Limped pre-flop; on the flop seat 2 checks and the dealer burns and deals the turn (8c) too early;
 * seats 3, 4 and 1 check. The premature 8c is reported gone; the new turn (6s) is reported 20 ms before
 * that departure is taken as final, and its burn (5d) `burnAfter` ms after the card; then a round of
 * checks.
 */
function turnDealtAgain(burnAfter: number): Scene {
  const s = new Scene("").setup({ button: 1 }).standardDeal().limpedPreflop();
  s.burn("2c").board("Qs", "Jd", "4h").key("check");
  s.burn("3c").board("8c").key("check").key("check").key("check");
  s.removeFrom("board", "card:A:8c");
  s.after(DEPART - 20).board("6s");
  s.after(burnAfter).burn("5d");
  return s.checkAround().wait(3000);
}

const turn = (events: readonly TableEvent[]) =>
  events.filter((e) => e.kind === "street" && e.street === "turn").map((e) => e.kind === "street" && e.board);

describe("reading at any pace: the turn dealt again after a premature turn, its burn reported after it", () => {
  it("the burn within the card's scan round: the turn, with its burn", () => {
    const events = play(turnDealtAgain(ROUND - 10));
    expect(codes(events)).toEqual(["PREMATURE_TURN"]);
    expect(turn(events)).toEqual([["Qs", "Jd", "4h", "6s"]]);
  });

  it("the burn past it: the turn had none (BURN_MISSING), and the late burn is unexpected", () => {
    const events = play(turnDealtAgain(ROUND + 100));
    expect(codes(events)).toEqual(["PREMATURE_TURN", "BURN_MISSING", "BURN_UNEXPECTED"]);
    expect(turn(events)).toEqual([["Qs", "Jd", "4h", "6s"]]);
  });
});

function play(scene: Scene): TableEvent[] {
  return playScene(config, scene);
}
