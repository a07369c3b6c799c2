/**
 * The `deckcheck` key reads chips that left a bet zone unread as the seat's action, as the shuffler
 * press does (./callPushedWithThePot.test.ts). Found by the simulator only: hold'em on a two-deck table
 * with settleWindowMs 900, `--focus` seed 43 at 600 ms scan rounds, hand 3089 of `--inject all --noise
 * --pace random`. Heads-up on the river, seat 8 bet 7,250 and seat 1 called; the dealer pushed both
 * bets to the winner inside the call's settle window, collected the cards and pressed `deckcheck`. The
 * call's zone had been reported empty, unread: the hand went on waiting for seat 1, the spread deck's
 * second Jh was read into it (DUPLICATE_CARD), the call told taken back, the check refused, the press
 * refused (SHUFFLER_DURING_HAND), and every later hand of the run was lost.
 *
 * The key says the dealer has ended the hand (spec: `deckcheck` is between hands). Here the same motion
 * on the scene DSL's table, with the key on both sides of the reading's window (one scan round after
 * the empty report, when chips seen nowhere are taken back) and of the hand's wait for a call that would
 * end the river (the readers' lag, when CHIPS_TAKEN_BACK is told), and with the empty report on both
 * sides of the key.
 */
import { describe, expect, it } from "vitest";
import type { TableEvent } from "../../src/contract/index.js";
import { fullDeck } from "../../src/rules/cards.js";
import type { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";
import { betAndCallOut, config, ROUND, SETTLE, TAKEN_BACK, WAIT } from "./riverCallOut.js";

/** The deck spread for the check: whole but for a second Jh in place of the Qc. */
const SPREAD = fullDeck().map((f) => (f === "Qc" ? "card:A:Jh/2" : `card:A:${f}`));

/**
 * Seats 1–4, button 1, blinds 100/200. Seats 4 and 1 fold, seat 2 completes and seat 3 checks; the
 * flop and turn are checked. On the river (board Qs Jd 4h 8c 6s) seat 2 bets 500 and seat 3 puts out
 * 500, whose zone is reported empty `emptied` ms later (the dealer pushed it to the winner). `deckcheck`
 * is pressed `key` ms after that report (or, when `key` is negative, that long before it); the bridge's
 * late reports of the collected table follow, the deck is spread on the board and the burn (the board's
 * report goes from the river to the spread: the sim's run), `ok`, and the shuffler.
 */
function deckCheckAfterCallPushed(emptied: number, key: number): Scene {
  const s = betAndCallOut();
  if (key >= 0) s.after(emptied).report("bet3").after(key).key("deckcheck");
  else
    s.after(emptied + key)
      .key("deckcheck")
      .after(-key)
      .report("bet3");
  // The cards and chips collected; the deck spread on the board before its river was reported gone (the
  // spread holds the board's cards: its report lists some of them still, the rest leave for the burn).
  s.after(ROUND).clear("bet2", "seat2", "seat3", "muck", "pot", "burn");
  s.after(300)
    .report("board", ...SPREAD.slice(0, 26))
    .after(600)
    .report("burn", ...SPREAD.slice(26));
  return s
    .after(500)
    .key("ok")
    .wait(ROUND + 100)
    .key("ok")
    .after(400)
    .collect()
    .after(300)
    .key("shuffler")
    .wait();
}

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

describe("reading at any pace: a deck check pressed after a river call pushed to the winner unread", () => {
  // Seat 2's kings win the pot of 1,400 (400 pre-flop, 500 and 500 on the river) from seat 3's queen high.
  const ended = { hand: 1, result: "complete", stacks: { 1: 20000, 2: 20700, 3: 19300, 4: 20000 } };

  for (const key of [TAKEN_BACK - 1, TAKEN_BACK + 1, WAIT - 1, WAIT + 1]) {
    it(`the key ${key} ms after the empty report (the wait is ${WAIT}): the call as it stood, the hand ends at the key, the check reads the spread`, () => {
      const events = play(deckCheckAfterCallPushed(SETTLE - 100, key));
      // Past the wait the dealer was told first (as the press past it, ./callPushedWithThePot.test.ts).
      const told = key > WAIT ? ["CHIPS_TAKEN_BACK"] : [];
      expect(codes(events)).toEqual([...told, "DECK_CHECK", "DECK_CHECK_RESULT"]);
      expect(events.find((e) => e.kind === "action" && e.seat === 3 && e.action === "call")).toMatchObject({
        to: 500,
      });
      const end = events.find((e) => e.kind === "hand_end");
      expect(end).toMatchObject(ended);
      const keyAt = events.find((e) => e.kind === "alert" && e.code === "DECK_CHECK")?.t;
      expect(end?.t).toBe(keyAt);
      expect(events.find((e) => e.kind === "deck_check")).toMatchObject({
        cards: 52,
        missing: ["Qc"],
        duplicates: ["Jh"],
        foreign: [],
      });
      expect(events.flatMap((e) => (e.kind === "hand_start" ? [e.hand] : []))).toEqual([1, 2]);
    });
  }

  it("the key 1 ms before the empty report: the chips still out are read at the key as the call, and the hand ends", () => {
    const events = play(deckCheckAfterCallPushed(SETTLE - 100, -1));
    expect(codes(events)).toEqual(["DECK_CHECK", "DECK_CHECK_RESULT"]);
    expect(events.find((e) => e.kind === "hand_end")).toMatchObject(ended);
    expect(events.find((e) => e.kind === "deck_check")).toMatchObject({
      missing: ["Qc"],
      duplicates: ["Jh"],
    });
  });

  it("a zone read before the key is not read again: the call settled in its window, then the key", () => {
    const events = play(deckCheckAfterCallPushed(SETTLE + 100, 100));
    expect(codes(events)).toEqual(["DECK_CHECK", "DECK_CHECK_RESULT"]);
    expect(events.filter((e) => e.kind === "action" && e.seat === 3 && e.action === "call")).toHaveLength(1);
    expect(events.find((e) => e.kind === "hand_end")).toMatchObject(ended);
  });
});
