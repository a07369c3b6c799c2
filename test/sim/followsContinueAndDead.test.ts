/**
 * The simulated dealer follows the floor's `continue` on a misdeal and `dead` on a seat, as a real
 * dealer does (npm start: a supervisor rules on the table's floor page, POST /api/floor). Before, each hand's
 * script was played as written: after `continue` on a misdeal alert the dealer still collected the cards
 * and dealt the hand again into a hand the table had let go on; after `dead` the seat went on acting.
 * Real time is stepped by the test (SteppedTime): order, not speed.
 */
import { describe, expect, it } from "vitest";
import type { AlertCode } from "../../src/hand/alerts.js";
import { FLOOR_WAIT_MS } from "../../src/sim/floorWords.js";
import { alertCodes, currentHand, handEvents, liveTable, type Table } from "./liveTable.js";

/**
 * Each hold the simulator injects (the misdeals; a card not of the deck, which the stand-in floor voids),
 * with a seed that makes it early. MISDEAL_DEALT_OUT's seed 5 skips a seat in the middle of the deal, seed 1
 * passes the last seat of the first round (seen as the second round begins: the seat gets its card then);
 * DUPLICATE_CARD's seed 4 puts the second card on a seat, seed 2 on the flop (the flop is dealt in its place
 * and the later streets as usual). The last two stalled or were raised again before floor12.
 */
const HOLDS: readonly (readonly [AlertCode, number])[] = [
  ["MISDEAL_EXPOSED", 3],
  ["MISDEAL_FIRST_CARD", 3],
  ["MISDEAL_NOT_ENTITLED", 3],
  ["MISDEAL_DEALT_OUT", 5],
  ["MISDEAL_DEALT_OUT", 1],
  ["MISDEAL_CARD_COUNT", 3],
  ["FOREIGN_CARD", 2],
  ["DUPLICATE_CARD", 4],
  ["DUPLICATE_CARD", 2],
];

