/**
 * A shuffler press that waits for the hand to end on a judgement still to come (the deck's collection,
 * the readers' lag and the departure window after the hand's own press), and the dealer deals on at
 * once. Before, the cards dealt meanwhile were read into the hand still in play: a re-deal after a
 * misdeal the press declared became that hand's preflop and a card too many (a false
 * MISDEAL_CARD_COUNT), then, listed at the new hand's start, the last hand's cards left out (a false
 * DECK_NOT_COLLECTED), and the re-deal was never read.
 *
 * Now the cards reported more than a scan round after such a press (one reported sooner may have landed
 * before it) wait with the bets read meanwhile: the next hand's deal if the hand ends, the hand's own if
 * the press is refused (src/table/core.ts `cardsAfterPress`). And the blinds put out again after the
 * press that declared the misdeal are the re-deal's, however soon the bridge reports them: before, they
 * were read as the misdealt hand's chips for the readers' lag, and the small blind's call as its blind
 * shown (three readers, 5 missed scans, seed 80 at 700 ms rounds, hand 1056: a false
 * ACTION_OUT_OF_TURN, UNDERRAISE and PREMATURE_FLOP, every later hand lost).
 *
 * On the scene DSL's table (seats 1–4), with 700 ms rounds and 5 missed scans: hand 1 checked down with
 * every card left out; hand 2 (button 1, the deal from seat 2).
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 700, missedScans: 5 } };

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

const ofHand = (events: readonly TableEvent[], hand: number) => {
  const from = events.findIndex((e) => e.kind === "hand_start" && e.hand === hand);
  const to = events.findIndex((e) => e.kind === "hand_start" && e.hand === hand + 1);
  return events.slice(from, to < 0 ? undefined : to);
};

const DEAL = [
  ["seat2", ["card:A:Ah"]],
  ["seat3", ["card:A:Kh"]],
  ["seat4", ["card:A:Qh"]],
  ["seat1", ["card:A:Jh"]],
  ["seat2", ["card:A:Ah", "card:A:Ad"]],
  ["seat3", ["card:A:Kh", "card:A:Kd"]],
  ["seat4", ["card:A:Qh", "card:A:Qd"]],
  ["seat1", ["card:A:Jh", "card:A:Jd"]],
] as const;

/** The deal's reports `from` … `to` (both rounds from seat 2), the first `gap` ms on, the rest 100 ms apart. */
function deal(s: Scene, gap: number, from: number, to: number = DEAL.length): Scene {
  DEAL.slice(from, to).forEach(([antenna, tags], i) => s.after(i === 0 ? gap : 100).report(antenna, ...tags));
  return s;
}

/**
 * Hand 2: the blinds, 9c to seat 3 (the big blind) beside its last hand; the dealer presses the shuffler
 * 1 s later to declare the misdeal, collects every card, and deals again 1.5 s later.
 */
function redealWhilePressWaits(reposted = false): Scene {
  const s = new Scene("").checkedDownCardsLeftOut();
  s.after(600).chips(2, 100).after(100).chips(3, 100, 100);
  const blinds = [...s.on("bet2"), ...s.on("bet3")];
  s.after(500).report("seat3", "card:A:2c", "card:A:3c", "card:A:9c");
  s.after(1000).key("shuffler");
  if (reposted) {
    // The blinds taken back and put out again 0.4 s after the press, the old chips listed K scans late.
    s.after(400).chips(2, 100).after(20).chips(3, 100, 100);
  }
  for (const a of ["seat1", "seat2", "seat3", "seat4", "board", "burn", "muck"]) s.after(20).clear(a);
  deal(s, reposted ? 960 : 1400, 0);
  // The old blinds reported gone after the deal (K scans late), once hand 3 has begun.
  if (reposted)
    s.after(100)
      .removeFrom("bet2", ...blinds)
      .after(20)
      .removeFrom("bet3", ...blinds);
  // Hand 3's pre-flop: seats 4 and 1 call, the small blind completes, the big blind checks.
  if (reposted) s.after(300).chips(4, 100, 100).after(300).chips(1, 100, 100).after(300).chips(2, 100);
  if (reposted) s.after(300).key("check");
  return s.wait(9000);
}

/**
 * Hand 2: every card of hand 1 reported collected, the blinds, the deal's first two cards; the dealer
 * presses the shuffler by mistake 100 ms later and deals on: seat 4's card within a scan round of the
 * press, the rest after it.
 */
function pressMidDeal(): Scene {
  const s = new Scene("").checkedDownCardsLeftOut();
  for (const a of ["seat1", "seat2", "seat3", "seat4", "board", "burn", "muck"]) s.after(20).clear(a);
  s.after(300).chips(2, 100).after(100).chips(3, 100, 100);
  deal(s, 700, 0, 2).after(100).key("shuffler");
  deal(s, 100, 2, 3);
  return deal(s, config.reading.scanRoundMs, 3).wait(9000);
}

describe("reading at any pace: cards dealt while a shuffler press waits for the hand to end", () => {
  it("a re-deal begun at once after the misdeal the press declares is the next hand's deal", () => {
    const events = play(redealWhilePressWaits());
    expect(codes(ofHand(events, 2))).toEqual(["MISDEAL_FIRST_CARD"]);
    expect(ofHand(events, 2).find((e) => e.kind === "hand_end")).toMatchObject({ result: "misdeal" });
    const hand3 = ofHand(events, 3);
    expect(hand3[0]).toMatchObject({ kind: "hand_start", redeal: true });
    expect(codes(hand3)).toEqual([]);
    expect(hand3.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
  });

  it("refused (the hand goes on), the cards dealt meanwhile are the hand's: its deal whole at the refusal", () => {
    const events = play(pressMidDeal());
    const hand2 = ofHand(events, 2);
    expect(codes(hand2)).toEqual(["SHUFFLER_DURING_HAND"]);
    const press = hand2.find((e) => e.kind === "alert")?.t ?? Number.NaN;
    const preflop = hand2.find((e) => e.kind === "street" && e.street === "preflop");
    // Read when the press is refused, the readers' lag after it (not before: the cards waited).
    expect(preflop?.t).toBe(press);
    expect(events.some((e) => e.kind === "hand_start" && e.hand === 3)).toBe(false);
  });

  it("the blinds put out again within a scan round of the press are the re-deal's: the small blind's call is read", () => {
    const events = play(redealWhilePressWaits(true));
    const hand3 = ofHand(events, 3);
    expect(codes(hand3)).toEqual([]);
    const acted = hand3.flatMap((e) => (e.kind === "action" ? [`${e.seat} ${e.action} ${e.to}`] : []));
    expect(acted).toEqual(["2 sb 100", "3 bb 200", "4 call 200", "1 call 200", "2 call 200", "3 check 200"]);
  });
});
