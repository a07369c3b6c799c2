/**
 * A call short of the bet waits one scan round for the pot (the rest may be swept in before its zone's
 * next scan). The dealer's sweep begins with another zone read empty, and the pot then reports the rest:
 * the emptied zone is the sweep, not a move after the push. Found by the simulator (a table with 2 missed
 * scans, seed 206 at 300 ms rounds, hand 4858): the emptied zone read the push as it stood, a false
 * UNDERCALL that the pot's report, in the same input, cleared at once.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const ROUND = config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

const chip = (denomination: number, serial: number) => `chip:${denomination}:${serial}`;

/**
 * Seats 1–4, button 1; seat 1 folds pre-flop, the flop is checked through. On the turn seat 2 bets 950
 * (two motions), seat 3 calls 950; seat 4 puts out 600 and then the rest (350), which the dealer sweeps
 * in with the round before bet4 is scanned again. bet2's report empty begins the sweep (and reads bet4
 * as it stands: the action has moved on); the pot reports everything `potAfter` ms later.
 */
const callSweptShort = (potAfter: number) => {
  const s = new Scene("")
    .setup()
    .standardDeal()
    .chips(4, 100, 100)
    .fold(1)
    .chips(2, 100)
    .key("check")
    .pull()
    .burn("5d")
    .board("2c", "Qh", "6c")
    .key("check")
    .key("check")
    .key("check")
    .burn("8h")
    .board("Js")
    .chips(2, 500, 100)
    .after(300)
    .chips(2, 100, 100, 100, 25, 25)
    .after(2000)
    .chips(3, 500, 100, 100, 100, 100, 25, 25)
    .after(2000)
    .chips(4, 500, 100)
    .after(300)
    .report("bet2");
  // The round's bets (serials 7–22 as the scene numbered them) and seat 4's rest, never on its zone.
  const bets = [500, 100, 100, 100, 100, 25, 25, 500, 100, 100, 100, 100, 25, 25, 500, 100];
  const swept = [
    ...bets.map((d, i) => chip(d, 7 + i)),
    ...[100, 100, 100, 25, 25].map((d, i) => chip(d, 90 + i)),
  ];
  return s
    .after(potAfter)
    .toPot(...swept)
    .after(200)
    .report("bet3")
    .after(100)
    .report("bet4")
    .wait(3000);
};

describe("a short call waiting for the pot when the sweep begins with another zone", () => {
  it("the pot reports the rest within a scan round: seat 4 called 950, nothing raised", () => {
    const events = play(callSweptShort(ROUND - 1));
    expect(codes(events)).toEqual([]);
    const seat4 = events.filter((e) => e.kind === "action" && e.seat === 4);
    expect(seat4.at(-1)).toMatchObject({ action: "call", amount: 950, to: 950 });
  });

  it("past the round: the push is read as it stood (UNDERCALL), and the rest swept in pays it", () => {
    const events = play(callSweptShort(ROUND + 1));
    expect(codes(events)).toContain("UNDERCALL");
    expect(events.filter((e) => e.kind === "alert_clear" && e.code === "UNDERCALL")).toHaveLength(1);
  });
});
