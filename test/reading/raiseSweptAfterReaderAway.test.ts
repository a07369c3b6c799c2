/**
 * Bets are read in the order they were put out, even when the first is swept before its zone was read.
 * Found by the simulator only: hold'em `--focus` with `reading.missedScans: 2` and `settleWindowMs: 900`,
 * seed 63 at 700 ms scan rounds, hand 4402. The first seat's raise went out just before the bridge went
 * away (its window waits while the reader is away) and the small blind called during the outage. Back
 * online, the dealer swept the raise first: its zone's empty report moved the action on, so the call was
 * read at once, before the raise whose chips were on their way to the pot: a false ACTION_OUT_OF_TURN and
 * UNDERCALL, then PREMATURE_FLOP and a missed ALLIN_TABLE_HANDS.
 *
 * Now a bet zone whose chips came after another zone's unread chips left it waits for where they went:
 * the pot's report (the raise, then the call) or their window (taken back: then the call is out of turn).
 * The reader's outage starts every zone's settle window again, so the order is when the chips first came,
 * not the window's start. Here three-handed (button 3; seat 1 small blind, seat 2 big blind), the pot's
 * report on both sides of the emptied zone's window (K scan rounds from its report, chipZones.ts).
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 700 ms scan rounds, 2 missed scans, a 900 ms settle window (k2s900.yaml). */
const base = loadConfig();
const config = {
  ...base,
  settleWindowMs: 900,
  reading: { ...base.reading, scanRoundMs: 700, missedScans: 2 },
};
/** How long unread chips that left a zone may take to reach the pot's report: K scan rounds. */
const EMPTIED_WINDOW = config.reading.missedScans * config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Seat 3 declares a raise and puts out 600; 1.5 s later (its zone not yet read: the settle window and a
 * round) the bridge goes away for 2.4 s, during which seat 1 completes its call to 600. Back online, the
 * big blind's call goes in unseen; the dealer sweeps seat 3's zone first (reported empty 1.3 s after the
 * reconnection), and the pot reports every bet `potAfter` ms after that; the flop follows.
 */
function raiseSweptFirst(potAfter: number): Scene {
  const s = new Scene("").setup({ seats: [1, 2, 3], button: 3 }).threeHandedDeal();
  s.key("raise").after(180).chips(3, 500, 100);
  s.after(1500).reader("bridge", "offline");
  s.after(2400).chips(1, 500).after(0).reader("bridge", "online");
  const bigBlindsCall = ["chip:100:91", "chip:100:92", "chip:100:93", "chip:100:94"];
  const bets = [...s.on("bet3"), ...s.on("bet1"), ...s.on("bet2"), ...bigBlindsCall];
  s.after(1300).report("bet3");
  s.after(potAfter)
    .toPot(...bets)
    .after(20)
    .report("bet1")
    .after(20)
    .report("bet2");
  return s.burn("2c").board("Qs", "Jd", "4h").wait(5000);
}

const preflop = (events: readonly TableEvent[]) =>
  events.flatMap((e) =>
    e.kind === "action" && !["sb", "bb"].includes(e.action) ? [`${e.seat} ${e.action} ${e.to}`] : [],
  );

describe("reading at any pace: a raise swept first, its zone unread, after a reader's outage", () => {
  it("the pot reports it at the emptied zone's window's end: the raise, then the two calls; no alert", () => {
    const events = play(raiseSweptFirst(EMPTIED_WINDOW));
    expect(codes(events)).toEqual(["READER_OFFLINE"]);
    expect(preflop(events)).toEqual(["3 raise 600", "1 call 600", "2 call 600"]);
    expect(events.some((e) => e.kind === "street" && e.street === "flop")).toBe(true);
  });

  it("past that window the raise was taken back: told first, and only then the call out of turn", () => {
    const events = play(raiseSweptFirst(EMPTIED_WINDOW + 100));
    expect(codes(events).slice(0, 3)).toEqual(["READER_OFFLINE", "CHIPS_TAKEN_BACK", "ACTION_OUT_OF_TURN"]);
  });
});
