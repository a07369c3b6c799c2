/**
 * A fold reported while the call before it is still unread: its chips swept in before their zone was
 * read, the pot's report of them to come. Found by the simulator only: hold'em `--focus` with
 * `reading.missedScans: 2`, seed 23 at 600 ms scan rounds, hand 2562 (and two more in the run). Seat 2
 * called, the next seat folded and the dealer swept at once; the call's zone was reported empty inside
 * its settle window, the folded cards reached the muck 100 ms later, and the pot's report 180 ms after
 * that. The muck was read first: ACTION_OUT_OF_TURN for the folding seat, cleared when the pot read the
 * call. Now a fold on the muck while a bet zone's chips are unread waits for the pot's report of them
 * (K scan rounds and 1 ms: src/reading/chipZones.ts emptiedDue).
 *
 * Here on the scene DSL's table, with the pot's report on both sides of the window in which unread chips
 * that left a zone may still reach the pot (K rounds and 1 ms after the zone's empty report); the fold's
 * wait (as long, from the muck's report) ends later, so it is the pot's window that decides.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 600 ms scan rounds (`--scan-ms 600`). */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 600 } };
const ROUND = config.reading.scanRoundMs;
const SETTLE = config.settleWindowMs + ROUND;
/** The pot's report of chips swept from a zone may come this long after the zone's empty report. */
const SWEPT = config.reading.missedScans * ROUND;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Seats 1–4, button 1, blinds 100/200. Seat 4 raises to 600 and seat 1 calls (both read); seat 2 (the
 * small blind) puts out 500 more, a call. 300 ms later its zone is reported empty (swept, unread), then
 * seat 3 (the big blind) folds: its cards reach the muck 100 ms later. The pot reports every chip `pot`
 * ms after the call's zone was reported empty. Then the flop, checked by seat 2.
 */
function foldWhileCallUnread(pot: number): Scene {
  const s = new Scene("")
    .setup()
    .standardDeal()
    .chips(4, 500, 100)
    .wait(SETTLE + 200);
  s.chips(1, 500, 100)
    .wait(SETTLE + 200)
    .chips(2, 500);
  const swept = ["bet1", "bet2", "bet3", "bet4"].flatMap((zone) => s.on(zone));
  const folded = s.on("seat3");
  s.after(300)
    .report("bet2")
    .after(50)
    .report("seat3")
    .after(50)
    .addTo("muck", ...folded);
  s.after(pot - 100)
    .toPot(...swept)
    .after(20)
    .clear("bet1", "bet3", "bet4");
  return s.burn("2c").board("Qs", "Jd", "4h").key("check").wait();
}

/**
 * The fold's wait does not read what comes after it: seat 4 raises to 600 (read); seat 1's call is swept
 * unread (its zone reported empty) and seat 2 folds 100 ms later; the pot reports the call 200 ms after
 * the zone; seat 3 (the big blind) calls in two motions of 200, 200 ms before and after the end of the
 * fold's wait (K scan rounds and 1 ms after the fold's report). Then the flop.
 */
function callAcrossTheFoldsWait(): Scene {
  const s = new Scene("")
    .setup()
    .standardDeal()
    .chips(4, 500, 100)
    .wait(SETTLE + 200);
  s.chips(1, 500, 100);
  const swept = ["bet1", "bet2", "bet4"].flatMap((zone) => s.on(zone));
  const folded = s.on("seat2");
  s.after(300)
    .report("bet1")
    .after(50)
    .report("seat2")
    .after(50)
    .addTo("muck", ...folded);
  s.after(100)
    .toPot(...swept)
    .after(SWEPT + 1 - 100 - 200)
    .chips(3, 100, 100)
    .after(400)
    .chips(3, 100, 100);
  return s
    .wait(SETTLE + 200)
    .burn("2c")
    .board("Qs", "Jd", "4h")
    .wait();
}

const actions = (events: readonly TableEvent[]) =>
  events.flatMap((e) => (e.kind === "action" ? [`${e.seat} ${e.action} ${e.to}`] : []));

describe("reading at any pace: a fold on the muck while the call before it is unread", () => {
  it("the pot's report within K scan rounds of the zone's: the call, then the fold in turn; no alert", () => {
    const events = play(foldWhileCallUnread(SWEPT));
    expect(codes(events)).toEqual([]);
    expect(actions(events).slice(2)).toEqual([
      "4 raise 600",
      "1 call 600",
      "2 call 600",
      "3 fold 200",
      "2 check 0",
    ]);
  });

  it("a call in two motions across the end of the fold's wait: read whole once settled, no UNDERCALL", () => {
    const events = play(callAcrossTheFoldsWait());
    expect(codes(events)).toEqual([]);
    expect(actions(events).slice(2)).toEqual(["4 raise 600", "1 call 600", "2 fold 100", "3 call 600"]);
  });

  it("past the window: the call's chips were taken back, and the fold was out of turn", () => {
    const events = play(foldWhileCallUnread(SWEPT + 2));
    expect(codes(events)).toEqual(expect.arrayContaining(["CHIPS_TAKEN_BACK", "ACTION_OUT_OF_TURN"]));
  });
});
