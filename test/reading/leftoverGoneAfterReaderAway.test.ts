/**
 * A last hand's card read as dealt again beside a seat's first card, then known gone after the bridge
 * came back from an outage. Found by the simulator only: hold'em with `reading.missedScans: 5` and a
 * 900 ms settle window, seed 89 at 700 ms scan rounds, `--inject all --noise --pace random`.
 *
 * Hand 1026: the dealer collected hand 1025 and pressed the shuffler; the bridge listed seat 7's last
 * hand (4s Jh) on with its first card of the new hand, 7s (K missed scans), and 4s read as dealt again.
 * The bridge went offline (READER_OFFLINE) before the deal's second round, and its reports on return
 * listed every seat dealt, the leftovers gone: seat 7's Ks came with 4s still counted, a card too many,
 * and the deal was whole (the deck's judgement was due while the bridge was away). 4s was known gone a
 * departure window later, within the scan round the card too many is judged in, but a seat's last-hand
 * card that left counted only while the deal was not whole: a false MISDEAL_CARD_COUNT, and the run was
 * lost. While that judgement waits, a leftover that leaves is not one of the seat's cards; gone after
 * it, it was a third card.
 *
 * Hand 2489: the card too many came before the outage, and its judgement fell due during it. It ran the
 * moment the bridge was back, before the leftover its snapshots no longer listed was known gone. Such
 * judgements now run a departure window after the snapshots.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 700 ms scan rounds, K = 5, a 900 ms settle window (k5s900.yaml, `--scan-ms 700`). */
const base = loadConfig();
const config = {
  ...base,
  settleWindowMs: 900,
  reading: { ...base.reading, scanRoundMs: 700, missedScans: 5 },
};
const ROUND = config.reading.scanRoundMs;
const DEPART = config.reading.departWindowMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Hand 1: seats 2, 7 and 8, button 7. Seat 7 (4s Jh) calls, seat 8 folds Ad Qc and seat 2 (Qs Kd)
 * checks; it is checked down on 5c 5d 3h 9h 9c and the shuffler pressed. Hand 2 (button 8, blinds seats
 * 2 and 7): the bridge's first reports list the last hand beside the first round's cards (Jh to seat 2,
 * 7s to seat 7, 7h to seat 8; with `ksFirst`, seat 7's second card Ks too), and it goes offline. Back
 * 2.45 s later, its reports (all at one moment) list every seat's two cards and the rest of the table
 * cleared; seat 7's lists 4s too, dropped from its report `dropped` ms later (0: not listed). Then seat 8
 * calls, seat 2 completes and seat 7 checks.
 */
function leftoverGoneAfterOutage(dropped: number, ksFirst = false): Scene {
  const s = new Scene("").setup({ seats: [2, 7, 8], button: 7 }).key("shuffler");
  s.chips(8, 100).chips(2, 100, 100);
  s.deal([
    [8, "Ad"],
    [2, "Qs"],
    [7, "4s"],
    [8, "Qc"],
    [2, "Kd"],
    [7, "Jh"],
  ]);
  s.chips(7, 100, 100).fold(8).key("check").pull();
  s.burn("Jd").board("5c", "5d", "3h").key("check").key("check");
  s.burn("Ac").board("9h").key("check").key("check");
  s.burn("Ts").board("9c").key("check").key("check");
  s.wait(3000).key("shuffler");
  const press = s.now;
  const at = (ms: number) => s.after(press + ms - s.now);
  at(450).chips(2, 100);
  at(800).chips(7, 100, 100);
  at(2114).report("seat2", "card:A:Qs", "card:A:Kd", "card:A:Jh");
  at(2260).report("seat7", "card:A:4s", "card:A:Jh", "card:A:7s", ...(ksFirst ? ["card:A:Ks"] : []));
  at(2289).report("seat8", "card:A:7h");
  at(2648).reader("bridge", "offline");
  at(5097).report("seat2", "card:A:Jh", "card:A:8h");
  s.after(0).report("seat7", ...(dropped > 0 ? ["card:A:4s"] : []), "card:A:7s", "card:A:Ks");
  s.after(0).report("seat8", "card:A:7h", "card:A:Js");
  for (const antenna of ["board", "burn", "muck", "pot"]) s.after(0).report(antenna);
  s.after(0).reader("bridge", "online");
  if (dropped > 0) at(5097 + dropped).report("seat7", "card:A:7s", "card:A:Ks");
  s.wait(1500).chips(8, 100, 100).chips(2, 100);
  return s.key("check").wait();
}

describe("reading at any pace: a leftover read as dealt again, known gone after the bridge's outage", () => {
  const misdeals = (events: readonly TableEvent[]) => codes(events).filter((c) => c === "MISDEAL_CARD_COUNT");

  it("the card too many in the reconnection, the leftover known gone within its scan round: the hand plays on", () => {
    for (const dropped of [0, ROUND - DEPART - 1]) {
      const events = play(leftoverGoneAfterOutage(dropped));
      expect(codes(events)).toEqual(["READER_OFFLINE"]);
      expect(events.filter((e) => e.kind === "action" && e.seat === 7).at(-1)).toMatchObject({
        action: "check",
      });
    }
  });

  it("known gone after it: seat 7 held three cards (MISDEAL_CARD_COUNT)", () => {
    expect(misdeals(play(leftoverGoneAfterOutage(ROUND - DEPART + 1)))).toHaveLength(1);
  });

  it("the card too many before the outage, its judgement due meanwhile: it waits for the snapshots' departures", () => {
    // Seed 89, hand 2489: the judgement ran the moment the bridge was back, the leftover still counted.
    const events = play(leftoverGoneAfterOutage(0, true));
    expect(codes(events)).toEqual(["READER_OFFLINE"]);
    expect(events.filter((e) => e.kind === "action" && e.seat === 7).at(-1)).toMatchObject({
      action: "check",
    });
    // Listed on in the reconnection and dropped 1 ms after it, it is known gone after the judgement.
    expect(misdeals(play(leftoverGoneAfterOutage(1, true)))).toHaveLength(1);
  });
});
