/**
 * The live Three Card Poker dealer at TCP_BET_AFTER_DEAL (a bet changed after the first card; its steps:
 * put the bets back, call the floor, the hand waits for the ruling). He puts the bets back, stops and
 * waits for a supervisor, up to FLOOR_WAIT_MS, and follows the ruling made on the floor page: `continue`
 * (the bets as they were, the hand played on), `dead` (the box's cards to the muck, the box settled as a
 * fold), or nobody (the house's stand-in rules `continue` once the wait is over). Before, he played on at
 * once and the stand-in ruled `continue` two seconds later: a supervisor who walked over found the hand
 * ruled, and a `dead` left the box's cards on the felt and the dealer deciding for it. Real time is
 * stepped by the test (SteppedTime): order, not speed.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/config.js";
import type { TableEvent } from "../../../src/contract/output.js";
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

const CODE = "TCP_BET_AFTER_DEAL";
/**
 * Seed 10's first changed bet comes in hand 4, on a box with an Ante, a Pair Plus and a pair of deuces,
 * which its player plays (and wins on) when the bets stand; ruled dead, its Ante is lost all the same.
 */
const SEED = 10;

function liveTcpTable(seed: number, scanMs?: number): Promise<Table> {
  const config = withScanRound(loadConfig("config/tcp.yaml"), scanMs);
  return liveTableOf(
    scanned(new TcpSession({ seed, inject: "bet-after-deal" }, config), config, scanMs),
    config,
  );
}

/** A Three Card Poker `award`: the contract's fields and the line's (src/hand/tcp/settle.ts). */
type Line = { seat: number; bet: string; outcome: string; stake: number; amount: number };
const linesOf = (events: readonly TableEvent[], box: number): Line[] =>
  events.flatMap((e) => (e.kind === "award" && e.seat === box ? [e as unknown as Line] : []));

/** Plays to the first TCP_BET_AFTER_DEAL on a box with an Ante (the one a ruling of dead takes out). */
async function toTheAlert(table: Table) {
  await table.playUntil(() => table.events.some((e) => e.kind === "alert" && e.code === CODE));
  const alert = table.events.find((e) => e.kind === "alert" && e.code === CODE);
  if (alert?.kind !== "alert" || alert.seat === undefined) throw new Error("no alert on a box");
  const hand = currentHand(table.events);
  const start = table.events.findIndex((e) => e.kind === "hand_start" && e.hand === hand);
  return { alert, box: alert.seat, hand, start };
}