describe.each([
  { scan: undefined, focus: false, label: "events straight to the table" },
  { scan: 200, focus: false, label: "scan rounds of 200 ms (--scan-ms)" },
  // Not followed before floor12: the host's focus (a shadow table) made the bridge model uncopyable.
  { scan: 200, focus: true, label: "scan rounds of 200 ms with the host's focus (--focus)" },
])("the simulated dealer follows continue and dead: $label", ({ scan, focus }) => {
  it.each(HOLDS)(
    "continue on %s (seed %i): the deal stands, the hand is played on to its end",
    async (code, seed) => {
      const table = await liveTable([code], seed, scan, focus);
      const raised = () => table.events.find((e) => e.kind === "alert" && e.code === code);
      await table.playUntil(() => raised() !== undefined);
      const hand = currentHand(table.events);
      const at = table.events.length;
      expect(await table.rule({ op: "ruling", ruling: "continue", code, hand })).toBe(200);
      await table.playUntil(() =>
        table.events.some((e, i) => i >= at && e.kind === "hand_end" && e.hand === hand),
      );
      const played = handEvents(table.events, hand);
      // The hand went on: no misdeal, no re-deal of it, and nothing raised after the ruling but r.14's call.
      expect(played.at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
      expect(alertCodes(table.events.slice(at)).filter((c) => c !== "ALLIN_TABLE_HANDS")).toEqual([]);
      expect(table.events.some((e) => e.kind === "street" && e.street === "flop")).toBe(true);
      // And the table deals on afterwards (the next hand is a new one).
      await table.play(60_000);
      expect(handEvents(table.events, hand + 1)[0]).toMatchObject({ kind: "hand_start", redeal: false });
    },
    120_000,
  );

  it("misdeal on a premature flop: he waits out the undo window, collects and deals the hand again", async () => {
    const table = await liveTable(["PREMATURE_FLOP"], 3, scan, focus);
    const code = "PREMATURE_FLOP";
    await table.playUntil(() => table.events.some((e) => e.kind === "alert" && e.code === code));
    const hand = currentHand(table.events);
    expect(await table.rule({ op: "ruling", ruling: "misdeal", code, hand })).toBe(200);
    const ruledAt = table.inputs.length;
    // The undo window (5 s on the floor page) is the floor's: the dealer does nothing while it runs.
    await table.play(4_000);
    expect(table.inputs.slice(ruledAt)).toEqual([]);
    await table.playUntil(() => table.events.some((e) => e.kind === "hand_end" && e.hand === hand + 1));
    expect(table.events.find((e) => e.kind === "hand_end" && e.hand === hand)).toMatchObject({
      result: "misdeal",
    });
    const redeal = handEvents(table.events, hand + 1);
    expect(redeal[0]).toMatchObject({ kind: "hand_start", redeal: true });
    expect(redeal.at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
    // Collected before the shuffler press (no card of the ended deal left over), nothing raised.
    expect(alertCodes(redeal).filter((c) => c !== "ALLIN_TABLE_HANDS")).toEqual([]);
  }, 120_000);

  it("dead on a seat: its cards go to the muck, it acts no more, the hand goes on without it", async () => {
    const table = await liveTable([], 5, scan, focus);
    // The first pre-flop action of the second hand: every seat is dealt in.
    await table.playUntil(() =>
      table.events.some(
        (e, i) =>
          e.kind === "action" &&
          ["call", "raise", "fold", "check"].includes(e.action) &&
          table.events.slice(0, i).some((s) => s.kind === "hand_start" && s.hand === 2),
      ),
    );
    const hand = currentHand(table.events);
    expect(hand).toBe(2);
    const start = table.events.find((e) => e.kind === "hand_start" && e.hand === hand);
    if (start?.kind !== "hand_start") throw new Error("no hand 2");
    // The big blind, who has not acted yet in the pre-flop round.
    const seat = start.bb;
    const at = table.events.length;
    const ruledAt = table.inputs.length;
    expect(await table.rule({ op: "ruling", ruling: "dead", seat, hand })).toBe(200);
    await table.playUntil(() =>
      table.events.some((e, i) => i >= at && e.kind === "hand_end" && e.hand === hand),
    );
    const after = table.events.slice(at);
    // Told once (the table's own HAND_DEAD for a ruling made on its own), nothing else raised.
    expect(alertCodes(after).filter((c) => c !== "ALLIN_TABLE_HANDS")).toEqual(["HAND_DEAD"]);
    // The dealer moved the seat's cards to the muck, and the seat did nothing after the ruling.
    const inputs = table.inputs.slice(ruledAt);
    const mucked = inputs.findIndex(
      (e) => e.kind === "tags" && e.antenna === `seat${seat}` && e.tags.length === 0,
    );
    expect(mucked).toBeGreaterThanOrEqual(0);
    expect(inputs.some((e) => e.kind === "tags" && e.antenna === `bet${seat}` && e.tags.length > 0)).toBe(
      false,
    );
    const acts = after.flatMap((e) => (e.kind === "action" && e.seat === seat ? [e.action] : []));
    expect(acts).toEqual(["fold"]);
    expect(after.find((e) => e.kind === "hand_end")).toMatchObject({ result: "complete" });
    expect(after.some((e) => e.kind === "award" && e.seat === seat)).toBe(false);
    await table.play(60_000);
    expect(alertCodes(table.events.slice(at)).filter((c) => c !== "ALLIN_TABLE_HANDS")).toEqual([
      "HAND_DEAD",
    ]);
  }, 120_000);
});

describe.each([
  { scan: undefined, label: "events straight to the table" },
  { scan: 600, label: "scan rounds of 600 ms" },
])("the simulated dealer waits for the floor at a hold (a supervisor who walks over): $label", ({ scan }) => {
  /** The dealer's inputs from `from` (table time) on, the floor's own left out. */
  const dealerInputs = (t: Table, from: number) => t.inputs.filter((e) => e.t >= from && e.kind !== "floor");

  it(`continue ruled just before ${FLOOR_WAIT_MS} ms: he waited, and the deal stands`, async () => {
    const table = await liveTable(["MISDEAL_FIRST_CARD"], 3, scan);
    const code = "MISDEAL_FIRST_CARD";
    await table.playUntil(() => table.events.some((e) => e.kind === "alert" && e.code === code));
    const raised = table.events.find((e) => e.kind === "alert" && e.code === code)!;
    const hand = currentHand(table.events);
    const at = table.events.length;
    await table.play(FLOOR_WAIT_MS - 500);
    // Before: he had collected the cards and dealt the hand again within two seconds.
    expect(dealerInputs(table, raised.t + 1)).toEqual([]);
    expect(await table.rule({ op: "ruling", ruling: "continue", code, hand })).toBe(200);
    await table.playUntil(() =>
      table.events.some((e, i) => i >= at && e.kind === "hand_end" && e.hand === hand),
    );
    expect(handEvents(table.events, hand).at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
    expect(alertCodes(table.events.slice(at)).filter((c) => c !== "ALLIN_TABLE_HANDS")).toEqual([]);
  }, 120_000);

  it(`nobody rules within ${FLOOR_WAIT_MS} ms: he goes on by the house's procedure (misdeal, dealt again)`, async () => {
    const table = await liveTable(["MISDEAL_FIRST_CARD"], 3, scan);
    const code = "MISDEAL_FIRST_CARD";
    await table.playUntil(() => table.events.some((e) => e.kind === "alert" && e.code === code));
    const raised = table.events.find((e) => e.kind === "alert" && e.code === code)!;
    const hand = currentHand(table.events);
    await table.play(FLOOR_WAIT_MS - 500);
    expect(dealerInputs(table, raised.t + 1)).toEqual([]);
    await table.playUntil(() => table.events.some((e) => e.kind === "hand_end" && e.hand === hand + 1));
    // He went on only once the wait was over: collected, pressed the shuffler, dealt the hand again.
    expect(dealerInputs(table, raised.t + 1)[0]!.t).toBeGreaterThanOrEqual(raised.t + FLOOR_WAIT_MS);
    expect(table.events.find((e) => e.kind === "hand_end" && e.hand === hand)).toMatchObject({
      result: "misdeal",
    });
    expect(handEvents(table.events, hand + 1)[0]).toMatchObject({ kind: "hand_start", redeal: true });
    expect(alertCodes(handEvents(table.events, hand + 1)).filter((c) => c !== "ALLIN_TABLE_HANDS")).toEqual(
      [],
    );
  }, 120_000);
});
