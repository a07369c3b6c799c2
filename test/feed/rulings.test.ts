/**
 * Rulings over MQTT: the table checks the supervisor itself (a signed request), not only the broker's
 * access rules. A supervisor without the right at this table is refused, one with it is applied and
 * journaled with `by` and `wall`; a forged signature and a replayed request are refused too. Run on
 * the embedded broker and on a real mosquitto with the access rules of docs/floor-network.md, where a
 * client the rules do not let write rulings (surveillance) is refused by the broker before the table.
 */
import { afterEach, describe, expect, it } from "vitest";
import { connectAsync } from "mqtt";
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
import { documentedAcl, startMosquitto, until } from "./brokers.js";

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

/** A broker for one run: where it is, and who the table and the floor server connect as. */
interface Floor {
  url: string;
  table?: { username: string; password: string };
  floorServer?: { username: string; password: string };
  /** A client the broker's rules let read but not rule (mosquitto only). */
  surveillance?: { username: string; password: string };
}

async function embedded(): Promise<Floor> {
  const broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  return { url: broker.url };
}

async function mosquittoWithDocumentedRules(): Promise<Floor> {
  const users = { "t-7": "table-seven-pw", "floor-1": "floor-one-pw", surveillance: "watching-pw" };
  const broker = await startMosquitto("", { users, acl: documentedAcl() });
  cleanups.push(() => broker.kill());
  return {
    url: broker.url,
    table: { username: "t-7", password: users["t-7"] },
    floorServer: { username: "floor-1", password: users["floor-1"] },
    surveillance: { username: "surveillance", password: users.surveillance },
  };
}

describe("rulings over MQTT", () => {
  it.each([
    ["the embedded broker", embedded],
    ["mosquitto with the documented access rules", mosquittoWithDocumentedRules],
  ])(
    "%s: refuses a supervisor without the right at the table and applies one with it, journaled with by and wall",
    async (_name, start) => {
      const broker = await start();
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
        ...broker.table,
      });
      cleanups.push(() => publisher.close());
      runtime.addOutput(publisher.output);
      const results: Record<string, unknown>[] = [];
      const floor = new RoomSubscriber({
        url: broker.url,
        onResult: (_t, r) => results.push(r),
        ...broker.floorServer,
      });
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

      if (broker.surveillance !== undefined) {
        // A rightly signed ruling from a client the broker's rules do not let write rulings: the broker
        // refuses it (MQTT 5 PUBACK 135, not authorized), so it never reaches the table. Had it, the
        // table would have applied it, and the first answer below would not be Bo's refusal.
        const watcher = await connectAsync(broker.url, { ...broker.surveillance, protocolVersion: 5 });
        cleanups.push(() => watcher.endAsync(true));
        const leaked = signRuling(keys.key("Ana")!, "t-7", "Ana", op, new Date());
        const refusal = await watcher
          .publishAsync(topics("t-7").rulings, JSON.stringify(leaked), { qos: 1 })
          .then(
            () => null,
            (e: unknown) => (e as { code?: number }).code,
          );
        expect(refusal).toBe(135);
      }

      const byBo = signRuling(keys.key("Bo")!, "t-7", "Bo", op, new Date());
      await send(byBo);
      await until(() => results.length === 1, "Bo's answer");
      expect(results[0]).toMatchObject({
        outcome: "refused",
        reason: "Bo has no right to rule at table t-7",
      });

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
    },
    60_000,
  );

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
