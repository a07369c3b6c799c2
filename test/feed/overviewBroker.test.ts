/**
 * The room overview when its broker is away (the brief's "what the page shows when the broker is
 * away"): the page is told the broker is unreachable, so the rows read as "last seen", not live, and a
 * ruling is refused at once with the reason instead of waiting ten seconds for "did not answer" (and
 * leaving a signed request queued in the MQTT client for whenever the broker returns). Before, the
 * page kept saying "live". Waits on messages, never on a sleep.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startEmbeddedBroker } from "../../src/feed/embeddedBroker.js";
import { RulingKeys } from "../../src/feed/signedRuling.js";
import { createRoomServer } from "../../src/web/floor/roomServer.js";
import { Supervisors } from "../../src/web/supervisors.js";
import { until } from "./brokers.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("the room overview without its broker", () => {
  it("tells the page the broker is unreachable and refuses a ruling with the reason", async () => {
    const broker = await startEmbeddedBroker();
    let brokerOpen = true;
    cleanups.push(async () => {
      if (brokerOpen) await broker.close();
    });
    const supervisors = Supervisors.inMemory();
    await supervisors.add("Ana", "correct horse battery");
    const server = createRoomServer({
      mqtt: broker.url,
      host: "127.0.0.1",
      port: 0,
      supervisors,
      rulingKeys: RulingKeys.from({
        supervisors: [{ name: "Ana", key: RulingKeys.newKey(), tables: ["*"] }],
      }),
    });
    cleanups.push(() => server.close());
    await server.subscriber.ready();
    await server.app.ready();

    const brokerSays: boolean[] = [];
    const ws = await server.app.injectWS(
      "/ws",
      {},
      {
        onInit: (s) =>
          s.on("message", (d) => {
            const m = JSON.parse(String(d)) as { type: string; connected?: boolean };
            if (m.type === "broker") brokerSays.push(m.connected === true);
          }),
      },
    );
    cleanups.push(async () => void ws.terminate());
    await until(() => brokerSays.at(-1) === true, "the broker up on the page");

    await broker.close();
    brokerOpen = false;
    await until(() => brokerSays.at(-1) === false, "the broker down on the page");
    const room = await server.app.inject({ url: "/api/room" });
    expect(room.json<{ broker: { connected: boolean } }>().broker.connected).toBe(false);

    const signIn = await server.app.inject({
      method: "POST",
      url: "/api/sign-in",
      payload: { name: "Ana", password: "correct horse battery" },
    });
    const cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
    const ruling = await server.app.inject({
      method: "POST",
      url: "/api/ruling",
      payload: { table: "t-7", op: { op: "ruling", ruling: "continue", code: "FLOOR_CALLED" } },
      headers: { cookie },
    });
    expect(ruling.statusCode).toBe(503);
    expect(ruling.json<{ error: string }>().error).toBe(
      "the broker is unreachable: the ruling was not sent to table t-7",
    );
  }, 60_000);
});
