/**
 * The floor network end to end: 20 simulated tables publish for 5 minutes of table time to a real
 * mosquitto (started here on a free port) and to the embedded aedes broker; the room's subscriber must
 * end with every table's every event, once, in order. With mosquitto the broker is killed in the middle
 * of the run (mid-hand) and restarted: the tables play on while it is away, and after dropping repeated
 * `seq` the room still has everything, 0 lost, 0 out of order.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { SimRoom } from "../../src/app/roomSim.js";
import { startEmbeddedBroker } from "../../src/feed/embeddedBroker.js";
import { RoomSubscriber } from "../../src/feed/subscriber.js";
import { startMosquitto, until } from "./brokers.js";

const TABLES = 20;
const FIVE_MINUTES = 5 * 60_000;
const config = loadConfig("config/default.yaml");

interface Tally {
  /** What each table said, by table: the seq of every event, in the order said. */
  said: Map<string, number[]>;
  /** What the room received in order, by table. */
  got: Map<string, number[]>;
}

function tally(): Tally {
  return { said: new Map(), got: new Map() };
}

const push = (m: Map<string, number[]>, k: string, v: number) => {
  const list = m.get(k) ?? [];
  list.push(v);
  m.set(k, list);
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function roomAndFloor(url: string, counts: Tally) {
  const floor = new RoomSubscriber({
    url,
    onEvents: (table, events) => {
      for (const e of events) push(counts.got, table, e.seq);
    },
  });
  cleanups.push(() => floor.close());
  const room = new SimRoom({
    config,
    tables: TABLES,
    url,
    seed: 7,
    version: "test",
    feed: { reconnectMs: 100 },
    onEvents: (table, events) => {
      for (const e of events) push(counts.said, table, e.seq ?? -1);
    },
  });
  cleanups.push(() => room.close());
  return { floor, room };
}

/** Every table said 1..N once each, and the room got exactly that, in order. */
function expectEverythingInOrder(counts: Tally): void {
  expect(counts.said.size).toBe(TABLES);
  for (const [table, said] of counts.said) {
    expect(said, `${table} numbers its events 1, 2, 3 …`).toEqual(said.map((_, i) => i + 1));
    expect(counts.got.get(table), `${table}: the room has every event once, in order`).toEqual(said);
  }
}

const caughtUp = (counts: Tally) => () =>
  counts.said.size === TABLES &&
  [...counts.said].every(([table, said]) => (counts.got.get(table)?.length ?? 0) === said.length);

describe("the floor network", () => {
  it("20 tables for 5 minutes of table time through a real mosquitto killed and restarted mid-hand: 0 lost, 0 out of order", async () => {
    // As docs/floor-network.md configures the floor's broker: a room consumer's queue the size of the
    // catch-up burst (mosquitto's default, 1,000, drops most of it and a loaded machine never caught up).
    const broker = await startMosquitto("max_queued_messages 100000\n");
    cleanups.push(() => broker.kill());
    const counts = tally();
    const { floor, room } = roomAndFloor(broker.url, counts);
    await floor.ready();
    await until(() => room.tables.every((t) => t.publisher.connected), "every table connected");
    await room.runUntil(FIVE_MINUTES / 3);
    const inHand = room.tables.filter((t) => t.runtime.core.live !== null);
    expect(inHand.length, "tables mid-hand when the broker dies").toBeGreaterThan(0);
    await broker.kill();
    await until(() => room.tables.every((t) => !t.publisher.connected), "every table sees the broker gone");
    const before = room.tables.map((t) => t.hands);
    // The tables play on without the broker.
    await room.runUntil((2 * FIVE_MINUTES) / 3);
    const after = room.tables.map((t) => t.hands);
    expect(
      after.some((h, i) => h > before[i]!),
      "hands played while the broker was away",
    ).toBe(true);
    expect(
      room.tables.every((t) => t.publisher.pending > 0),
      "events wait for the broker",
    ).toBe(true);
    await broker.start();
    await room.runUntil(FIVE_MINUTES);
    await until(caughtUp(counts), "the room has every event", 120_000);
    expectEverythingInOrder(counts);
    const total = [...counts.said.values()].reduce((n, s) => n + s.length, 0);
    expect(total).toBeGreaterThan(TABLES * 50);
    // Every table's retained state is the last event it said.
    await until(
      () => [...floor.tables.values()].every((t) => t.state?.seq === counts.said.get(t.id)?.at(-1)),
      "every state at its table's last event",
    );
  }, 240_000);

  it("20 tables for 5 minutes of table time through the embedded broker: every event once, in order", async () => {
    const broker = await startEmbeddedBroker();
    cleanups.push(() => broker.close());
    const counts = tally();
    const { floor, room } = roomAndFloor(broker.url, counts);
    await floor.ready();
    await until(() => room.tables.every((t) => t.publisher.connected), "every table connected");
    await room.runUntil(FIVE_MINUTES);
    await until(caughtUp(counts), "the room has every event", 120_000);
    expectEverythingInOrder(counts);
    expect(floor.tables.size).toBe(TABLES);
  }, 240_000);
});
