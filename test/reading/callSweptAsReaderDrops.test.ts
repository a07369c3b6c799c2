/**
 * A call swept into the pot just before the bridge drops out, the pot's report of it coming only with
 * the reconnection. Found by the simulator only: hold'em `--rake --focus` seed 21 at 600 ms scan rounds,
 * hand 6830. Seat 7 called a raise; the dealer swept at once (the zone reported empty inside its settle
 * window), burned, and the bridge went offline for 2.5 s while he dealt the flop. Its reconnection
 * reported the pot with every chip. The call's chips had left their zone longer ago than the readers'
 * lag, so the pot's report read them as gained from no zone: the seat's action (a raise to 900, told
 * UNDERRAISE), the flop premature, and the call told taken back. Now the outage does not count against
 * the lag: the chips went from the zone to the pot, and the zone is read as it stood (the call).
 *
 * Here on the scene DSL's table, with the outage on both sides of the lag, and the reconnection's
 * reports before and after the reader's `online` (both orders reach the table).
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/index.js";
import { Scene } from "../scenarios/dsl.js";
import { codes, playScene } from "../scenarios/playScene.js";

/** The simulator's run: 600 ms scan rounds (`--scan-ms 600`). */
const base = loadConfig();
const config = { ...base, reading: { ...base.reading, scanRoundMs: 600 } };
/** The readers' lag: a tag is reported gone K missed scans late, and the pot's report may come a round after. */
const LAG = (config.reading.missedScans + 1) * config.reading.scanRoundMs;
const SETTLE = config.settleWindowMs + config.reading.scanRoundMs;

const play = (scene: Scene): TableEvent[] => playScene(config, scene);

/**
 * Seats 1–4, button 1, blinds 100/200. Seat 4 raises to 600 (read), seats 1 and 2 fold, seat 3 (the
 * big blind) calls with 400 more; 300 ms later the dealer has swept: seat 3's zone is reported empty
 * (inside its settle window) and the bridge goes offline `away` ms later. While it is away the dealer
 * burns and deals the flop. At its reconnection every antenna is reported as it lies (the zones empty,
 * the burn, the flop, the pot with every chip), before or after its `online`.
 */
function callSweptAsReaderDrops(away: number, onlineFirst: boolean): Scene {
  const s = new Scene("")
    .setup()
    .standardDeal()
    .chips(4, 500, 100)
    .wait(SETTLE + 200)
    .fold(1)
    .fold(2);
  s.chips(3, 100, 100, 100, 100);
  const swept = [...s.on("bet2"), ...s.on("bet3"), ...s.on("bet4")];
  s.after(300).report("bet3").after(20).reader("bridge", "offline");
  s.after(away);
  if (onlineFirst) s.reader("bridge", "online").after(0);
  s.report("bet2").after(0).report("bet4").after(0).burn("2c").after(0).board("Qs", "Jd", "4h");
  s.after(0).toPot(...swept);
  if (!onlineFirst) s.after(0).reader("bridge", "online");
  return s.key("check").key("check").wait();
}

describe("reading at any pace: a call swept in as the bridge drops out, the pot reported at its return", () => {
  const cases = [
    { away: LAG - 400, onlineFirst: false },
    { away: LAG + 700, onlineFirst: false },
    { away: 3 * LAG, onlineFirst: false },
    { away: 3 * LAG, onlineFirst: true },
  ];
  for (const { away, onlineFirst } of cases) {
    it(`away ${away} ms (the lag is ${LAG}), the reports ${onlineFirst ? "after" : "before"} online: seat 3's call, the flop in order`, () => {
      const events = play(callSweptAsReaderDrops(away, onlineFirst));
      expect(codes(events)).toEqual(["READER_OFFLINE"]);
      expect(events.find((e) => e.kind === "action" && e.seat === 3 && e.action !== "bb")).toMatchObject({
        action: "call",
        to: 600,
      });
      expect(events.find((e) => e.kind === "street" && e.street === "flop")).toMatchObject({
        board: ["Qs", "Jd", "4h"],
      });
      const checks = events.flatMap((e) => (e.kind === "action" && e.action === "check" ? [e.seat] : []));
      expect(checks).toEqual([3, 4]);
    });
  }
});
