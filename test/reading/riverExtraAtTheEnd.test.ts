/**
 * Two cards for the river of an all-in run-out (BOARD_TOO_MANY), and the dealer ends the hand before the
 * table has seen either leave: the deck spread for a check lists them both again (three readers, 5 missed
 * scans, seed 104 at 600 ms rounds, hand 3247; 5 missed scans and a 900 ms settle window, seeds 89 and 110
 * at 700 ms rounds). Nobody acts in a run-out: when either card as the river gives the same awards, the
 * key ends the hand on the first of them and the check begins (src/hand/riverExtra.ts); when they differ,
 * the table cannot tell the result and waits for the readers, the check refused past its wait.
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

const tags = (...faces: string[]) => faces.map((f) => `card:A:${f}`);
const SPREAD = tags("2d", "2h", "5d", "6c", "Ts");

/**
 * Seats 1–3: seat 1 (Ac Ad) all-in pre-flop, seat 2 (Kh Kd) calls; the flop 9s 8d 3c and the turn 4d; then
 * 7c and `second` together for the river. A second later the dealer presses `key`; with `deckcheck` the
 * board's next report lists the six cards and the spread, and `ok` comes once every window has run out.
 */
function twoRiverCardsThenKey(second: string, key: "deckcheck" | "shuffler"): Scene {
  const s = new Scene("").allInToTheFlop().burn("3h").board("4d").burn("5s").board("7c", second).wait(1000);
  if (key === "shuffler") return s.key("shuffler").wait(LAG + DEPART);
  return s
    .key("deckcheck")
    .after(100)
    .report("board", ...tags("9s", "8d", "3c", "4d", "7c", second), ...SPREAD)
    .after(LAG + DEPART)
    .key("ok")
    .wait();
}

const ended = (events: TableEvent[]) =>
  events.flatMap((e) => (e.kind === "hand_end" ? [`${e.result} ${JSON.stringify(e.stacks)}`] : []));

describe("reading at any pace: a run-out's two river cards, the hand ended before either was seen to leave", () => {
  it("either card as the river gives seat 1 the pot: the deck check's key ends the hand, and the check begins", () => {
    const events = play(twoRiverCardsThenKey("Jd", "deckcheck"));
    expect(events.filter((e) => e.kind === "street").map((e) => e.kind === "street" && e.street)).toContain(
      "showdown",
    );
    expect(ended(events)).toEqual([`complete ${JSON.stringify({ 1: 1400, 2: 4300, 3: 5000 })}`]);
    expect(codes(events)).toEqual(["ALLIN_TABLE_HANDS", "BOARD_TOO_MANY", "DECK_CHECK", "DECK_CHECK_RESULT"]);
  });

  it("so does the shuffler's", () => {
    const events = play(twoRiverCardsThenKey("Jd", "shuffler"));
    expect(ended(events)[0]).toBe(`complete ${JSON.stringify({ 1: 1400, 2: 4300, 3: 5000 })}`);
    expect(codes(events)).not.toContain("SHUFFLER_DURING_HAND");
  });

  it("Kc would give seat 2 the pot: the table cannot tell, the hand waits and the check is refused", () => {
    const events = play(twoRiverCardsThenKey("Kc", "deckcheck"));
    expect(codes(events)).toContain("DECK_CHECK_REFUSED");
    expect(codes(events)).not.toContain("DECK_CHECK");
  });
});
