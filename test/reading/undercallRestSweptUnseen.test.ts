/**
 * Commit bfe37ea's scene (src/hand/chips.ts: chips the pot reports swept in with a zone's unread chips
 * are strays, and pay what a seat still owes on a call pulled in short). Found by the simulator only:
 * hold'em seed 18 at 600 ms scan rounds, hand 4283 of `--inject all --noise --pace random`. Seat 10's
 * undercall (34,300 of a 68,600 call) was told; he brought up the rest in a second motion whose chips the
 * zone reported only in part (33,000) before the dealer swept, so 1,300 reached the pot from no zone,
 * the pot's report before the zones' (the bridge scans the pot first after a sweep). Before the fix the
 * zone was read and its swept-with rest not taken as the debt's: the flop told UNDERCALL again ("went
 * into the pot 1300 short"), the showdown waited for chips already paid, and HAND_ENDED_OWING was
 * raised falsely. Here the same order of readings at the same round, on the scene DSL's table.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { playScene } from "../scenarios/playScene.js";

/** The simulator's run: 600 ms scan rounds (`--scan-ms 600`). */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 600 } };
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Seats 1–4, button 1, blinds 100/200 (seats 2 and 3). Seat 4 raises to 1,000, seats 1 and 2 fold;
 * seat 3 (the big blind) puts out 100 more, 300 of the 1,000: an undercall, told once the zone settles.
 * He brings up the rest in one more motion, 700: the zone reports 500 of it; the dealer sweeps and burns,
 * and the burn is reported 650 ms later, the pot 50 ms after it (every zone's chips and the 200 the zone
 * never showed), the flop, then the zones' empty reports: the simulator's hand's gaps and order. Then
 * the hand is checked down, and the next hand's shuffler is pressed.
 */
function restSweptUnseen(): Scene {
  const s = new Scene("").setup().standardDeal().chips(4, 500, 500).fold(1).fold(2).chips(3, 100).wait();
  s.chips(3, 500);
  const unseen = [s.newChip(100), s.newChip(100)];
  s.after(650).burn("2c");
  s.after(50).toPot(...s.on("bet2"), ...s.on("bet3"), ...s.on("bet4"), ...unseen);
  s.after(525).board("Qs", "Jd", "4h").after(350).clear("bet2", "bet3", "bet4");
  s.key("check").key("check").burn("3c").board("8c").key("check").key("check");
  s.burn("5d").board("6s").key("check").key("check");
  return s
    .wait()
    .key("shuffler")
    .wait(LAG + 1000);
}

const alerts = (events: readonly TableEvent[], code: string) =>
  events.flatMap((e) => (e.kind === "alert" && e.code === code ? [e.text] : []));

describe("reading at any pace: an undercall's rest swept in while its zone had shown only part of it", () => {
  const events = play(restSweptUnseen());

  it("the chips the pot gained from no zone pay the undercall: told once, cleared at the sweep, not again at the flop", () => {
    expect(alerts(events, "UNDERCALL")).toEqual([expect.stringContaining("put out less than the call")]);
    const pot = restSweptUnseen().lines.find((l) => "kind" in l && l.kind === "tags" && l.antenna === "pot");
    expect(events.find((e) => e.kind === "alert_clear" && e.code === "UNDERCALL")).toMatchObject({
      seat: 3,
      t: pot && "t" in pot ? pot.t : -1,
    });
    expect(events.find((e) => e.kind === "action" && e.seat === 3 && e.action === "call")).toMatchObject({
      to: 1000,
    });
  });

  it("the showdown does not wait for chips already paid: the hand ends at it, owing nothing, and the next one starts", () => {
    expect(alerts(events, "HAND_ENDED_OWING")).toEqual([]);
    expect(alerts(events, "POT_CHIPS_UNREAD")).toEqual([]);
    // Seat 4's nines beat seat 3's deuces on Qs Jd 4h 8c 6s: the pot of 2,100 (seat 2's blind in it).
    expect(events.filter((e) => e.kind === "hand_end")).toMatchObject([
      { hand: 1, result: "complete", stacks: { 1: 20000, 2: 19900, 3: 19000, 4: 21100 } },
    ]);
    expect(
      events.filter((e) => e.kind === "hand_start").map((e) => (e.kind === "hand_start" ? e.hand : 0)),
    ).toEqual([1, 2]);
  });
});
