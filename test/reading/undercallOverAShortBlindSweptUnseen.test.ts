/**
 * An undercall over a big blind all-in for less than the small blind, completed and swept in before the
 * zone showed the rest. Found by the simulator only: hold'em on a table with `reading.missedScans: 5`,
 * seed 207 at 600 ms scan rounds, hand 6088 of `--inject all --noise --pace random`. Heads-up, seat 3's
 * big blind was all-in for 250 under seat 7's small blind of 300; seat 7 owed the full big blind (600)
 * and put out 150 more: UNDERCALL, read as the call to 600, which closes the round and gives back the
 * 350 seat 3 did not match. He brought up the last 150, and the dealer swept 123 ms later, before the
 * zone's next scan: the pot reported 150 from no zone. The call's count netted the return into it (the
 * stack's change, not what the call put in), so the table had not counted those 150 and told them as
 * nobody's (POT_CHIPS_UNREAD), then told the undercall again at the flop ("went into the pot 150
 * short"). The allin key had the same fault (d26cb4a, test/reading/callOverAShortBlind); here a push.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 600 ms scan rounds, K = 5 (`--scan-ms 600`, `reading.missedScans: 5`). */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 600, missedScans: 5 } };
/** A bet is read once its zone has been steady this long (the settle window plus one scan round). */
const SETTLE = config.settleWindowMs + config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Seats 1 and 2, button 1 (the small blind: 100 of 20,000), seat 2 the big blind all-in for 75. Seat 1
 * puts out 50 more (150 of the 200 he owes); `restAfter` ms later he brings up the last 50 and the
 * dealer sweeps at once: the pot reports every chip, the 50 never seen on the zone, then the flop and
 * the turn, and only then the zones' empty reports (the bridge's K missed scans); then the river.
 */
function restSweptUnseen(restAfter: number): Scene {
  const s = new Scene("").shortBigBlindDealt().chips(1, 25, 25);
  const unseen = [s.newChip(25), s.newChip(25)];
  s.wait(restAfter);
  s.toPot(...s.on("bet1"), ...s.on("bet2"), ...unseen);
  s.after(500).burn("2c").board("9s", "8d", "3c").burn("3h").board("4d");
  s.after(300).clear("bet1", "bet2");
  return s.burn("5s").board("7c").wait();
}

const alerts = (events: readonly TableEvent[], code: string) =>
  events.flatMap((e) => (e.kind === "alert" && e.code === code ? [e.text] : []));

describe("reading at any pace: an undercall over a short all-in blind, its rest swept in unseen", () => {
  // Seat 1's aces win the 150 both blinds matched; the 125 seat 1 put in beyond it is his.
  const ended = { hand: 1, result: "complete", stacks: { 1: 20075, 2: 0 } };

  it("after the zone's read (UNDERCALL told): the pot's 50 from no zone pay the call, not nobody's chips", () => {
    const events = play(restSweptUnseen(SETTLE + 500));
    expect(alerts(events, "UNDERCALL")).toEqual([expect.stringContaining("put out less than the call")]);
    expect(events.filter((e) => e.kind === "alert_clear" && e.code === "UNDERCALL")).toHaveLength(1);
    expect(codes(events)).not.toContain("POT_CHIPS_UNREAD");
    expect(events.find((e) => e.kind === "action" && e.seat === 1 && e.action === "call")).toMatchObject({
      amount: 100,
      to: 200,
    });
    expect(events.filter((e) => e.kind === "hand_end")).toMatchObject([ended]);
  });

  it("before the zone's read: the rest swept with the zone's unread chips is one call, no undercall", () => {
    const events = play(restSweptUnseen(SETTLE - 100));
    expect(codes(events)).not.toContain("UNDERCALL");
    expect(codes(events)).not.toContain("POT_CHIPS_UNREAD");
    expect(events.find((e) => e.kind === "action" && e.seat === 1 && e.action === "call")).toMatchObject({
      amount: 100,
      to: 200,
    });
    expect(events.filter((e) => e.kind === "hand_end")).toMatchObject([ended]);
  });
});
