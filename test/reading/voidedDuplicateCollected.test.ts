/**
 * After a duplicate card voids a hand, both copies are collected but still listed on their seats
 * (K scans late) when the next deal begins: each reads as dealt again when a new card lands beside it,
 * and one that then leaves within the readers' lag after the press was the collected card, out of
 * play. Found by the simulator (reading.missedScans 5, seed 207, 600 ms rounds, hand 3592): 9h and
 * 9h/2 voided hand 3591; in 3592 seat 5's 9h/2 read as dealt again beside its first card, then left;
 * seat 1, dealt the other 9h again, read it as a second 9h in play: a false DUPLICATE_CARD, the hand
 * voided, and the run never recovered.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

const config = loadConfig();
const ROUND = config.reading.scanRoundMs;
const LAG = (config.reading.missedScans + 1) * ROUND;
const GAP = 40;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/** One round of the deal: a card to each seat in turn, 40 ms apart. */
const dealRound = (s: Scene, cards: readonly (readonly [number, string])[]): Scene => {
  for (const [seat, face] of cards) s.after(GAP).deal([[seat, face]]);
  return s;
};

/** Hand 2's second round, from seat 2 (button 1). */
const SECOND_ROUND = [
  [2, "5c"],
  [3, "6c"],
  [4, "7c"],
  [1, "8c"],
] as const;

/**
 * Hand 1 (button 4): seat 1 9h/2, seat 2 Kh, seat 3 9h: a duplicate; the floor voids it. The dealer
 * collects every card (seat 2 reports Kh gone before the press; seats 1 and 3 list 9h/2 and 9h on) and
 * presses the shuffler. Hand 2 (button 1): the first round from seat 2, 40 ms apart, seat 3's card
 * beside the 9h it still lists, seat 1's (the button's) the 9h/2 dealt to it again, unseen; seat 3
 * reports 9h gone `gone` ms after the press; then the second round, seat 1's card beside the 9h/2.
 */
const duplicateVoidedThenDealt = (gone: number) => {
  const s = new Scene("").setup({ button: 4 }).key("shuffler").chips(1, 100).chips(2, 100, 100);
  s.addTo("seat1", "card:A:9h/2").deal([
    [2, "Kh"],
    [3, "9h"],
  ]);
  s.floor({ op: "ruling", ruling: "void" }).clear("seat2", "bet1", "bet2").key("shuffler");
  s.after(GAP).chips(2, 100).after(GAP).chips(3, 100, 100);
  dealRound(s, [
    [2, "2c"],
    [3, "3c"],
    [4, "4c"],
  ]);
  s.after(gone - 5 * GAP).report("seat3", "card:A:3c");
  return dealRound(s, SECOND_ROUND).wait();
};

describe("a voided hand's duplicate copies, collected and listed late beside the next deal's cards", () => {
  it("one read as dealt again that leaves within the readers' lag is out of play: the other, dealt again, is no duplicate", () => {
    for (const gone of [4 * GAP + ROUND + 1, LAG - 1]) {
      const events = play(duplicateVoidedThenDealt(gone));
      const hand2 = events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));
      expect(codes(hand2)).toEqual([]);
      expect(hand2.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
    }
  });

  it("one that leaves 1 ms past the readers' lag was dealt again and was in play: the other copy is a duplicate", () => {
    const events = play(duplicateVoidedThenDealt(LAG + 1));
    const hand2 = events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));
    expect(codes(hand2)).toContain("DUPLICATE_CARD");
  });
});

/**
 * The same, with the other copy dealt anew: found by the simulator (a six-seat table with
 * reading.missedScans 5, `--focus` seed 42 at 600 ms rounds, hand 8923). 3c/2 voided hand 8922 as its
 * first card; collected 0.4 s before the press, it was still listed beside seat 3's first card of the
 * next hand and read as dealt again; the deck's 3c, dealt to seat 4 before the bridge reported 3c/2
 * gone, read as a second 3c in play: a false DUPLICATE_CARD, and the hand's deal never whole (no rule 14
 * when it went all-in).
 *
 * Hand 1 (button 4): seat 1 9h, seat 2 Kh, seat 3 9h/2: a duplicate; the floor voids it. Seats 1 and 2
 * report their cards gone before the press; seat 3 lists 9h/2 on. Hand 2 (button 1): the first round
 * from seat 2, 40 ms apart: seat 2 2c, seat 3 3c (beside 9h/2), seat 4 the deck's 9h, seat 1 4c (with
 * `deckCopyFirst`, the deck's 9h to seat 2 and 2c to seat 4); seat 3 reports 9h/2 gone `gone` ms after
 * the press; then the second round.
 */
const duplicateLeftBesideTheOtherCopy = (gone: number, deckCopyFirst = false) => {
  const s = new Scene("").setup({ button: 4 }).key("shuffler").chips(1, 100).chips(2, 100, 100);
  s.deal([
    [1, "9h"],
    [2, "Kh"],
  ]).addTo("seat3", "card:A:9h/2");
  s.floor({ op: "ruling", ruling: "void" }).clear("seat1", "seat2", "bet1", "bet2").key("shuffler");
  s.after(GAP).chips(2, 100).after(GAP).chips(3, 100, 100);
  dealRound(s, [
    [2, deckCopyFirst ? "9h" : "2c"],
    [3, "3c"],
    [4, deckCopyFirst ? "2c" : "9h"],
    [1, "4c"],
  ]);
  s.after(gone - 6 * GAP).report("seat3", "card:A:3c");
  return dealRound(s, SECOND_ROUND).wait();
};

describe("a voided hand's duplicate, collected and listed late beside the next deal's cards, its other copy dealt anew", () => {
  const hand2 = (events: TableEvent[]) =>
    events.slice(events.findIndex((e) => e.kind === "hand_start" && e.hand === 2));

  it("the duplicate leaves within the readers' lag: it was collected, the deck's copy is no duplicate, the deal is whole", () => {
    for (const gone of [6 * GAP + ROUND + 1, LAG - 1]) {
      const events = hand2(play(duplicateLeftBesideTheOtherCopy(gone)));
      expect(codes(events)).toEqual([]);
      expect(events.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
    }
  });

  it("the duplicate leaves 1 ms past the readers' lag: it was dealt again and in play, the deck's copy is a duplicate", () => {
    const events = hand2(play(duplicateLeftBesideTheOtherCopy(LAG + 1)));
    expect(codes(events)).toContain("DUPLICATE_CARD");
  });

  // Three readers, 5 missed scans, `--focus` seed 98 at 700 ms rounds, hand 6284: the deck's copy dealt
  // (to seat 2) before seat 3's card landed beside the duplicate, which was read as dealt again only then.
  it("the deck's copy dealt first, the duplicate read as dealt again after it: the same on both sides of the lag", () => {
    for (const gone of [6 * GAP + ROUND + 1, LAG - 1]) {
      const events = hand2(play(duplicateLeftBesideTheOtherCopy(gone, true)));
      expect(codes(events)).toEqual([]);
      expect(events.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
    }
    expect(codes(hand2(play(duplicateLeftBesideTheOtherCopy(LAG + 1, true))))).toContain("DUPLICATE_CARD");
  });
});
