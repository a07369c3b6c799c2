/**
 * A state the broker dropped on the way to the room (mosquitto drops QoS 1 messages past a slow
 * client's queue) is re-read from the broker's retained copy once the events have gone past it; a state
 * that is only a moment behind its batch of events is not re-read. The broker here is aedes with a
 * forwarding rule that drops chosen messages to the room's client, and keeps them retained.
 */
import { createServer } from "node:net";
import { Aedes } from "aedes";
import { connect } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { ASK_AGAIN_MS, RoomSubscriber } from "../../src/feed/subscriber.js";
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
  };
}

describe("the room's state of a table", () => {
  it("re-reads the retained state when the broker dropped the latest on the way and the events went past it", async () => {
    // Dropped once: the rule sees the retained copy sent on a new subscription too.
    let dropped = 0;
    const url = await droppingBroker(
      (topic, payload) => topic.endsWith("/state") && JSON.parse(payload).seq === 3 && dropped++ === 0,
    );
    const room = new RoomSubscriber({ url, clientId: "room", history: true });
    cleanups.push(() => room.close());
    await room.ready();
    const table = await tableClient(url);
    for (const seq of [1, 2, 3]) await table.say(seq);
    await until(() => room.tables.get("t1")?.delivered === 3, "three events");
    // Without the re-read the room would hold seq 2 for ever: no more events, so no more states.
    await until(() => room.tables.get("t1")?.state?.seq === 3, "the retained state", 10 * ASK_AGAIN_MS);
    expect(room.stateRereads).toBeGreaterThanOrEqual(1);
  });

  it("does not re-read a state that arrives after its events (only a moment behind)", async () => {
    const url = await droppingBroker(() => false);
    const room = new RoomSubscriber({ url, clientId: "room", history: true });
    cleanups.push(() => room.close());
    await room.ready();
    const table = await tableClient(url);
    for (const seq of [1, 2, 3]) await table.say(seq);
    await until(() => room.tables.get("t1")?.state?.seq === 3, "the state after the events");
    // Past the re-read window: a check that was set while the state was a moment behind finds it current.
    await new Promise((r) => setTimeout(r, 2 * ASK_AGAIN_MS));
    expect(room.stateRereads).toBe(0);
  });
});
