/**
 * A call swept in as the reader drops out is the call, however long the reader is away. Found by the
 * simulator only: hold'em `--focus` seed 22 at 400 ms scan rounds, hand 4581 of `--inject all --noise
 * --pace random`. On the flop seat 5 bet 2,475 and seat 4 called; a quick dealer swept inside the
 * call's settle window, so the zone was reported empty with the call unread, and the bridge went offline
 * (READER_OFFLINE, injected) before the pot's slot. It came back 2.2 s later and the pot listed the
 * chips. A chip counted as moved from its zone only within the readers' lag of its departure (1,600 ms):
 * past it the pot's chips were read as pushed unseen, the seat to act's call (right), but the zone's
 * unread chips stayed pending, their window waiting while the reader was away; once back it ran out and
 * told CHIPS_TAKEN_BACK, and again when seat 4 checked the turn. Chips that left a zone unread and are
 * still pending (a reader's absence keeps them so) have moved wherever they are next seen.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 400 ms scan rounds (`--scan-ms 400`). */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 400 } };
const ROUND = config.reading.scanRoundMs;
/** A bet is read once its zone has been steady this long (the settle window plus one scan round). */
const SETTLE = config.settleWindowMs + ROUND;
/** How long after a chip left its zone it still counts as moved from it, wherever seen (K + 1 rounds). */
const LAG = (config.reading.missedScans + 1) * ROUND;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Seats 1–4, button 1, blinds 100/200. Seats 4 and 1 fold, seat 2 completes and seat 3 checks. On the
 * flop (Qs Jd 4h) seat 2 bets 500 and seat 3 puts out 500; 100 ms later the dealer sweeps: the call's
 * zone is reported empty, unread, and the bridge goes offline 50 ms later, before the other zone's and
 * the pot's slots. `potAfter` ms after the call's zone emptied it is back: the bet's zone empty, the turn
 * (burn 3c, 8c) dealt meanwhile, the pot with both bets, then its online notice (the simulator's order).
 * The turn and river are checked.
 */
function callSweptWhileReaderAway(potAfter: number): Scene {
  const s = new Scene("").setup().standardDeal().fold(4).fold(1).chips(2, 100).key("check").pull();
  s.burn("2c").board("Qs", "Jd", "4h");
  s.chips(2, 500).wait(SETTLE + 200);
  s.chips(3, 500);
  const bets = [...s.on("bet2"), ...s.on("bet3")];
  s.after(100).report("bet3");
  s.after(50).reader("bridge", "offline");
  // Back online: the bridge's reports of its reconnection, in channel order, then its online notice.
  s.after(potAfter - 50)
    .report("bet2")
    .after(0)
    .board("8c")
    .after(0)
    .burn("3c");
  s.after(0)
    .toPot(...bets)
    .after(0)
    .reader("bridge", "online");
  s.key("check").key("check");
  return s.burn("5d").board("6s").key("check").key("check").wait();
}

describe("reading at any pace: a call swept in as the reader goes offline, the pot reported when it is back", () => {
  // Seat 2's kings win the pot of 1,400 (400 pre-flop, 500 and 500 on the flop) from seat 3's deuces.
  const ended = { hand: 1, result: "complete", stacks: { 1: 20000, 2: 20700, 3: 19300, 4: 20000 } };

  for (const [side, potAfter] of [
    ["within the readers' lag of the zone's empty report", LAG - 1],
    ["past the readers' lag (the reader away 2.2 s, as the simulator's)", LAG + 1],
  ] as const) {
    it(`${side}: the call, not chips taken back`, () => {
      const events = play(callSweptWhileReaderAway(potAfter));
      expect(codes(events)).toEqual(["READER_OFFLINE"]);
      expect(events.filter((e) => e.kind === "action" && e.seat === 3 && e.action === "call")).toMatchObject([
        { to: 500 },
      ]);
      expect(events.filter((e) => e.kind === "hand_end")).toMatchObject([ended]);
    });
  }
});
