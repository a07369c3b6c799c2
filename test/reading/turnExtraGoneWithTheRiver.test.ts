/**
 * Two cards for the turn (BOARD_TOO_MANY); the dealer takes the extra one off, the players check the turn
 * by key, and the river comes: the board's report that no longer lists the extra card is the one that
 * lists the river (the bridge reports a removal K scans late). Found by the simulator only: three readers,
 * 5 missed scans, seed 80 at 700 ms rounds, hand 2860: the turn began on that report and the river was
 * judged at once, before the checks keyed while the turn waited for its cards: a false PREMATURE_RIVER.
 * Those keys act first on the street just begun (src/hand/board.ts boardCardLeft); a key pressed after
 * the river came does not. Here with the last check on both sides of the river's report.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const play = (scene: Scene): TableEvent[] => playScene(config, scene);

const FLOP = ["Qs", "Jd", "4h"];

/** Four seats limp and check the flop (Qs Jd 4h); then the turn's burn, 3c. */
const twoTurnCards = () =>
  new Scene("")
    .setup()
    .standardDeal()
    .limpedPreflop()
    .burn("2c")
    .board(...FLOP)
    .checkAround()
    .burn("3c");

/**
 * Four seats limp and check the flop; 8c and 6s come for the turn. The turn is checked by key, 100 ms
 * apart; the burn and the river (9d) follow, and the board's report lists the river without 6s. The
 * last check comes `lastCheck` ms after that report (negative: before it).
 */
function riverWithTheExtraGone(lastCheck: number): Scene {
  const s = twoTurnCards();
  s.board("8c", "6s").after(300).key("check");
  for (let i = 0; i < 2; i++) s.after(100).key("check");
  if (lastCheck < 0) s.after(100).key("check");
  s.after(100)
    .burn("5d")
    .after(100)
    .report("board", ...[...FLOP, "8c", "9d"].map((f) => `card:A:${f}`));
  if (lastCheck >= 0) s.after(lastCheck).key("check");
  return s.wait();
}

const streets = (events: TableEvent[]) =>
  events.flatMap((e) => (e.kind === "street" ? [`${e.street} ${e.board.join(" ")}`] : []));

describe("reading at any pace: the turn's extra card reported gone with the river", () => {
  it("the turn checked round before the river came: the turn, its checks, then the river", () => {
    const events = play(riverWithTheExtraGone(-1));
    expect(codes(events)).toEqual(["BOARD_TOO_MANY"]);
    expect(streets(events).slice(-2)).toEqual(["turn Qs Jd 4h 8c", "river Qs Jd 4h 8c 9d"]);
  });

  it("the last check after the river came: the river was premature", () => {
    const events = play(riverWithTheExtraGone(50));
    expect(codes(events)).toContain("PREMATURE_RIVER");
  });
});

/**
 * Two cards for the turn; the dealer takes 6s off and `folder` folds (its cards reach the muck) 100 ms
 * after the board's report without 6s, before that report is known for a departure (the departure
 * window): the turn has not begun (three readers, 5 missed scans, seed 80 at 700 ms rounds, hand 4552:
 * the turn's first player folded, a false ACTION_OUT_OF_TURN). The fold waits for the street, as chips
 * and keys put out between rounds do.
 */
function foldBeforeTheTurnBegins(folder: number): Scene {
  const s = twoTurnCards();
  s.board("8c", "6s")
    .after(1000)
    .report("board", ...[...FLOP, "8c"].map((f) => `card:A:${f}`));
  return s.after(100).fold(folder).wait();
}

describe("reading at any pace: a fold before the turn's extra card is known gone", () => {
  it("the turn's first player (seat 2): its fold, in turn once the turn begins", () => {
    const events = play(foldBeforeTheTurnBegins(2));
    expect(codes(events)).toEqual(["BOARD_TOO_MANY"]);
    expect(events.filter((e) => e.kind === "action").at(-1)).toMatchObject({ seat: 2, action: "fold" });
  });

  it("the next one (seat 3): out of turn, told once the turn has begun", () => {
    expect(codes(play(foldBeforeTheTurnBegins(3)))).toContain("ACTION_OUT_OF_TURN");
  });
});
