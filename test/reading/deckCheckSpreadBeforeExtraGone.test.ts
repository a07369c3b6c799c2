/**
 * The deck spread on the board while the hand still waits for the river's extra card to be reported
 * gone. Found by the simulator only: three readers (the board, burn, muck and pot on their own), 5 missed
 * scans, seed 80 at 700 ms rounds (no focus), hand 662: two cards came for the river (BOARD_TOO_MANY);
 * the dealer took the second off and pressed `deckcheck` before the bridge reported it gone, then spread
 * the deck on the board. The board's next report listed the spread without the extra card, and the hand
 * read the spread as its board: a showdown on 30 cards, INPUT_NOT_APPLIED, and every later hand lost.
 *
 * While a check asked for during a hand waits for it to end, cards arriving on the board, the burn or a
 * seat are the spread, held back from the hand (src/table/deckChecks.ts withoutSpread); the hand ends on
 * the extra card's departure and the check begins. Past the check's wait (the readers' lag from the key)
 * the check is refused and what was held is the hand's. Here on the DSL's three-handed all-in, the extra
 * card known gone on both sides of that wait.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const DEPART = config.reading.departWindowMs;
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

const BOARD = ["9s", "8d", "3c", "4d", "7c"].map((f) => `card:A:${f}`);
const SPREAD = ["Kd", "Ks", "Qh", "Qs", "Jh"].map((f) => `card:A:${f}`);

/**
 * Seats 1–3, seat 1 (Ac Ad) all-in pre-flop and seat 2 (Kh Kd) calls; the flop and the turn; then 7c and
 * Kc together for the river (which one is the river decides the pot: src/hand/riverExtra.ts). The dealer
 * takes Kc off and presses `deckcheck`; the board's next report, `reported` ms after the key, lists the
 * hand's board and the spread, without Kc; then `ok`.
 */
const spreadBeforeExtraGone = (reported: number) =>
  new Scene("")
    .twoRiverCards("Kc")
    .key("deckcheck")
    .after(reported)
    .report("board", ...BOARD, ...SPREAD)
    .after(LAG + DEPART)
    .key("ok")
    .wait();

describe("reading at any pace: the deck spread while the river's extra card is reported gone", () => {
  it("known gone within the check's wait: the hand ends on the river it had, and the check reads the spread", () => {
    const events = play(spreadBeforeExtraGone(LAG - DEPART - 1));
    const streets = events.flatMap((e) => (e.kind === "street" ? [[e.street, e.board.join(" ")]] : []));
    expect(streets.slice(-2)).toEqual([
      ["river", "9s 8d 3c 4d 7c"],
      ["showdown", "9s 8d 3c 4d 7c"],
    ]);
    expect(events.flatMap((e) => (e.kind === "hand_end" ? [e.result] : []))).toEqual(["complete"]);
    expect(codes(events)).toEqual(["ALLIN_TABLE_HANDS", "BOARD_TOO_MANY", "DECK_CHECK", "DECK_CHECK_RESULT"]);
  });

  it("known gone past it: the check is refused, and the cards held back are the hand's", () => {
    const events = play(spreadBeforeExtraGone(LAG - DEPART + 100));
    expect(codes(events)).toContain("DECK_CHECK_REFUSED");
    expect(codes(events)).not.toContain("DECK_CHECK");
  });
});

/**
 * The extra card reported gone from the board with the spread, and listed in the spread on the burn
 * `moved` ms later (sim `k5s900`: 5 missed scans and a 900 ms settle window, seed 89 at 700 ms rounds,
 * hand 4140, 29 ms later). Inside the board's departure window that is a move, not a departure: the burn's
 * arrival is the spread's, and the hand is told only that the card left the board.
 */
const extraMovedToTheSpread = (moved: number) =>
  new Scene("")
    .twoRiverCards("Kc")
    .key("deckcheck")
    .after(LAG - DEPART - 200)
    .report("board", ...BOARD, ...SPREAD)
    .after(moved)
    .report("burn", "card:A:2c", "card:A:3h", "card:A:5s", "card:A:Kc", "card:A:Tc")
    .after(LAG + DEPART)
    .key("ok")
    .wait();

describe("reading at any pace: the river's extra card reported gone, then listed in the spread", () => {
  for (const [side, moved] of [
    ["inside the board's departure window (a move)", DEPART - 1],
    ["past it (a departure, then an arrival)", DEPART + 1],
  ] as const) {
    it(`${side}: the hand ends on the river it had, and the check reads the spread`, () => {
      const events = play(extraMovedToTheSpread(moved));
      const streets = events.flatMap((e) => (e.kind === "street" ? [[e.street, e.board.join(" ")]] : []));
      expect(streets.slice(-2)).toEqual([
        ["river", "9s 8d 3c 4d 7c"],
        ["showdown", "9s 8d 3c 4d 7c"],
      ]);
      expect(events.flatMap((e) => (e.kind === "hand_end" ? [e.result] : []))).toEqual(["complete"]);
      expect(codes(events)).toEqual([
        "ALLIN_TABLE_HANDS",
        "BOARD_TOO_MANY",
        "DECK_CHECK",
        "DECK_CHECK_RESULT",
      ]);
    });
  }

  it("listed on the burn while the board still lists it: no departure is made up for the hand", () => {
    const events = play(
      new Scene("")
        .twoRiverCards("Kc")
        .key("deckcheck")
        .after(LAG - DEPART - 200)
        .report("burn", "card:A:2c", "card:A:3h", "card:A:5s", "card:A:Kc", "card:A:Tc")
        .after(LAG + DEPART + 100)
        .key("ok")
        .wait(),
    );
    expect(codes(events)).toContain("DECK_CHECK_REFUSED");
  });
});
