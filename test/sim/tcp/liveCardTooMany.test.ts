/**
 * The live Three Card Poker dealer at a hand with a card too many, when a supervisor's `continue` is
 * taken by the table during it, but not on the misdeal (here: the last hand's TRAY_VARIANCE, carried into
 * this one and answered with `continue`, as the desk takes it). The table refuses `continue` on the card
 * too many itself (FLOOR_OP_REJECTED, the hold stays, the alert offers only misdeal and void); the dealer
 * must not take the other `continue` as the floor letting the deal stand. Before, he did: he played the
 * hand on with four cards and the simulator threw ("hand must hold exactly 3 cards, got 4"), ending the
 * live table. Real time is stepped by the test (SteppedTime): order, not speed.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/config.js";
import { FLOOR_WAIT_MS } from "../../../src/sim/floorWords.js";
import { TcpSession } from "../../../src/sim/tcp/session.js";
import {
  alertCodes,
  currentHand,
  handEvents,
  liveTableOf,
  scanned,
  type Table,
  withScanRound,
} from "../liveTable.js";

const CODE = "MISDEAL_CARD_COUNT";
/** Seed 4, every hand with an error: hand 1 has a chip palmed from the tray, hand 2 a box's fourth card. */
const SEED = 4;

function liveTcpTable(scanMs?: number): Promise<Table> {
  const config = withScanRound(loadConfig("config/tcp.yaml"), scanMs);
  const session = new TcpSession({ seed: SEED, inject: "tray-palmed,box-extra-card", rate: 1 }, config);
  return liveTableOf(scanned(session, config, scanMs), config);
}

describe.each([
  { scan: undefined, label: "events straight to the table" },
  { scan: 600, label: "scan rounds of 600 ms" },
])("the live Three Card Poker dealer at a card too many: $label", ({ scan }) => {
  it("a continue taken on another alert is not the deal let stand: he waits on, the house's misdeal, the next hand", async () => {
    const table = await liveTcpTable(scan);
    await table.playUntil(() => table.events.some((e) => e.kind === "alert" && e.code === CODE));
    const raised = table.events.find((e) => e.kind === "alert" && e.code === CODE)!;
    expect(raised).toMatchObject({ rulings: ["misdeal", "void"] });
    const hand = currentHand(table.events);
    // The last hand's tray variance is still open, carried into this hand.
    const variance = table.events.find((e) => e.kind === "alert" && e.code === "TRAY_VARIANCE");
    expect(variance).toBeDefined();
    expect(table.events.some((e) => e.kind === "alert_clear" && e.code === "TRAY_VARIANCE")).toBe(false);
    await table.play(FLOOR_WAIT_MS / 3);
    const ruledAt = table.inputs.length;
    // On the card too many: refused, with the rule. On the tray: taken (the supervisor saw to it).
    expect(await table.rule({ op: "ruling", ruling: "continue", code: CODE, hand })).toBe(409);
    expect(await table.rule({ op: "ruling", ruling: "continue", code: "TRAY_VARIANCE", hand })).toBe(200);
    expect(table.events.some((e) => e.kind === "alert_clear" && e.code === "TRAY_VARIANCE")).toBe(true);
    // He neither plays on nor collects while his wait for a ruling the table takes goes on.
    await table.play(FLOOR_WAIT_MS / 2);
    expect(table.inputs.slice(ruledAt).filter((e) => e.kind !== "floor")).toEqual([]);
    await table.playUntil(() => table.events.some((e) => e.kind === "hand_end" && e.hand === hand + 1));
    // The house's stand-in rules once the wait is over, and only a ruling the alert offers.
    const rulings = table.inputs.filter((e) => e.kind === "floor" && e.op === "ruling" && e.t > raised.t);
    const house = rulings.filter(
      (e) => e.kind === "floor" && e.op === "ruling" && e.code !== "TRAY_VARIANCE",
    );
    expect(house[0]).toMatchObject({ op: "ruling", ruling: "misdeal" });
    expect(house[0]!.t).toBeGreaterThanOrEqual(raised.t + FLOOR_WAIT_MS);
    expect(handEvents(table.events, hand).at(-1)).toMatchObject({ kind: "hand_end", result: "misdeal" });
    // Nothing else raised in it: he collected the cards and gave the bets back once it had ended.
    expect(alertCodes(handEvents(table.events, hand))).toEqual([CODE]);
    // The next hand is dealt and comes to its end.
    expect(handEvents(table.events, hand + 1).at(-1)).toMatchObject({ kind: "hand_end" });
  }, 120_000);
});