/** What the table settled after the ruling: every payout as due, the tray as expected, nothing raised. */
function settledClean(table: Table, hand: number, ruledAt: number, after: number): void {
  expect(handEvents(table.events, hand).at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
  const later = table.events.filter((e) => e.t > after);
  expect(later.filter((e) => e.kind === "payout").every((e) => e.kind === "payout" && e.paid === e.due)).toBe(
    true,
  );
  expect(later.find((e) => e.kind === "tray")).toMatchObject({ variance: 0 });
  expect(alertCodes(table.events.slice(ruledAt))).toEqual([]);
}

describe.each([
  { scan: undefined, label: "events straight to the table" },
  { scan: 600, label: "scan rounds of 600 ms" },
])("the live Three Card Poker dealer at a bet changed after the deal: $label", ({ scan }) => {
  it("he stops for the floor; continue: the bets as they were, the box played and paid", async () => {
    const table = await liveTcpTable(SEED, scan);
    const { alert, box, hand, start } = await toTheAlert(table);
    // He put the bets back and called the floor: then nothing moves until a supervisor rules.
    await table.play(FLOOR_WAIT_MS / 3);
    const waiting = table.inputs.filter((e) => e.t > alert.t + 3_000);
    expect(waiting).toEqual([]);
    const at = table.events.length;
    expect(await table.rule({ op: "ruling", ruling: "continue", code: CODE, seat: box, hand })).toBe(200);
    const ruledAt = table.inputs.length;
    await table.playUntil(() => table.events.some((e) => e.kind === "tray" && e.t > alert.t));
    // The house's stand-in said nothing (the supervisor had ruled).
    expect(table.inputs.slice(ruledAt).some((e) => e.kind === "floor")).toBe(false);
    // The box kept its bets as they were and is settled on its cards (its Ante decided by its player).
    const lines = linesOf(table.events.slice(start), box);
    expect(lines.map((l) => l.bet)).toEqual(expect.arrayContaining(["ante", "play", "pairplus"]));
    expect(lines.every((l) => l.outcome !== "void")).toBe(true);
    settledClean(table, hand, at, alert.t);
  }, 120_000);

  it("dead: the box's cards go to the muck, it loses its Ante as a fold, the rest is played and paid", async () => {
    const table = await liveTcpTable(SEED, scan);
    const { alert, box, hand, start } = await toTheAlert(table);
    await table.play(FLOOR_WAIT_MS / 3);
    const at = table.events.length;
    const ruledAt = table.inputs.length;
    const cards = table.inputs.filter((e) => e.kind === "tags" && e.antenna === `seat${box}`).at(-1);
    if (cards?.kind !== "tags" || cards.tags.length === 0) throw new Error(`box ${box} holds no cards`);
    expect(await table.rule({ op: "ruling", ruling: "dead", code: CODE, seat: box, hand })).toBe(200);
    await table.playUntil(() => table.events.some((e) => e.kind === "tray" && e.t > alert.t));
    // His moves: the box's cards off it and onto the muck, no decision of its own, no stand-in ruling.
    const moves = table.inputs.slice(ruledAt);
    // (Read in scan rounds, the box reports them gone K missed scans later, after the muck has them.)
    expect(moves).toContainEqual(expect.objectContaining({ antenna: `seat${box}`, tags: [] }));
    const muck = moves.find((e) => e.kind === "tags" && e.antenna === "muck");
    expect(muck).toMatchObject({ kind: "tags", tags: expect.arrayContaining(cards.tags) });
    expect(moves.some((e) => e.kind === "floor")).toBe(false);
    expect(moves.some((e) => e.kind === "tags" && e.antenna === `play${box}` && e.tags.length > 0)).toBe(
      false,
    );
    // The table's result for the box: folded (the Ante lost, no Play, no bonus), its side bets settled.
    const lines = linesOf(table.events.slice(start), box);
    expect(lines.find((l) => l.bet === "ante")).toMatchObject({ outcome: "lose", amount: 0 });
    expect(lines.some((l) => l.bet === "play" || l.bet === "bonus")).toBe(false);
    // Pair Plus does not depend on the dealer's hand: settled on the box's cards (config/tcp.yaml keeps
    // the pay table's default: a fold does not forfeit it), it wins on the pair.
    expect(lines.find((l) => l.bet === "pairplus")).toMatchObject({ outcome: "win" });
    // The stacks: the box's stake less what it got back, as the lines say.
    const end = handEvents(table.events, hand).at(-1);
    const last = table.events.slice(0, start).findLast((e) => e.kind === "hand_end");
    if (end?.kind !== "hand_end") throw new Error("no hand_end");
    // Seated with 1,000,000 (src/sim/tcp/dealer.ts) when this is the first hand.
    const before = last?.kind === "hand_end" ? last.stacks[String(box)]! : 1_000_000;
    const net = lines.reduce((sum, l) => sum + l.amount - l.stake, 0);
    expect(end.stacks[String(box)]).toBe(before + net);
    settledClean(table, hand, at, alert.t);
  }, 120_000);

  it("dead on a blind box: its Play goes back to the player with nothing said, the Ante is lost", async () => {
    // Seed 12's first changed bet is on a blind box (its Play down before the deal) holding jack high.
    const table = await liveTcpTable(12, scan);
    const { alert, box, hand, start } = await toTheAlert(table);
    const play = table.inputs.filter((e) => e.kind === "tags" && e.antenna === `play${box}`).at(-1);
    if (play?.kind !== "tags" || play.tags.length === 0) throw new Error(`box ${box} has no Play down`);
    await table.play(FLOOR_WAIT_MS / 3);
    const at = table.events.length;
    const ruledAt = table.inputs.length;
    expect(await table.rule({ op: "ruling", ruling: "dead", code: CODE, seat: box, hand })).toBe(200);
    await table.playUntil(() => table.events.some((e) => e.kind === "tray" && e.t > alert.t));
    expect(table.inputs.slice(ruledAt)).toContainEqual(
      expect.objectContaining({ antenna: `play${box}`, tags: [] }),
    );
    const lines = linesOf(table.events.slice(start), box);
    expect(lines.find((l) => l.bet === "ante")).toMatchObject({ outcome: "lose", amount: 0 });
    expect(lines.some((l) => l.bet === "play")).toBe(false);
    // Nothing raised after the ruling: no bet changed (the Play taken off a dead box), no bet left.
    settledClean(table, hand, at, alert.t);
  }, 120_000);

  it(`nobody rules within ${FLOOR_WAIT_MS} ms: the house's continue once the wait is over, not before`, async () => {
    const table = await liveTcpTable(SEED, scan);
    const { alert, box, hand } = await toTheAlert(table);
    await table.play(FLOOR_WAIT_MS - 500);
    expect(table.inputs.some((e) => e.kind === "floor" && e.t > alert.t)).toBe(false);
    expect(table.events.some((e) => e.kind === "hand_end" && e.hand === hand)).toBe(false);
    await table.playUntil(() => table.events.some((e) => e.kind === "hand_end" && e.hand === hand));
    const ruling = table.inputs.find((e) => e.kind === "floor" && e.t > alert.t);
    expect(ruling).toMatchObject({ op: "ruling", ruling: "continue", code: CODE, seat: box });
    expect(ruling!.t).toBeGreaterThanOrEqual(alert.t + FLOOR_WAIT_MS);
    expect(handEvents(table.events, hand).at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
  }, 120_000);
});
