/**
 * Over 1,000 hands no public topic carries a hole card: every message the room's broker carries for a
 * table (events, state, health, head) is checked against the hole cards dealt in the hand it speaks of
 * (read from the simulated readers' input, which is the ground truth). Run on the embedded broker and
 * on a real mosquitto.
 */
import { afterEach, describe, expect, it } from "vitest";
import { connect } from "mqtt";
import { loadConfig } from "../../src/config/config.js";
import { SimRoom } from "../../src/app/roomSim.js";
import { startEmbeddedBroker } from "../../src/feed/embeddedBroker.js";
import { parseTopic } from "../../src/feed/topics.js";
import { startMosquitto, until } from "./brokers.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const TABLES = 10;
const HANDS = 1000;

async function embedded(): Promise<string> {
  const broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  return broker.url;
}

async function mosquitto(): Promise<string> {
  // A queue the size of the run for the watching client (docs/floor-network.md): none of it dropped.
  const broker = await startMosquitto("max_queued_messages 1000000\n");
  cleanups.push(() => broker.kill());
  return broker.url;
}

describe("hole cards on the floor feed", () => {
  it.each([
    ["the embedded broker", embedded],
    ["mosquitto", mosquitto],
  ])(
    `%s: no public topic carries a hole card of the hand in progress, over ${HANDS} hands`,
    async (_name, start) => {
      const url = await start();
      const messages: { table: string; topic: string; text: string }[] = [];
      const spy = connect(url);
      cleanups.push(() => spy.endAsync(true));
      await new Promise<void>((resolve) => spy.once("connect", () => resolve()));
      await spy.subscribeAsync("feltguard/#", { qos: 1 });
      spy.on("message", (topic, payload) => {
        const where = parseTopic(topic);
        if (where) messages.push({ table: where.table, topic: where.topic, text: payload.toString("utf8") });
      });
      // The hole cards of each table's hands, from the readers' input: hand number → faces.
      const hole = new Map<string, Map<number, Set<string>>>();
      const current = new Map<string, number>();
      let handsEnded = 0;
      const room = new SimRoom({
        config: loadConfig("config/default.yaml"),
        tables: TABLES,
        url,
        seed: 101,
        version: "test",
        noise: true,
        inject: ["MISDEAL_EXPOSED", "PREMATURE_FLOP", "DUPLICATE_CARD"],
        onEvents: (table, events) => {
          for (const e of events) {
            if (e.kind === "hand_start") current.set(table, e.hand);
            if (e.kind === "hand_end") handsEnded += 1;
          }
        },
        onInput: (table, e) => {
          if (e.kind !== "tags" || !/^seat\d+$/.test(e.antenna)) return;
          const hand = current.get(table);
          if (hand === undefined) return;
          const byHand = hole.get(table) ?? new Map<number, Set<string>>();
          hole.set(table, byHand);
          const faces = byHand.get(hand) ?? new Set<string>();
          byHand.set(hand, faces);
          for (const tag of e.tags) {
            const face = /^card:[^:]+:([2-9TJQKA][cdhs])/.exec(tag)?.[1];
            if (face) faces.add(face);
          }
        },
      });
      cleanups.push(() => room.close());
      await until(() => room.tables.every((t) => t.publisher.connected), "every table connected");
      let t = 0;
      while (handsEnded < HANDS) {
        t += 60_000;
        await room.runUntil(t);
      }
      await until(() => room.tables.every((tb) => tb.publisher.pending === 0), "every event acknowledged");
      expect(handsEnded).toBeGreaterThanOrEqual(HANDS);

      // Follow each table's messages in order: the hand they speak of is the last hand_start or state seen.
      const speaking = new Map<string, number>();
      let checked = 0;
      const leaks: string[] = [];
      for (const m of messages) {
        const body = JSON.parse(m.text) as Record<string, unknown>;
        if (m.topic === "events" && body.kind === "hand_start") speaking.set(m.table, body.hand as number);
        if (m.topic === "state" && typeof body.hand === "number") speaking.set(m.table, body.hand);
        const hand = speaking.get(m.table);
        if (hand === undefined) continue;
        const faces = hole.get(m.table)?.get(hand);
        if (!faces) continue;
        checked += 1;
        for (const token of m.text.match(/\b[2-9TJQKA][cdhs]\b/g) ?? [])
          if (faces.has(token) && !(body.board as string[] | undefined)?.includes(token))
            leaks.push(`${m.table} hand ${hand} ${m.topic}: ${token} in ${m.text.slice(0, 200)}`);
      }
      expect(checked).toBeGreaterThan(HANDS * 10);
      expect(leaks.slice(0, 5)).toEqual([]);
    },
    300_000,
  );
});
