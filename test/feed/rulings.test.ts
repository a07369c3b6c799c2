/**
 * Rulings over MQTT: the table checks the supervisor itself (a signed request), not only the broker's
 * access rules. A supervisor without the right at this table is refused, one with it is applied and
 * journaled with `by` and `wall`; a forged signature and a replayed request are refused too.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { InputEvent } from "../../src/contract/input.js";
import { Runtime } from "../../src/runtime/runtime.js";
import { loadConfig } from "../../src/config/config.js";
import { startEmbeddedBroker } from "../../src/feed/embeddedBroker.js";
import { FloorInbox } from "../../src/feed/floorInbox.js";
import { FeedPublisher } from "../../src/feed/publisher.js";
import { RulingKeys, RulingVerifier, signRuling } from "../../src/feed/signedRuling.js";
import { RoomSubscriber } from "../../src/feed/subscriber.js";
import { topics } from "../../src/feed/topics.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { until } from "./brokers.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const keys = RulingKeys.from({
  supervisors: [
    { name: "Ana", key: RulingKeys.newKey(), tables: ["t-7"] },
    { name: "Bo", key: RulingKeys.newKey(), tables: ["t-8"] },
  ],
});

describe("rulings over MQTT", () => {
  it("refuses a supervisor without the right at the table and applies one with it, journaled with by and wall", async () => {
    const broker = await startEmbeddedBroker();
    cleanups.push(() => broker.close());
    const journaled: InputEvent[] = [];
    let now = 0;
    const runtime = new Runtime({
      core: createTableFromConfig(loadConfig("config/default.yaml")),
      clock: () => now,
      journal: { append: (e) => journaled.push(e) },
      setTimer: () => ({ cancel: () => undefined }),
    });
    const inbox = new FloorInbox(new RulingVerifier("t-7", keys), runtime, 10_000);
    const publisher = new FeedPublisher({
      tableId: "t-7",
      tableName: "Seven",
      url: broker.url,
      version: "test",
      inbox,
    });
    cleanups.push(() => publisher.close());
    runtime.addOutput(publisher.output);
    const results: Record<string, unknown>[] = [];
    const floor = new RoomSubscriber({ url: broker.url, onResult: (_t, r) => results.push(r) });
    cleanups.push(() => floor.close());
    await floor.ready();
    await until(() => publisher.connected, "the table connected");
    // The dealer calls the floor: an alert a supervisor answers.
    now = 1000;
    runtime.submit({ t: now, kind: "button", button: "floor" });
    await until(
      () => floor.tables.get("t-7")?.state?.alerts.some((a) => a.code === "FLOOR_CALLED") ?? false,
      "the call on the state",
    );

    const op = { op: "ruling", ruling: "continue", code: "FLOOR_CALLED" };
    const send = (message: unknown) => floor.publish(topics("t-7").rulings, JSON.stringify(message));

    const byBo = signRuling(keys.key("Bo")!, "t-7", "Bo", op, new Date());
    await send(byBo);
    await until(() => results.length === 1, "Bo's answer");
    expect(results[0]).toMatchObject({ outcome: "refused", reason: "Bo has no right to rule at table t-7" });

    const forged = { ...signRuling(keys.key("Bo")!, "t-7", "Ana", op, new Date()) };
    await send(forged);
    await until(() => results.length === 2, "the forged request's answer");
    expect(results[1]).toMatchObject({ outcome: "refused", reason: "the signature does not verify" });

    const byAna = signRuling(keys.key("Ana")!, "t-7", "Ana", op, new Date());
    await send(byAna);
    await until(() => results.length === 3, "Ana's answer");
    expect(results[2]).toMatchObject({ outcome: "applied", by: "Ana", op: "ruling" });
    await until(() => floor.tables.get("t-7")?.state?.alerts.length === 0, "the call cleared on the state");

    await send(byAna);
    await until(() => results.length === 4, "the replayed request's answer");
    expect(results[3]).toMatchObject({
      outcome: "refused",
      reason: "the request was seen before (replayed)",
    });

    const floorOps = journaled.filter((e) => e.kind === "floor");
    expect(floorOps).toHaveLength(1);
    expect(floorOps[0]).toMatchObject({ op: "ruling", ruling: "continue", by: "Ana" });
    expect(floorOps[0]?.wall).toMatch(/^\d{4}-\d\d-\d\dT/);
  }, 60_000);

  it("refuses a request for another table, and one whose time is off", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    const verifier = new RulingVerifier("t-7", keys, () => now);
    const op = { op: "ruling", ruling: "continue" };
    expect(verifier.verify(signRuling(keys.key("Ana")!, "t-8", "Ana", op, new Date(now)))).toMatchObject({
      ok: false,
      reason: "the request is for table t-8",
    });
    expect(
      verifier.verify(signRuling(keys.key("Ana")!, "t-7", "Ana", op, new Date(now - 31_000))),
    ).toMatchObject({
      ok: false,
    });
    expect(
      verifier.verify(signRuling(keys.key("Ana")!, "t-7", "Ana", op, new Date(now - 29_000))),
    ).toMatchObject({
      ok: true,
    });
    expect(verifier.verify({ body: "{}", sig: "00" })).toMatchObject({ ok: false });
  });
});
