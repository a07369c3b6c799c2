/**
 * The floor page: a fastify server with one static page, the table as JSON, a WebSocket that pushes
 * the table after every change, the floor's rulings (authenticated) and a health endpoint. Public
 * output never carries a hole card; the private view (authenticated) does.
 */
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { z } from "zod";
import type { Runtime } from "../app/runtime.js";
import type { TableEvent } from "../contract/output.js";
import { FloorAuth } from "./auth.js";
import { FloorState } from "./floorState.js";
import { requireToken } from "./guard.js";
import { registerRulingRoute } from "./rulingRoute.js";
import { SocketHub } from "./socketHub.js";
import { registerStaticPage } from "./staticPage.js";

export interface FloorServerOptions {
  runtime: Runtime;
  tableName: string;
  /** The floor token; without one, rulings and hole-card views are refused. */
  token: string | undefined;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Readers the configuration names (for reader health). */
  readers?: readonly string[];
  /**
   * How often (ms) to look for changes that came without a table event (a card dealt, a bet landing);
   * the runtime tells outputs only about table events. 0 turns it off. Default 250.
   */
  pollMs?: number;
  /**
   * Table events the runtime produced before the page was attached (e.g. a recovery replay): the page
   * learns alerts and the last hands from table events, so create it before feeding the runtime or pass them.
   */
  history?: readonly TableEvent[];
}

export interface FloorServer {
  app: FastifyInstance;
  state: FloorState;
  /** Starts listening; resolves to the page's URL. */
  listen(): Promise<string>;
  /** Pushes the table to the WebSocket clients if it changed. */
  publish(): void;
  close(): Promise<void>;
}

const WsQuery = z.object({ token: z.string().optional() });

/** Creates the floor page's server for a runtime (not yet listening). */
export function createFloorServer(options: FloorServerOptions): FloorServer {
  const { runtime } = options;
  const auth = new FloorAuth(options.token);
  const state = new FloorState(runtime.core, {
    tableName: options.tableName,
    readers: options.readers ?? [],
  });
  if (options.history) state.apply(options.history);
  const hub = new SocketHub(state);
  let closed = false;
  runtime.addOutput((events) => {
    if (closed) return;
    state.apply(events);
    hub.publish();
  });
  const pollMs = options.pollMs ?? 250;
  const poll = pollMs > 0 ? setInterval(() => hub.publish(), pollMs) : null;
  poll?.unref();

  // No request logging: the WebSocket's URL may carry the token.
  const app = Fastify({ logger: false, bodyLimit: 4096 });
  void app.register(websocket, { options: { maxPayload: 4096 } });
  void app.register(async (scoped) => {
    scoped.addHook("onSend", async (_request, reply) => {
      reply.header("x-content-type-options", "nosniff").header("referrer-policy", "no-referrer");
    });
    registerStaticPage(scoped);

    scoped.get("/api/table", async (_request, reply) =>
      reply.header("cache-control", "no-store").send(state.publicMessage()),
    );
    scoped.get("/api/private", { preHandler: requireToken(auth) }, async (_request, reply) =>
      reply.header("cache-control", "no-store").send(state.privateMessage()),
    );
    registerRulingRoute(scoped, runtime, auth);

    scoped.get("/api/health", async () => {
      const readers = state.readerStatus();
      const view = state.publicMessage().view;
      return {
        status: readers.every((r) => r.online) ? "ok" : "degraded",
        table: options.tableName,
        hand: view.hand,
        held: view.held,
        readers,
        clients: hub.size,
        authentication: auth.enabled,
      };
    });

    // /ws is public; /ws?token=… with the floor token gets the private view (hole cards).
    scoped.get("/ws", { websocket: true }, (socket, request) => {
      const token = WsQuery.safeParse(request.query).data?.token;
      if (token === undefined) return hub.add(socket, false);
      if (!auth.check(token)) return socket.close(4401, "the floor token is wrong");
      hub.add(socket, true);
    });
  });

  return {
    app,
    state,
    publish: () => hub.publish(),
    async listen() {
      const address = await app.listen({ host: options.host, port: options.port });
      return pageUrl(address);
    },
    async close() {
      closed = true;
      if (poll) clearInterval(poll);
      hub.closeAll();
      await app.close();
    },
  };
}

/** fastify's address as a page URL (http://127.0.0.1:8080/). */
function pageUrl(address: string): string {
  return `${address.replace("://[::1]", "://localhost")}/`;
}
