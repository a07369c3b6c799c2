/**
 * A seat's first card lands beside a card of its last hand that the dealer is still collecting after
 * DECK_NOT_COLLECTED. Found by the simulator only: hold'em `--focus` with `reading.missedScans: 5`, seed
 * 26 at 600 ms scan rounds, hand 2506. The shuffler was pressed with the last hand on the table; at the
 * deck's judgement (the readers' lag after the press) the table told DECK_NOT_COLLECTED, and the dealer
 * collected and dealt. The first seat's report of its first card still listed one of its last hand's
 * cards (the bridge's K missed scans), and the next report no longer did; but a card is known gone only
 * a departure window after that report, and the deal was judged whole on it before then (the last
 * seat's second card): the seat's real second card read as a third, MISDEAL_CARD_COUNT, and the hand and
 * the next were lost. Now, while the dealer collects after that alert, the deal is not whole on such a
 * card until a departure since the alert would be known.
 *
 * Here on the scene DSL's table (seats 1–3), with the card's departure known on both sides of that
 * window.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 600 ms scan rounds and 5 missed scans (`--scan-ms 600`, k5.yaml). */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 600, missedScans: 5 } };
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;
const DEPART = config.reading.departWindowMs;
/** After the press: the deck judged (DECK_NOT_COLLECTED told), and a departure since then known. */
const COLLECTING = LAG + LAG + DEPART;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Hand 1 (seats 1–3, button 3) is checked down to the showdown and the shuffler pressed with every
 * card still out (seat 1 holds 5h Th). Hand 2: button 1, blinds seats 2 and 3; seat 2's last hand is
 * reported collected, the blinds go out, and the deal from seat 2: Th (from seat 1's last hand), Qd,
 * then 9c to seat 1, whose report still lists 5h and Th; Th drops from its next report, 5h from the one
 * `gone` ms after the press; seats 2 and 3 get their second cards, the table's leftovers are reported
 * collected, and seat 1 gets 8d 600 ms after 5h was dropped (or 600 ms after the leftovers, 5h dropped
 * from the same report: "with 8d").
 */
function firstCardBesideLeftover(gone: number | "with 8d", callAt?: number, motions = 500): Scene {
  const s = new Scene("").setup({ seats: [1, 2, 3], button: 3 });
  s.key("shuffler").chips(1, 100).chips(2, 100, 100);
  s.deal([
    [1, "5h"],
    [2, "Qs"],
    [3, "2c"],
    [1, "Th"],
    [2, "Js"],
    [3, "3c"],
  ]);
  s.fold(3).chips(1, 100).key("check").pull();
  s.burn("4c").board("Ts", "Qd", "6d").key("check").key("check");
  s.burn("4d").board("9s").key("check").key("check");
  s.burn("4h").board("2s").key("check").key("check");
  s.wait(3000).key("shuffler");
  const press = s.lines.at(-1);
  const t0 = press && "t" in press ? press.t : 0;
  const at = (ms: number) => s.after(ms - (lastT(s) - t0));
  at(3278).report("seat2");
  at(4038).chips(2, 100);
  at(4118).chips(3, 100, 100);
  at(4678).report("seat2", "card:A:Th");
  at(4778).report("seat3", "card:A:Qd");
  at(4878).report("seat1", "card:A:5h", "card:A:Th", "card:A:9c");
  at(4958).report("seat1", "card:A:5h", "card:A:9c");
  at(4978).report("seat2", "card:A:Th", "card:A:Kd");
  at(5278).report("seat3", "card:A:Qd", "card:A:6c");
  at(5398).report("board").after(20).report("burn").after(20).report("muck");
  if (gone !== "with 8d") at(gone).report("seat1", "card:A:9c");
  s.after(600).report("seat1", "card:A:9c", "card:A:8d");
  // Seat 1 (first to act) calls the big blind in two motions of 100, `motions` ms apart, from `callAt`.
  if (callAt !== undefined) at(callAt).chips(1, 100).after(motions).chips(1, 100);
  return s.wait(3000);
}

function lastT(s: Scene): number {
  const last = s.lines.findLast((l) => "t" in l);
  return last && "t" in last ? last.t : 0;
}

describe("reading at any pace: a seat's first card beside a last-hand card the dealer is still collecting", () => {
  it("known gone within the collecting window: the deal is whole on the seat's second card, no misdeal", () => {
    for (const gone of [4998, COLLECTING - DEPART - 1]) {
      const scene = firstCardBesideLeftover(gone);
      const events = play(scene);
      expect(codes(events)).toEqual(["DECK_NOT_COLLECTED"]);
      const second = scene.lines.findLast((l) => "kind" in l && l.kind === "tags" && l.antenna === "seat1");
      expect(events.findLast((e) => e.kind === "street" && e.street === "preflop")?.t).toBe(
        second && "t" in second ? second.t : -1,
      );
    }
  });

  it("a call in two motions across the window's end: read whole once settled, no UNDERCALL", () => {
    // The first motion 200 ms before the collecting window runs out, the second 300 ms after it.
    const events = play(firstCardBesideLeftover(4998, COLLECTING - 200));
    expect(codes(events)).toEqual(["DECK_NOT_COLLECTED"]);
    expect(events.findLast((e) => e.kind === "action" && e.seat === 1)).toMatchObject({
      action: "call",
      to: 200,
    });
  });

  it("dropped from the report that brings the seat's second card: no card too many is judged, and a call in two motions is read whole", () => {
    // Three readers, 5 missed scans, --focus seed 81 at 700 ms rounds, hand 4891. 8d read beside 5h and
    // 9c is a card too many, judged a scan round later; 5h's departure is known before then (the
    // departure window after the report), the deal is whole and seat 1 calls at once: the judgement,
    // left waiting, read every bet zone as it stood, the call at its first motion (a false UNDERCALL).
    const events = play(firstCardBesideLeftover("with 8d", 6538, 300));
    expect(codes(events)).toEqual(["DECK_NOT_COLLECTED"]);
    const hand2 = events.findIndex((e) => e.kind === "hand_start" && e.hand === 2);
    expect(events.slice(hand2).filter((e) => e.kind === "action" && e.seat === 1)).toMatchObject([
      { action: "call", to: 200 },
    ]);
  });

  it("known gone past it: the card stayed through the collection and was dealt again; the 8d is a third card", () => {
    const events = play(firstCardBesideLeftover(COLLECTING - DEPART + 1));
    expect(codes(events)).toContain("MISDEAL_CARD_COUNT");
  });
});
