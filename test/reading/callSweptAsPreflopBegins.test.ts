/**
 * An all-in call pushed and swept in unseen within a scan round of the deal's last card. Found by the
 * simulator only: six seats with `reading.missedScans: 5`, seed 86 at 600 ms scan rounds, hand 7300 of
 * `--inject all --noise --pace random`. Heads-up, the deal was complete late (it waited on a last hand's
 * card still listed); the small blind pressed allin and pushed, and the big blind's call was swept in
 * before its zone was scanned, 350 ms after the pre-flop street began. The pot's chips from no zone, so
 * soon after a street's start, were taken for the closed round's sweep, reported late: but pre-flop
 * closes no round. The call was never read, and the flop raised a false PREMATURE_FLOP (and the run was
 * lost). Only antes can reach the pot so late without a zone (put straight in during the deal), and only
 * as many as the pot had not shown.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 600 ms scan rounds, K = 5 (`--scan-ms 600`, `reading.missedScans: 5`). */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 600, missedScans: 5 } };
const ROUND = config.reading.scanRoundMs;

/**
 * Heads-up, seats 1 and 2 (20,000 each), button 1: seat 1 the small blind, seat 2 the big; with `antes`,
 * each posts an ante of 25, put straight into the pot and reported with the sweep. The last card lands;
 * seat 1 presses allin and pushes the rest of his stack; seat 2 pushes the rest of his, and the dealer
 * sweeps both zones, the pot reporting every chip `sweptAfter` ms after the last card, seat 2's never
 * seen on its zone. The board runs out: Ac Ad beat Kh Kd.
 */
function callSweptUnseen(sweptAfter: number, antes = false): Scene {
  const s = headsUpDealt(antes);
  const lastCard = s.now;
  const anteChips = antes ? [s.newChip(25), s.newChip(25)] : [];
  const rest = [5000, 5000, 5000, 1000, 1000, 1000, 1000, 500, 100, 100, 100];
  s.after(50)
    .key("allin")
    .after(50)
    .chips(1, ...rest, ...(antes ? [25, 25, 25] : [100]));
  const call = (antes ? [...rest.slice(0, -1), 25, 25, 25] : rest).map((d) => s.newChip(d));
  s.after(lastCard + sweptAfter - s.now).toPot(...anteChips, ...s.on("bet1"), ...s.on("bet2"), ...call);
  s.after(300).burn("2c").board("9s", "8d", "3c");
  s.after(300).clear("bet1", "bet2");
  return s.burn("3h").board("4d").burn("5s").board("7c").wait();
}

/** The shuffler, the blinds (and an ante of 25 each, unseen), and Kh Kd to seat 2, Ac Ad to seat 1. */
function headsUpDealt(antes: boolean): Scene {
  const s = new Scene("").setup({ seats: [1, 2], button: 1 });
  if (antes) s.floor({ op: "level", sb: 100, bb: 200, ante: 25, bbAnte: 0 });
  return s
    .key("shuffler")
    .chips(1, 100)
    .chips(2, 100, 100)
    .deal([
      [2, "Kh"],
      [1, "Ac"],
      [2, "Kd"],
      [1, "Ad"],
    ]);
}

/** A seat's actions but its forced bets. */
const actionsOf = (events: readonly TableEvent[], seat: number) =>
  events.filter((e) => e.kind === "action" && e.seat === seat && !["sb", "bb", "ante"].includes(e.action));

describe("reading at any pace: an all-in call swept in unseen as the pre-flop street begins", () => {
  // Seat 1's aces win everything.
  const ended = { hand: 1, result: "complete", stacks: { 1: 40000, 2: 0 } };

  for (const [side, sweptAfter] of [
    ["within a scan round of the deal's last card", ROUND - 100],
    ["more than a scan round after it", ROUND + 100],
  ] as const) {
    it(`${side}: the pot's chips from no zone are the call, and the board is not premature`, () => {
      const events = play(callSweptUnseen(sweptAfter));
      // The only alert is the all-in's: hands face up (r.16).
      expect(codes(events)).toEqual(["ALLIN_TABLE_HANDS"]);
      expect(actionsOf(events, 2)).toMatchObject([{ action: "call", to: 20000, allin: true }]);
      expect(events.filter((e) => e.kind === "hand_end")).toMatchObject([ended]);
    });
  }

  it("with the antes, unseen till then, in the same report: the antes are told apart by value, the rest is the call", () => {
    const events = play(callSweptUnseen(ROUND - 100, true));
    expect(codes(events)).toEqual(["ALLIN_TABLE_HANDS"]);
    expect(actionsOf(events, 2)).toMatchObject([{ action: "call", to: 19975, allin: true }]);
    expect(events.filter((e) => e.kind === "hand_end")).toMatchObject([ended]);
  });

  it("the antes alone, reported late: they are the antes, not the small blind's action", () => {
    const s = headsUpDealt(true);
    s.after(100).toPot(s.newChip(25), s.newChip(25));
    s.after(1500).chips(1, 100).key("check").pull().burn("2c").board("9s", "8d", "3c");
    const events = play(s.key("check").fold(1).wait());
    expect(codes(events)).toEqual([]);
    expect(actionsOf(events, 1)).toMatchObject([{ action: "call", to: 200 }, { action: "fold" }]);
    expect(events.filter((e) => e.kind === "hand_end")).toMatchObject([
      { hand: 1, stacks: { 1: 19775, 2: 20225 } },
    ]);
  });
});

const play = (scene: Scene): TableEvent[] => playScene(config, scene);
