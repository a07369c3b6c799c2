/**
 * A state the broker dropped on the way to the room (mosquitto drops QoS 1 messages past a slow
 * client's queue) is re-read from the broker's retained copy once the events have gone past it; a state
 * that is only a moment behind its batch of events is not re-read. Likewise a gap in the events still
 * open at the end of the ask-again window is asked for again, one closed before it is not. The broker
 * here is aedes with a forwarding rule that drops chosen messages to the room's client, and keeps them
 * retained. The window runs on the test's own timers (`SubscriberOptions.timers`): it ends when the test
 * fires them, after waiting on the messages, so no test depends on how fast the machine is.
 */
import { createServer } from "node:net";
import { Aedes } from "aedes";
import { Command } from "commander";
import { connect } from "mqtt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { registerFloor } from "../../src/app/commands/floor.js";
import { AskAgainMs, DEFAULT_ASK_AGAIN_MS } from "../../src/feed/askAgain.js";
import { type FeedTimer, type FeedTimers, RoomSubscriber } from "../../src/feed/subscriber.js";
import { createRoomServer } from "../../src/web/floor/roomServer.js";
import { until } from "./brokers.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** An aedes broker that does not forward to the room a message `drop` picks (it stays retained). */
async function droppingBroker(drop: (topic: string, payload: string) => boolean): Promise<string> {
  const broker = await Aedes.createBroker({
    authorizeForward: (client, packet) =>
      client?.id === "room" && drop(packet.topic, packet.payload.toString()) ? null : packet,
  });
  const server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  cleanups.push(async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const a = server.address();
  return `mqtt://127.0.0.1:${typeof a === "object" && a !== null ? a.port : 0}`;
}

const state = (seq: number) =>
  JSON.stringify({ table: "t1", seq, hand: 1, board: [], seats: [], alerts: [] });
const event = (seq: number) => JSON.stringify({ seq, kind: "action", t: seq });

async function tableClient(url: string) {
  const table = connect(url, { clientId: "feltguard-table-t1" });
  cleanups.push(() => table.endAsync(true));
  await new Promise<void>((resolve) => table.once("connect", () => resolve()));
  return {
    say: async (seq: number) => {
      await table.publishAsync("feltguard/t1/events", event(seq), { qos: 1 });
      await table.publishAsync("feltguard/t1/state", state(seq), { qos: 1, retain: true });
    },
    /** One event alone (no state after it). */
    event: (seq: number) => table.publishAsync("feltguard/t1/events", event(seq), { qos: 1 }),
  };
}

/** Timers that fire when the test says: the window has ended for every timer set until then. */
class TestTimers implements FeedTimers {
  private readonly pending = new Map<FeedTimer, () => void>();
  /** The windows asked for (ms), in order. */
  readonly windows: number[] = [];

  set(run: () => void, ms: number): FeedTimer {
    const timer = Symbol("timer");
    this.pending.set(timer, run);
    this.windows.push(ms);
    return timer;
  }

  clear(timer: FeedTimer): void {
    this.pending.delete(timer);
  }

  get waiting(): number {
    return this.pending.size;
  }

  /** Ends the window of every timer set so far (timers they set wait for the next call). */
  fire(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const run of due) run();
  }
}

/** The room's subscriber on `url`, its windows on test timers. */
async function roomOn(url: string, askAgainMs = 500) {
  const timers = new TestTimers();
  const room = new RoomSubscriber({ url, clientId: "room", history: true, askAgainMs, timers });
  cleanups.push(() => room.close());
  await room.ready();
  return { room, timers };
}

