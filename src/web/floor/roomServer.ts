/**
 * `feltguard floor`'s web server: the room overview. It subscribes to every table on the broker
 * (src/feed/subscriber.ts) and pushes each table's row to the browsers over its own WebSocket (a screen
 * never talks to the broker). Supervisors sign in as on the table's page (same supervisors file, argon2,
 * cookie session, rate limit and lockout, helmet) and send rulings to a table over MQTT, signed with
 * their key (src/feed/signedRuling.ts); the table checks the signature and the right and answers.
 */
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import { type RulingKeys, signRuling } from "../../feed/signedRuling.js";
import { RoomSubscriber } from "../../feed/subscriber.js";
import { TableId, topics } from "../../feed/topics.js";
import { FloorAuth } from "../auth.js";
import { FloorGuard } from "../guard.js";
import { DEFAULT_LOCKOUT, Lockout } from "../lockout.js";
import { Sessions } from "../sessions.js";
import { registerSignIn } from "../signIn.js";
import { CSP_DIRECTIVES } from "../staticPage.js";
import { Supervisors } from "../supervisors.js";
import { registerRoomPage } from "./roomPage.js";
import { roomRow } from "./roomModel.js";

export interface RoomServerOptions {
  mqtt: string;
  /** The floor server's own user at the broker (docs/floor-network.md's `floor-1`). */
  mqttLogin?: { username: string; password?: string };
  host: string;
  port: number;
  supervisors?: Supervisors;
  rulingKeys?: RulingKeys;
  /** How long a table may take to answer a ruling before the page is told it did not (ms). */
  answerMs?: number;
  /** The subscriber's ask-again window (ms): see `SubscriberOptions.askAgainMs`. */
  askAgainMs?: number;
  /** Open WebSockets at most: 50 floor screens and the supervisors' tablets. */
  maxSockets?: number;
  sessionMs?: number;
}

export interface RoomServer {
  app: FastifyInstance;
  subscriber: RoomSubscriber;
  listen(): Promise<string>;
  close(): Promise<void>;
}

const RulingRequest = z.strictObject({
  table: TableId,
  op: z.looseObject({ op: z.string().min(1).max(20) }),
});

/**
 * A table that does not answer a ruling within this time is reported as not answering (the request may
 * still reach it; the supervisor sees the table's state either way). Far above a broker's round trip.
 */
const ANSWER_MS = 10_000;

export function createRoomServer(options: RoomServerOptions): RoomServer {
  const sockets = new Set<WebSocket>();
  const dirty = new Set<string>();
  let flushing = false;
  const waiting = new Map<string, (r: Record<string, unknown>) => void>();
  const subscriber = new RoomSubscriber({
    url: options.mqtt,
    ...(options.mqttLogin ?? {}),
    ...(options.askAgainMs === undefined ? {} : { askAgainMs: options.askAgainMs }),
    onChange: (t) => {
      dirty.add(t.id);
      if (flushing) return;
      flushing = true;
      // One push per turn of the event loop, with every table that changed in it.
      setImmediate(() => {
        flushing = false;
        const rows = [...dirty].flatMap((id) => {
          const t = subscriber.tables.get(id);
          return t ? [roomRow(t)] : [];
        });
        dirty.clear();
        const text = JSON.stringify({ type: "tables", tables: rows });
        for (const s of sockets) if (s.readyState === s.OPEN) s.send(text);
      });
    },
    onResult: (_table, result) => {
      const nonce = typeof result.nonce === "string" ? result.nonce : null;
      if (nonce !== null) waiting.get(nonce)?.(result);
    },
  });
  // Whether the overview reaches the broker: without it every row is only as it was last seen, and a
  // ruling cannot be sent (the page says so rather than showing a stale room as live).
  const brokerText = () => JSON.stringify({ type: "broker", connected: subscriber.client.connected });
  let brokerWas: boolean | null = null;
  const brokerChanged = () => {
    if (brokerWas === subscriber.client.connected) return;
    brokerWas = subscriber.client.connected;
    const text = brokerText();
    for (const s of sockets) if (s.readyState === s.OPEN) s.send(text);
  };
  subscriber.client.on("connect", brokerChanged);
  subscriber.client.on("close", brokerChanged);
  // The file as it is now: `feltguard supervisor add|remove` takes effect without a restart.
  const listed = options.supervisors ?? Supervisors.inMemory();
  const supervisors = () => listed.refresh();
  const guard = new FloorGuard(
    new FloorAuth(undefined),
    new Sessions(options.sessionMs ?? 8 * 3_600_000),
    new Lockout(DEFAULT_LOCKOUT),
    () => supervisors().size > 0,
    (name) => supervisors().has(name),
  );
  const maxSockets = options.maxSockets ?? 100;

  const app = Fastify({ logger: false, bodyLimit: 4096 });
  void app.register(cookie);
  void app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    strictTransportSecurity: false,
  });
  void app.register(rateLimit, { global: false });
  void app.register(websocket, { options: { maxPayload: 1024 } });
  void app.register(async (scoped) => {
    registerRoomPage(scoped);
    registerSignIn(scoped, guard, supervisors);
    scoped.get("/api/room", async (_request, reply) =>
      reply.header("cache-control", "no-store").send({
        tables: [...subscriber.tables.values()].map(roomRow),
        broker: { connected: subscriber.client.connected },
      }),
    );
    scoped.post(
      "/api/ruling",
      { preHandler: guard.require, config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
      async (request, reply) => {
        const parsed = RulingRequest.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send({ error: "expected { table, op: { op, … } }" });
        const by = guard.principal(request).name;
        const key = options.rulingKeys?.key(by) ?? null;
        if (key === null)
          return reply.code(403).send({ error: `${by} has no ruling key on this floor server` });
        const { table, op } = parsed.data;
        if (!subscriber.client.connected)
          return reply
            .code(503)
            .send({ error: `the broker is unreachable: the ruling was not sent to table ${table}` });
        const signed = signRuling(key, table, by, op as Record<string, unknown> & { op: string }, new Date());
        const nonce = (JSON.parse(signed.body) as { nonce: string }).nonce;
        const answer = new Promise<Record<string, unknown> | null>((resolve) => {
          const timer = setTimeout(() => {
            waiting.delete(nonce);
            resolve(null);
          }, options.answerMs ?? ANSWER_MS);
          waiting.set(nonce, (r) => {
            clearTimeout(timer);
            waiting.delete(nonce);
            resolve(r);
          });
        });
        await subscriber.publish(topics(table).rulings, JSON.stringify(signed));
        const result = await answer;
        if (result === null) return reply.code(504).send({ error: `table ${table} did not answer` });
        return reply.code(result.outcome === "refused" ? 409 : 200).send(result);
      },
    );
    scoped.get(
      "/ws",
      {
        websocket: true,
        preValidation: async (request, reply) => {
          const origin = request.headers.origin;
          if (origin !== undefined && new URL(origin).host !== request.headers.host)
            return reply.code(403).send({ error: "another origin may not open the room's socket" });
          if (sockets.size >= maxSockets)
            return reply.code(503).send({ error: `at most ${maxSockets} sockets` });
        },
      },
      (socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.send(JSON.stringify({ type: "tables", tables: [...subscriber.tables.values()].map(roomRow) }));
        socket.send(brokerText());
      },
    );
  });

  return {
    app,
    subscriber,
    async listen() {
      const address = await app.listen({ host: options.host, port: options.port });
      return `${address}/`;
    },
    async close() {
      for (const s of sockets) s.close(1001, "server closing");
      await subscriber.close();
      await app.close();
    },
  };
}
