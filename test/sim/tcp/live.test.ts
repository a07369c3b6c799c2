/**
 * The live Three Card Poker table (`sim --game tcp` without --report): the report's dealer played in
 * real time through the runtime, with the floor page served on it. At a misdeal hold he stops and waits
 * for a supervisor (up to FLOOR_WAIT_MS) and follows the ruling made on the page: a misdeal (after its
 * undo window: every card collected, the bets stay and the hand is dealt again on them; a void gives
 * every bet back), `continue` (the deal stands, the
 * hand played on), or nothing (the house's stand-in floor calls the misdeal once the wait is over).
 * Before, `sim --game tcp` refused to play live. Real time is stepped by the test (SteppedTime): order,
 * not speed.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/config.js";
import { chipTotal } from "../../../src/sim/chips.js";
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

/** A box's Ante, Pair Plus or Prime zone: the bets that stay after a misdeal. */
const WAGER = /^(ante|pairplus|prime)\d+$/;

/** What each Ante, Pair Plus and Prime zone last reported, where it holds chips (zone → total). */
function liveBets(inputs: Table["inputs"]): Map<string, number> {
  const felt = new Map<string, number>();
  for (const e of inputs)
    if (e.kind === "tags" && WAGER.test(e.antenna)) felt.set(e.antenna, chipTotal(e.tags));
  return new Map([...felt].filter(([, total]) => total > 0));
}

/** The table's events from `from` on that ask something of the dealer or the floor (info left out). */
const raisedFrom = (t: Table, from: number) => alertCodes(t.events.slice(from));

/** The hand ends in the house's misdeal, ruled once the dealer's wait for the floor (from `raisedAt`) is over. */
async function endsInTheHouseMisdeal(table: Table, raisedAt: number, hand: number): Promise<void> {
  await table.playUntil(() => table.events.some((e) => e.kind === "hand_end" && e.hand === hand));
  const ruling = table.inputs.find((e) => e.kind === "floor" && e.t > raisedAt);
  expect(ruling).toMatchObject({ op: "ruling", ruling: "misdeal" });
  expect(ruling!.t).toBeGreaterThanOrEqual(raisedAt + FLOOR_WAIT_MS);
  expect(table.events.find((e) => e.kind === "hand_end" && e.hand === hand)).toMatchObject({
    result: "misdeal",
  });
}

describe.each([
  { scan: undefined, label: "events straight to the table" },
  { scan: 600, label: "scan rounds of 600 ms" },
])("the live Three Card Poker dealer follows the floor: $label", ({ scan }) => {
  it("misdeal ruled on the floor page: he waits out the undo window, collects every card, the bets stay, deals again on them", async () => {
    const table = await liveTcpTable("box-short", 1, scan);
    const code = "MISDEAL_CARD_COUNT";
    await table.playUntil(() => table.events.some((e) => e.kind === "alert" && e.code === code));
    const raised = table.events.find((e) => e.kind === "alert" && e.code === code)!;
    const hand = currentHand(table.events);
    await table.play(3_000);
    expect(await table.rule({ op: "ruling", ruling: "misdeal", code, hand })).toBe(200);
    const ruledAt = table.inputs.length;
    // The bets as they lie when the floor rules (the Ante, Pair Plus and Prime zones).
    const bets = liveBets(table.inputs);
    expect(bets.size).toBeGreaterThan(0);
    // The undo window (5 s on the floor page) is the floor's: the dealer does nothing while it runs.
    await table.play(4_000);
    expect(table.inputs.slice(ruledAt)).toEqual([]);
    await table.playUntil(() => table.events.some((e) => e.kind === "hand_end" && e.hand === hand + 1));
    expect(table.events.find((e) => e.kind === "hand_end" && e.hand === hand)).toMatchObject({
      result: "misdeal",
    });
    // He collected every card (every report before the next shuffler press empties an antenna) and left
    // the bets on the layout (the alert's steps: "the bets stay"); the house's stand-in said nothing.
    const after = table.inputs.slice(ruledAt);
    const press = after.findIndex((e) => e.kind === "button" && e.button === "shuffler");
    expect(press).toBeGreaterThan(0);
    expect(after.slice(0, press).every((e) => e.kind === "tags" && e.tags.length === 0)).toBe(true);
    expect(after.slice(0, press).some((e) => e.kind === "tags" && WAGER.test(e.antenna))).toBe(false);
    // Once the misdeal took effect, not at the end of the wait he had begun for the floor.
    expect(after[0]!.t).toBeLessThan(raised.t + FLOOR_WAIT_MS);
    // The hand dealt again on them: no bet placed, each box's Ante settled at the stake that stayed.
    expect(table.events.find((e) => e.kind === "hand_start" && e.hand === hand + 1)).toMatchObject({
      redeal: true,
    });
    const firstCard = after.findIndex(
      (e, i) => i > press && e.kind === "tags" && /^(seat|dealer)/.test(e.antenna),
    );
    expect(after.slice(press, firstCard).some((e) => e.kind === "tags" && WAGER.test(e.antenna))).toBe(false);
    // Dealt again (box-short may be injected again: a misdeal again, on the same bets) until one is
    // played: each box's Ante settled at the stake that stayed.
    const complete = () =>
      table.events.find((e) => e.kind === "hand_end" && e.hand > hand && e.result === "complete");
    await table.playUntil(() => complete() !== undefined);
    const played = complete()!;
    if (played.kind !== "hand_end") throw new Error("no hand played");
    const antes = handEvents(table.events, played.hand).flatMap((e) =>
      e.kind === "award" && (e as { bet?: string }).bet === "ante"
        ? [[e.seat, (e as unknown as { stake: number }).stake] as const]
        : [],
    );
    expect(antes.length).toBeGreaterThan(0);
    for (const [box, stake] of antes) expect(stake).toBe(bets.get(`ante${box}`));
    // The next hand is played by the book (box-short is injected in some later hands).
    expect(handEvents(table.events, hand + 1).at(-1)).toMatchObject({ kind: "hand_end" });
    const ended = table.events.findIndex((e) => e.kind === "hand_end" && e.hand === hand);
    expect(raisedFrom(table, ended).filter((c) => c !== code)).toEqual([]);
  }, 120_000);

  it("void ruled on the floor page: every card collected and every bet given back, the next hand's bets placed afresh", async () => {
    const table = await liveTcpTable("box-short", 1, scan);
    const code = "MISDEAL_CARD_COUNT";
    await table.playUntil(() => table.events.some((e) => e.kind === "alert" && e.code === code));
    const hand = currentHand(table.events);
    await table.play(3_000);
    const bets = liveBets(table.inputs);
    expect(await table.rule({ op: "ruling", ruling: "void", code, hand })).toBe(200);
    const ruledAt = table.inputs.length;
    await table.playUntil(() => table.events.some((e) => e.kind === "hand_end" && e.hand === hand + 1));
    expect(table.events.find((e) => e.kind === "hand_end" && e.hand === hand)).toMatchObject({
      result: "void",
    });
    const after = table.inputs.slice(ruledAt);
    const press = after.findIndex((e) => e.kind === "button" && e.button === "shuffler");
    const emptied = new Set(after.slice(0, press).flatMap((e) => (e.kind === "tags" ? [e.antenna] : [])));
    for (const zone of bets.keys()) expect(emptied).toContain(zone);
    expect(table.events.find((e) => e.kind === "hand_start" && e.hand === hand + 1)).toMatchObject({
      redeal: false,
    });
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
      await endsInTheHouseMisdeal(table, raised.t, hand);
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
    await endsInTheHouseMisdeal(table, raised.t, hand);
  }, 120_000);
});
