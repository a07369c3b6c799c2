/**
 * A seat's new cards beside a card of its last hand that the bridge still lists, K scans late: the
 * seat's count is not judged on that card before the readers' lag after the press. Found by the
 * simulator (reading.missedScans 5, seed 207, 600 ms rounds, hand 348): seat 1 won hand 347 with 5h Ks;
 * the dealer collected them and pressed the shuffler at once. The bridge listed both on seat 1 for its
 * K missed scans: 5h was dealt to seat 8 (seen there while seat 1 still listed it), and seat 1's two new
 * cards came while it still listed Ks, which then read as dealt again beside them. One scan round later
 * the table judged seat 1 holding three cards (MISDEAL_CARD_COUNT) at the very scan that reported Ks
 * gone, and every later hand of the run went wrong from there.
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

/**
 * Hand 1: seats 4, 1 and 2 fold and seat 3 (the big blind) wins with 7d 2h. The dealer collects and
 * presses the shuffler; the bridge still lists 7d 2h on seat 3. Hand 2 (button 2, seat 3 the first
 * seat dealt): seat 3's first card Ks, then 7d (the collected card) to seat 4 while seat 3 still lists
 * it, seats 1 and 2, then seat 3's second card Qc, so 2h reads as dealt again beside Ks and Qc. Seat 3
 * reports 7d and 2h gone `leaves` ms after the press (undefined: 2h stays; it is on the seat for good).
 */
const leftoverBesideNewCards = (leaves: number | undefined, then?: (s: Scene) => Scene) => {
  const s = new Scene("").setup().standardDeal().fold(4).fold(1).fold(2).wait(1000);
  // The dealer collects every card; the bridge has reported none of seat 3's gone yet.
  s.clear("muck").after(100).key("shuffler");
  s.after(GAP).chips(3, 100).after(GAP).chips(4, 100, 100);
  for (const [seat, face] of [
    [3, "Ks"],
    [4, "7d"],
    [1, "4c"],
    [2, "5c"],
    [3, "Qc"],
    [4, "6c"],
    [1, "8c"],
    [2, "9c"],
  ] as const)
    s.after(GAP).deal([[seat, face]]);
  if (leaves === undefined) return s.wait(LAG + 1000);
  // The blinds' two reports and the deal's eight cards came GAP apart from the press.
  s.after(leaves - 10 * GAP).report("seat3", "card:A:Ks", "card:A:Qc");
  return (then?.(s) ?? s).wait();
};

const secondHand = (events: TableEvent[]) => {
  const start = events.findIndex((e) => e.kind === "hand_start" && e.hand === 2);
  return events.slice(start);
};

describe("a card of the last hand still listed beside a seat's new cards", () => {
  it("reported gone within the readers' lag after the press, more than a round after the seat's second card: it was collected, no card too many", () => {
    const events = secondHand(play(leftoverBesideNewCards(LAG - 1)));
    expect(codes(events)).toEqual([]);
    expect(events.some((e) => e.kind === "street" && e.street === "preflop")).toBe(true);
  });

  it("reported gone 1 ms past the readers' lag, or never: it was dealt again, and the seat holds a card too many", () => {
    expect(codes(secondHand(play(leftoverBesideNewCards(LAG + 1))))).toContain("MISDEAL_CARD_COUNT");
    expect(codes(secondHand(play(leftoverBesideNewCards(undefined))))).toContain("MISDEAL_CARD_COUNT");
  });
});

describe("the card count judged once the deck's collection is known, while a player's chips land", () => {
  // Seat 3's 2h leaves 1 ms before the lag (as above: no card too many); seat 1, first to act, calls
  // the big blind with 100 at the lag after the press, 1 ms before the put-off count judgement, and
  // 100 more `rest` ms later, one motion over two of the zone's reports (the settle window and a round).
  const callInTwoReports = (rest: number) =>
    leftoverBesideNewCards(LAG - 1, (s) => s.after(1).chips(1, 100).after(rest).chips(1, 100));
  const actionsOf = (events: TableEvent[], seat: number) =>
    secondHand(events).flatMap((e) => (e.kind === "action" && e.seat === seat ? [e.action] : []));
  const window = config.settleWindowMs + ROUND;

  it("reads only the chips that changed before it was first due: the push is one call, not an undercall", () => {
    const events = play(callInTwoReports(window - 1));
    expect(codes(secondHand(events))).toEqual([]);
    expect(actionsOf(events, 1)).toEqual(["call"]);
  });

  it("the rest past the settle window and a round is a second motion: an undercall first", () => {
    expect(codes(secondHand(play(callInTwoReports(window + 1))))).toContain("UNDERCALL");
  });
});