describe("the room's state of a table", () => {
  it("re-reads the retained state when it is still behind the events at the end of the window (the broker dropped it)", async () => {
    // Dropped once: the rule sees the retained copy sent on a new subscription too.
    let dropped = 0;
    const url = await droppingBroker(
      (topic, payload) => topic.endsWith("/state") && JSON.parse(payload).seq === 3 && dropped++ === 0,
    );
    const { room, timers } = await roomOn(url, 750);
    const table = await tableClient(url);
    for (const seq of [1, 2, 3]) await table.say(seq);
    const t1 = () => room.tables.get("t1");
    await until(
      () => t1()?.delivered === 3 && t1()?.state?.seq === 2,
      "three events, the state of the second",
    );
    // The window opened after the second event, with the first's state held.
    expect(timers.waiting).toBe(1);
    timers.fire();
    // A state came within it (the second's): still behind, so the room looks again a window later.
    expect(room.stateRereads).toBe(0);
    expect(timers.waiting).toBe(1);
    timers.fire();
    // No state within that one: the broker dropped it, and the retained copy is asked for.
    expect(room.stateRereads).toBe(1);
    // Without the re-read the room would hold seq 2 for ever: no more events, so no more states.
    await until(() => t1()?.state?.seq === 3, "the retained state");
    // The window is the one configured.
    expect(new Set(timers.windows)).toEqual(new Set([750]));
  });

  it("does not re-read a state that caught up with the events before the end of the window", async () => {
    const url = await droppingBroker(() => false);
    const { room, timers } = await roomOn(url);
    const table = await tableClient(url);
    for (const seq of [1, 2, 3]) await table.say(seq);
    await until(() => room.tables.get("t1")?.state?.seq === 3, "the state after the events");
    // The state was a moment behind after the second event (the window opened), and is current now.
    expect(timers.windows.length).toBeGreaterThanOrEqual(1);
    timers.fire();
    expect(room.stateRereads).toBe(0);
    expect(timers.waiting).toBe(0);
  });
});

describe("a gap in a table's events", () => {
  /** The room sees events 1 and 3 (2 is missing) and asks for 2; `replays` counts its requests. */
  async function gap() {
    const url = await droppingBroker(() => false);
    const { room, timers } = await roomOn(url);
    const publish = vi.spyOn(room.client, "publish");
    const replays = () => publish.mock.calls.filter(([topic]) => topic === "feltguard/t1/replay").length;
    const table = await tableClient(url);
    await table.event(1);
    await table.event(3);
    await until(() => replays() === 1, "the room asking for event 2");
    expect(timers.waiting).toBe(1);
    return { room, timers, table, replays };
  }

  it("still open at the end of the window: asked for again", async () => {
    const { room, timers, replays } = await gap();
    timers.fire();
    expect(replays()).toBe(2);
    expect(room.tables.get("t1")?.delivered).toBe(1);
    // And again at the end of the next window, while it stays open.
    expect(timers.waiting).toBe(1);
  });

  it("closed before the end of the window (the table answered): not asked again", async () => {
    const { room, timers, table, replays } = await gap();
    await table.event(2);
    await until(() => room.tables.get("t1")?.delivered === 3, "events 2 and 3 delivered");
    timers.fire();
    expect(replays()).toBe(1);
    expect(timers.waiting).toBe(0);
  });
});

describe("the ask-again window's configuration", () => {
  it("feltguard floor --ask-again-ms is validated (50 to 60000 ms, an integer) before anything starts", async () => {
    for (const bad of ["10", "49", "60001", "1.5", "soon"]) {
      const program = new Command().exitOverride().configureOutput({ writeErr: () => undefined });
      registerFloor(program);
      await expect(program.parseAsync(["floor", "--ask-again-ms", bad], { from: "user" })).rejects.toThrow(
        /is not a window from 50 to 60000 ms/,
      );
    }
    expect(AskAgainMs.parse("50")).toBe(50);
    expect(AskAgainMs.parse("60000")).toBe(60_000);
  });

  it("the room server gives its subscriber the window it is configured with, or the default", async () => {
    const url = await droppingBroker(() => false);
    const base = { mqtt: url, host: "127.0.0.1", port: 0 };
    const set = createRoomServer({ ...base, askAgainMs: 1234 });
    cleanups.push(() => set.close());
    const unset = createRoomServer(base);
    cleanups.push(() => unset.close());
    expect(set.subscriber.askAgainMs).toBe(1234);
    expect(unset.subscriber.askAgainMs).toBe(DEFAULT_ASK_AGAIN_MS);
  });
});
