/**
 * The live Three Card Poker table (`sim --game tcp` without --report): the report's dealer played in
 * real time through the runtime, with the floor page served on it. At a misdeal hold he stops and waits
 * for a supervisor (up to FLOOR_WAIT_MS) and follows the ruling made on the page: a misdeal (after its
 * undo window: every card collected, every bet back, the next hand), `continue` (the deal stands, the
 * hand played on), or nothing (the house's stand-in floor calls the misdeal once the wait is over).
 * Before, `sim --game tcp` refused to play live. Real time is stepped by the test (SteppedTime): order,
 * not speed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/config.js";
import type { InputEventIn } from "../../../src/contract/input.js";
import type { TableEvent } from "../../../src/contract/output.js";
import { FLOOR_WAIT_MS } from "../../../src/sim/floorWords.js";
import { type HandSource, runSim, withScanRounds } from "../../../src/sim/run.js";
import { ScanRounds, scanLayout } from "../../../src/sim/scanRounds.js";
import { TcpSession } from "../../../src/sim/tcp/session.js";
import { startFloorPage } from "../../../src/web/start.js";
import { until } from "../../feed/brokers.js";
import { SteppedTime } from "../steppedTime.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const TOKEN = "a-floor-token-for-tests";

interface Table {
  events: TableEvent[];
  inputs: InputEventIn[];
  playUntil(done: () => boolean, limitMs?: number): Promise<void>;
  play(ms: number): Promise<void>;
  rule(op: Record<string, unknown>): Promise<number>;
}

/** A live Three Card Poker table with its floor page, as `sim --game tcp` runs it. */
async function liveTcpTable(inject: string, seed: number, scanMs?: number): Promise<Table> {
  const base = loadConfig("config/tcp.yaml");
  const config = scanMs === undefined ? base : { ...base, reading: { ...base.reading, scanRoundMs: scanMs } };
  const session = new TcpSession({ seed, inject }, config);
  const source: HandSource =
    scanMs === undefined
      ? session
      : withScanRounds(
          session,
          new ScanRounds({
            roundMs: scanMs,
            missedScans: config.reading.missedScans,
            antennas: scanLayout(config),
          }),
        );
  const time = new SteppedTime();
  const abort = new AbortController();
  const events: TableEvent[] = [];
  const inputs: InputEventIn[] = [];
  let url: string | null = null;
  const run = runSim(
    {
      source,
      hands: null,
      pace: { speed: 1, pacer: time },
      signal: abort.signal,
      outputs: [(es) => void events.push(...es)],
      onInput: (e) => void inputs.push(e),
      onRuntime: async (runtime) => {
        url = await startFloorPage(
          runtime,
          { ...config, displays: { ...config.displays, web: { host: "127.0.0.1", port: 0 } } },
          { signal: abort.signal, env: { FELTGUARD_FLOOR_TOKEN: TOKEN } },
        );
      },
    },
    config,
  );
  cleanups.push(async () => {
    abort.abort();
    await run;
  });
  await until(() => url !== null, "the floor page");
  let now = 0;
  return {
    events,
    inputs,
    async playUntil(done, limitMs = 20 * 60_000) {
      const end = now + limitMs;
      while (!done() && now < end) {
        now += 50;
        await time.advance(now);
      }
      if (!done()) throw new Error("the table never got there");
    },
    async play(ms) {
      for (const end = now + ms; now < end;) {
        now += 250;
        await time.advance(now);
      }
    },
    async rule(op) {
      const r = await fetch(`${url}api/floor`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify(op),
      });
      return r.status;
    },
  };
}

const alertCodes = (events: readonly TableEvent[]) =>
  events.flatMap((e) => (e.kind === "alert" && e.severity !== "info" ? [e.code] : []));

function handEvents(events: readonly TableEvent[], hand: number): TableEvent[] {
  const from = events.findIndex((e) => e.kind === "hand_start" && e.hand === hand);
  const to = events.findIndex((e, i) => i > from && e.kind === "hand_end");
  return from < 0 ? [] : events.slice(from, to < 0 ? undefined : to + 1);
}

const currentHand = (events: readonly TableEvent[]): number => {
  const start = events.filter((e) => e.kind === "hand_start").at(-1);
  if (start?.kind !== "hand_start") throw new Error("no hand");
  return start.hand;
};

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
