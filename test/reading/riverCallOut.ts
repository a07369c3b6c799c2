/**
 * The table and scene shared by the tests of a river call pushed to the winner before its zone was read
 * (./callPushedWithThePot.test.ts: then the shuffler; ./deckCheckAfterCallPushed.test.ts: then the deck
 * check): the simulator's 600 ms scan rounds, the reading's windows on it, and the hand up to the call.
 */
import { loadConfig } from "../../src/config/config.js";
import { Scene } from "../scenarios/dsl.js";

/** The simulator's run: 600 ms scan rounds (`--scan-ms 600`). */
const base = loadConfig();
export const config = { ...base, reading: { ...base.reading, scanRoundMs: 600 } };
export const ROUND = config.reading.scanRoundMs;
/** A bet is read once its zone has been steady this long (the settle window plus one scan round). */
export const SETTLE = config.settleWindowMs + ROUND;
/**
 * When the zone's chips, gone unread and seen nowhere, are taken back: K scan rounds and 1 ms after (the
 * pot's report of a sweep may come that late: src/reading/chipZones.ts emptiedDue).
 */
export const TAKEN_BACK = config.reading.missedScans * ROUND + 1;
/**
 * A call that would end the river's betting waits longer to be told taken back: the readers' lag from
 * the zone's emptying (the pot pushed with it is reported gone that late), and 1 ms.
 */
export const LAG = (config.reading.missedScans + 1) * ROUND;
export const WAIT = LAG + 1;

/**
 * Seats 1–4, button 1, blinds 100/200. Seats 4 and 1 fold, seat 2 completes and seat 3 checks; the flop
 * (Qs Jd 4h) and, on the river, the turn and river checked (board Qs Jd 4h 8c 6s). Then seat 2 bets 500
 * and, once that is read, seat 3 puts out 500: the scene goes on from the call's chips landing.
 */
export function betAndCallOut(street: "river" | "flop" = "river"): Scene {
  const s = new Scene("").setup().standardDeal().fold(4).fold(1).chips(2, 100).key("check").pull();
  s.burn("2c").board("Qs", "Jd", "4h");
  if (street === "river") {
    s.key("check").key("check").burn("3c").board("8c").key("check").key("check");
    s.burn("5d").board("6s");
  }
  return s
    .chips(2, 500)
    .wait(SETTLE + 200)
    .chips(3, 500);
}
