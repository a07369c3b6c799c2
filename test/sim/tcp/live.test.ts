/**
 * The live Three Card Poker table (`sim --game tcp` without --report): the report's dealer played in
 * real time through the runtime, with the floor page served on it. At a misdeal hold he stops and waits
 * for a supervisor (up to FLOOR_WAIT_MS) and follows the ruling made on the page: a misdeal (after its
 * undo window: every card collected, every bet back, the next hand), `continue` (the deal stands, the
 * hand played on), or nothing (the house's stand-in floor calls the misdeal once the wait is over).
 * Before, `sim --game tcp` refused to play live. Real time is stepped by the test (SteppedTime): order,
 * not speed.
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

/** A live Three Card Poker table with its floor page, as `sim --game tcp` runs it. */
function liveTcpTable(inject: string, seed: number, scanMs?: number): Promise<Table> {
  const config = withScanRound(loadConfig("config/tcp.yaml"), scanMs);
  return liveTableOf(scanned(new TcpSession({ seed, inject }, config), config, scanMs), config);
}

/** The table's events from `from` on that ask something of the dealer or the floor (info left out). */
const raisedFrom = (t: Table, from: number) => alertCodes(t.events.slice(from));

describe.each([
  { scan: undefined, label: "events straight to the table" },
  { scan: 600, label: "scan rounds of 600 ms" },
])("the live Three Card Poker dealer follows the floor: $label", ({ scan }) => {
  it("misdeal ruled on the floor page: he waits out the undo window, collects every card and bet, deals on", async () => {
    const table = await liveTcpTable("box-short", 1, scan);
    const code = "MISDEAL_CARD_COUNT";
    await table.playUntil(() => table.events.some((e) => e.kind === "alert" && e.code === code));
    const raised = table.events.find((e) => e.kind === "alert" && e.code === code)!;
    const hand = currentHand(table.events);
    await table.play(3_000);
    expect(await table.rule({ op: "ruling", ruling: "misdeal", code, hand })).toBe(200);
    const ruledAt = table.inputs.length;
    // The undo window (5 s on the floor page) is the floor's: the dealer does nothing while it runs.
    await table.play(4_000);
    expect(table.inputs.slice(ruledAt)).toEqual([]);
    await table.playUntil(() => table.events.some((e) => e.kind === "hand_end" && e.hand === hand + 1));
    expect(table.events.find((e) => e.kind === "hand_end" && e.hand === hand)).toMatchObject({
      result: "misdeal",
    });
    // He collected: every report before the next shuffler press empties an antenna (cards and bets),
    // and the house's stand-in floor said nothing (the supervisor had ruled).
    const after = table.inputs.slice(ruledAt);
    const press = after.findIndex((e) => e.kind === "button" && e.button === "shuffler");
    expect(press).toBeGreaterThan(0);
    expect(after.slice(0, press).every((e) => e.kind === "tags" && e.tags.length === 0)).toBe(true);
    // Once the misdeal took effect, not at the end of the wait he had begun for the floor.
    expect(after[0]!.t).toBeLessThan(raised.t + FLOOR_WAIT_MS);
    // The next hand is dealt and played by the book (box-short is injected in some later hands).
    expect(handEvents(table.events, hand + 1).at(-1)).toMatchObject({ kind: "hand_end" });
    const ended = table.events.findIndex((e) => e.kind === "hand_end" && e.hand === hand);
    expect(raisedFrom(table, ended).filter((c) => c !== code)).toEqual([]);
  }, 120_000);

  it.each(["box-short", "dealer-short", "dealer-exposed"])(
    "continue on a misdeal (%s): the deal stands, made whole, and the hand is played and paid to its end",
    async (kind) => {
      const table = await liveTcpTable(kind, 1, scan);
      const raised = () => table.events.find((e) => e.kind === "alert" && e.severity === "floor");
      await table.playUntil(() => raised() !== undefined);
      const alert = raised()!;
      if (alert.kind !== "alert") throw new Error("no alert");
      const hand = currentHand(table.events);
      await table.play(FLOOR_WAIT_MS / 3);
      const at = table.events.length;
      expect(await table.rule({ op: "ruling", ruling: "continue", code: alert.code, hand })).toBe(200);
      await table.playUntil(() => table.events.some((e) => e.kind === "tray" && e.t > alert.t));
      const played = handEvents(table.events, hand);
      expect(played.at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
      // The table settled the hand the dealer played: every payout as due, the tray as expected,
      // nothing raised after the ruling (no stand-in misdeal, no bet changed, no card too many).
      const payouts = table.events.filter((e) => e.kind === "payout" && e.t > alert.t);
      expect(payouts.length).toBeGreaterThan(0);
      expect(payouts.every((e) => e.kind === "payout" && e.paid === e.due)).toBe(true);
      expect(table.events.find((e) => e.kind === "tray" && e.t > alert.t)).toMatchObject({ variance: 0 });
      expect(raisedFrom(table, at)).toEqual([]);
    },
    120_000,
  );

  it.each(["box-extra-card", "dealer-extra-card"])(
    "continue on a card too many (%s) is refused with the rule: he waits on, and the misdeal comes",
    async (kind) => {
      const table = await liveTcpTable(kind, 1, scan);
      const code = "MISDEAL_CARD_COUNT";
      await table.playUntil(() => table.events.some((e) => e.kind === "alert" && e.code === code));
      const raised = table.events.find((e) => e.kind === "alert" && e.code === code)!;
      expect(raised).toMatchObject({ rulings: ["misdeal", "void"] });
      const hand = currentHand(table.events);
      await table.play(FLOOR_WAIT_MS / 3);
      const ruledAt = table.inputs.length;
      expect(await table.rule({ op: "ruling", ruling: "continue", code, hand })).toBe(409);
      const refused = table.events.findLast((e) => e.kind === "alert" && e.code === "FLOOR_OP_REJECTED");
      expect(refused?.kind === "alert" && refused.text).toMatch(/holds 4 cards.*is a misdeal/);
      // Not taken: the dealer neither plays on nor collects; the house's misdeal once his wait is over.
      await table.play(FLOOR_WAIT_MS / 2);
      expect(table.inputs.slice(ruledAt)).toEqual([]);
      await table.playUntil(() => table.events.some((e) => e.kind === "hand_end" && e.hand === hand));
      const ruling = table.inputs.find((e) => e.kind === "floor" && e.t > raised.t);
      expect(ruling).toMatchObject({ op: "ruling", ruling: "misdeal" });
      expect(ruling!.t).toBeGreaterThanOrEqual(raised.t + FLOOR_WAIT_MS);
      expect(table.events.find((e) => e.kind === "hand_end" && e.hand === hand)).toMatchObject({
        result: "misdeal",
      });
    },
    120_000,
  );

  it(`nobody rules within ${FLOOR_WAIT_MS} ms: the house's misdeal once the wait is over`, async () => {
    const table = await liveTcpTable("box-short", 1, scan);
    const code = "MISDEAL_CARD_COUNT";
    await table.playUntil(() => table.events.some((e) => e.kind === "alert" && e.code === code));
    const raised = table.events.find((e) => e.kind === "alert" && e.code === code)!;
    const hand = currentHand(table.events);
    await table.play(FLOOR_WAIT_MS - 500);
    // Before the wait is over: no ruling, the hand still on.
    expect(table.inputs.some((e) => e.kind === "floor" && e.t > raised.t)).toBe(false);
    expect(table.events.some((e) => e.kind === "hand_end" && e.hand === hand)).toBe(false);
    await table.playUntil(() => table.events.some((e) => e.kind === "hand_end" && e.hand === hand));
    const ruling = table.inputs.find((e) => e.kind === "floor" && e.t > raised.t);
    expect(ruling).toMatchObject({ op: "ruling", ruling: "misdeal" });
    expect(ruling!.t).toBeGreaterThanOrEqual(raised.t + FLOOR_WAIT_MS);
    expect(table.events.find((e) => e.kind === "hand_end" && e.hand === hand)).toMatchObject({
      result: "misdeal",
    });
  }, 120_000);
});
