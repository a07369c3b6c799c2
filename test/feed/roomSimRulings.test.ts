/**
 * `feltguard sim --tables N --mqtt URL` with the configuration's ruling keys (feed.mqtt.rulingKeys):
 * each simulated table answers the overview's signed rulings as `feltguard table` does
 * (docs/floor-network.md). Walking the floor's path found the overview's rulings to a simulated table
 * unanswered ("table sim-2 did not answer"): the room simulator gave its tables no inbox. Waits on
 * answers, never on a sleep.
 */
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SimRoom } from "../../src/app/roomSim.js";
import { loadConfig } from "../../src/config/config.js";
import { startEmbeddedBroker } from "../../src/feed/embeddedBroker.js";
import { RulingKeys, signRuling } from "../../src/feed/signedRuling.js";
import { RoomSubscriber } from "../../src/feed/subscriber.js";
import { topics } from "../../src/feed/topics.js";
import { until } from "./brokers.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("the room simulator's tables take signed rulings", () => {
  it("applies a supervisor's ruling at a table she may rule and refuses one at a table she may not", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "fg-room-keys-")), "ruling-keys.json");
    const raw = {
      supervisors: [
        { name: "Ana", key: RulingKeys.newKey(), tables: ["*"] },
        { name: "Bo", key: RulingKeys.newKey(), tables: ["sim-2"] },
      ],
    };
    writeFileSync(file, JSON.stringify(raw));
    chmodSync(file, 0o600);
    const keys = RulingKeys.from(raw);
    const broker = await startEmbeddedBroker();
    cleanups.push(() => broker.close());
    const config = loadConfig("config/default.yaml");
    const room = new SimRoom({
      config: { ...config, feed: { mqtt: { url: broker.url, rulingKeys: file } } },
      tables: 2,
      url: broker.url,
      seed: 7,
      version: "test",
    });
    cleanups.push(() => room.close());
    const results: Record<string, unknown>[] = [];
    const floor = new RoomSubscriber({ url: broker.url, onResult: (_t, r) => results.push(r) });
    cleanups.push(() => floor.close());
    await floor.ready();
    await until(() => room.tables.every((t) => t.publisher.connected), "the tables connected");
    await room.runUntil(5_000);
    // The table subscribes to its rulings before it publishes its state on the same connection: once
    // the floor has the state, the table listens.
    await until(() => floor.tables.get("sim-1")?.state !== undefined, "sim-1's state at the floor");

    const op = { op: "break" };
    await floor.publish(
      topics("sim-1").rulings,
      JSON.stringify(signRuling(keys.key("Ana")!, "sim-1", "Ana", op, new Date())),
    );
    await until(() => results.length === 1, "sim-1's answer to Ana");
    expect(results[0]).toMatchObject({ outcome: "applied", by: "Ana", op: "break" });

    await floor.publish(
      topics("sim-1").rulings,
      JSON.stringify(signRuling(keys.key("Bo")!, "sim-1", "Bo", op, new Date())),
    );
    await until(() => results.length === 2, "sim-1's answer to Bo");
    expect(results[1]).toMatchObject({ outcome: "refused" });
    expect(String(results[1]?.reason)).toMatch(/Bo/);
  }, 60_000);
});
