/**
 * FOUR_CARD_FLOP at a live simulated table (npm start): the alert's first step is "Call the floor" (r.35:
 * the floor is called), and the floor page answers it with `continue` only (its word that the procedure
 * may go on). Before, the simulated dealer scrambled the four and had one moved to the burn within two
 * and a half seconds, whoever was on the way; now he waits for the supervisor, as at a misdeal: ruled,
 * he follows the procedure just after; not ruled within FLOOR_WAIT_MS, he follows it then. Real time is
 * stepped by the test (SteppedTime): order, not speed.
 */
import { describe, expect, it } from "vitest";
import type { InputEventIn } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { FLOOR_WAIT_MS } from "../../src/sim/floorWords.js";
import { alertCodes, currentHand, handEvents, liveTable, type Table } from "./liveTable.js";

const CODE = "FOUR_CARD_FLOP";
/** A seed whose first hands carry a four-card flop. */
const SEED = 3;

/**
 * The readers' reports of the board and the burn from `from` (table time) on: the four cards' procedure.
 * (With scan rounds, other antennas report what happened before the alert a round or K scans late.)
 */
const cardMoves = (t: Table, from: number): InputEventIn[] =>
  t.inputs.filter((e) => e.t >= from && e.kind === "tags" && (e.antenna === "board" || e.antenna === "burn"));

/** The first card the dealer put on the burn antenna at or after `from`: one of the four, picked. */
const burnPick = (t: Table, from: number) =>
  t.inputs.find((e) => e.t >= from && e.kind === "tags" && e.antenna === "burn" && e.tags.length === 2);

const raisedAlert = (events: readonly TableEvent[]) =>
  events.find((e) => e.kind === "alert" && e.code === CODE);

describe.each([
  { scan: undefined, label: "events straight to the table" },
  { scan: 600, label: "scan rounds of 600 ms" },
])("FOUR_CARD_FLOP: the live dealer calls the floor and waits: $label", ({ scan }) => {
  it(`continue ruled ${FLOOR_WAIT_MS / 3} ms after the alert: he waited, then followed r.35 at once`, async () => {
    const table = await liveTable([CODE], SEED, scan);
    await table.playUntil(() => raisedAlert(table.events) !== undefined);
    const raised = raisedAlert(table.events)!;
    const hand = currentHand(table.events);
    const at = table.events.length;
    await table.play(FLOOR_WAIT_MS / 3);
    // Before: the four were scrambled and one was on the burn within 2.5 s.
    expect(cardMoves(table, raised.t + 1)).toEqual([]);
    expect(await table.rule({ op: "ruling", ruling: "continue", code: CODE, hand })).toBe(200);
    await table.playUntil(() =>
      table.events.some((e, i) => i >= at && e.kind === "hand_end" && e.hand === hand),
    );
    // The table took the supervisor's word (the alert answered by the floor, at the ruling's moment).
    const answered = table.events.find((e, i) => i >= at && e.kind === "alert_clear" && e.code === CODE);
    expect(answered).toBeDefined();
    // He went on after the word, not after the whole wait: the pick to the burn came next.
    const pick = burnPick(table, answered!.t);
    expect(pick).toBeDefined();
    expect(cardMoves(table, raised.t + 1)[0]).toBe(pick);
    expect(pick!.t).toBeLessThan(raised.t + FLOOR_WAIT_MS);
    // The procedure done: the flop dealt from the other three, the hand played to its end, nothing
    // raised after (no ruling refused, no alert of the dealer going on without the floor).
    const played = handEvents(table.events, hand);
    expect(played.some((e) => e.kind === "street" && e.street === "flop" && e.board.length === 3)).toBe(true);
    expect(played.at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
    expect(alertCodes(table.events.slice(at)).filter((c) => c !== "ALLIN_TABLE_HANDS")).toEqual([]);
    await table.play(30_000);
    expect(handEvents(table.events, hand + 1)[0]).toMatchObject({ kind: "hand_start", redeal: false });
  }, 120_000);

  it(`nobody rules within ${FLOOR_WAIT_MS} ms: he follows r.35 once the wait is over`, async () => {
    const table = await liveTable([CODE], SEED, scan);
    await table.playUntil(() => raisedAlert(table.events) !== undefined);
    const raised = raisedAlert(table.events)!;
    const hand = currentHand(table.events);
    const at = table.events.length;
    await table.play(FLOOR_WAIT_MS - 500);
    expect(cardMoves(table, raised.t + 1)).toEqual([]);
    await table.playUntil(() =>
      table.events.some((e, i) => i >= at && e.kind === "hand_end" && e.hand === hand),
    );
    const pick = burnPick(table, raised.t + 1);
    expect(cardMoves(table, raised.t + 1)[0]).toBe(pick);
    expect(pick!.t).toBeGreaterThanOrEqual(raised.t + FLOOR_WAIT_MS);
    expect(handEvents(table.events, hand).at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
    expect(alertCodes(table.events.slice(at)).filter((c) => c !== "ALLIN_TABLE_HANDS")).toEqual([]);
  }, 120_000);
});

describe("FOUR_CARD_FLOP: a supervisor who rules the hand a misdeal instead (the ruling bar offers it)", () => {
  it("the dealer waits out the undo window, collects, and deals the hand again", async () => {
    const table = await liveTable([CODE], SEED);
    await table.playUntil(() => raisedAlert(table.events) !== undefined);
    const raised = raisedAlert(table.events)!;
    const hand = currentHand(table.events);
    await table.play(5_000);
    // The four lie as they landed when the supervisor comes (before, one was on the burn by then).
    expect(cardMoves(table, raised.t + 1)).toEqual([]);
    expect(await table.rule({ op: "ruling", ruling: "misdeal", code: CODE, hand })).toBe(200);
    const ruledAt = table.inputs.length;
    await table.play(4_000);
    expect(table.inputs.slice(ruledAt)).toEqual([]);
    await table.playUntil(() => table.events.some((e) => e.kind === "hand_end" && e.hand === hand + 1));
    expect(table.events.find((e) => e.kind === "hand_end" && e.hand === hand)).toMatchObject({
      result: "misdeal",
    });
    const after = table.inputs.slice(ruledAt);
    const press = after.findIndex((e) => e.kind === "button" && e.button === "shuffler");
    expect(press).toBeGreaterThan(0);
    expect(after.slice(0, press).every((e) => e.kind === "tags" && e.tags.length === 0)).toBe(true);
    expect(handEvents(table.events, hand + 1)[0]).toMatchObject({ kind: "hand_start", redeal: true });
    expect(handEvents(table.events, hand + 1).at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
  }, 120_000);
});
