/**
 * The floor page: a fastify server with one static page, the table as JSON, a WebSocket that pushes
 * the table after every change, the floor's rulings (authenticated) and a health endpoint. Public
 * output never carries a hole card; the private view (authenticated) does.
 */
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { z } from "zod";
import type { Runtime } from "../runtime/runtime.js";
import type { TableEvent } from "../contract/output.js";
import { FloorAuth } from "./auth.js";
import { registerFloorRoutes } from "./floorRoute.js";
import { FloorState } from "./floorState.js";
import { healthVerdict, type LiveHealth } from "../runtime/readerHealth.js";
import { FloorGuard } from "./guard.js";
import { DEFAULT_LOCKOUT, Lockout, type LockoutOptions } from "./lockout.js";
import { SESSION_COOKIE, Sessions } from "./sessions.js";
import { registerSignIn } from "./signIn.js";
import { SocketHub } from "./socketHub.js";
import { CSP_DIRECTIVES, registerStaticPage } from "./staticPage.js";
import { Supervisors } from "./supervisors.js";

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
  /** Reader → the antennas it serves (from the configuration's antenna map). */
  antennasByReader?: Readonly<Record<string, readonly string[]>>;
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
  /** The named supervisors (default: none; only the token, if any, signs in). */
  supervisors?: Supervisors;
  /** How long a misdeal or void can be undone (ms). Default 10 s. */
  undoWindowMs?: number;
  /** How long a session lasts (ms). Default 8 h. */
  sessionMs?: number;
  /** Lockout after failed sign-ins or tokens (default 5 failures, 15 min). */
  lockout?: LockoutOptions;
  /** Authenticated requests per client per minute. Default 120 (a busy floor taps a few a second at most). */
  perMinute?: number;
  /** Open WebSockets at most (every tablet and screen of the room fits). Default 50. */
  maxSockets?: number;
  /** The drivers' and the journal's own state (a real table): health then comes from it, not from alerts. */
  live?: () => LiveHealth;
  /** The Prometheus exposition served at /metrics (a real table). */
  metrics?: { contentType: string; text: () => Promise<string> };
  /** Serve over HTTPS with this certificate and key (PEM); sign-in cookies are then `Secure`. */
  tls?: { cert: Buffer; key: Buffer };
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
  // The file as it is now: `feltguard supervisor add|remove` takes effect without a restart.
  const listed = options.supervisors ?? Supervisors.inMemory();
  const supervisors = () => listed.refresh();
  const guard = new FloorGuard(
    auth,
    new Sessions(options.sessionMs ?? 8 * 3_600_000),
    new Lockout(options.lockout ?? DEFAULT_LOCKOUT),
    () => auth.enabled || supervisors().size > 0,
    (name) => supervisors().has(name),
  );
  const maxSockets = options.maxSockets ?? 50;
  const state = new FloorState(runtime.core, {
    tableName: options.tableName,
    readers: options.readers ?? [],
    ...(options.antennasByReader ? { antennasByReader: options.antennasByReader } : {}),
    ...(options.live ? { live: options.live } : {}),
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

  const app = floorApp(options.tls);
  void app.register(cookie);
  void app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // No HSTS even over HTTPS: a browser told so would be locked out of a table whose page is plain HTTP.
    strictTransportSecurity: false,
  });
  void app.register(rateLimit, { global: false });
  void app.register(websocket, { options: { maxPayload: 4096 } });
  void app.register(async (scoped) => {
    scoped.addHook("onSend", async (_request, reply) => {
      reply.header("x-content-type-options", "nosniff").header("referrer-policy", "no-referrer");
    });
    registerStaticPage(scoped);

    scoped.get("/api/table", async (_request, reply) =>
      reply.header("cache-control", "no-store").send(state.publicMessage()),
    );
    const perMinute = options.perMinute ?? 120;
    const limited = { rateLimit: { max: perMinute, timeWindow: 60_000 } };
    scoped.get("/api/private", { preHandler: guard.require, config: limited }, async (_request, reply) =>
      reply.header("cache-control", "no-store").send(state.privateMessage()),
    );
    registerSignIn(scoped, guard, supervisors, () => hub.revoke());
    registerFloorRoutes(scoped, runtime, guard, {
      undoWindowMs: options.undoWindowMs ?? 10_000,
      perMinute,
      record: (entry) => {
        state.recordFloorOp(entry);
        hub.publish();
      },
    });

    scoped.get("/api/health", async (_request, reply) => {
      const readers = state.readerStatus();
      const rest = state.deviceStatus();
      const view = state.publicMessage().view;
      return reply.header("cache-control", "no-store").send({
        status: healthVerdict(readers, rest),
        table: options.tableName,
        hand: view.hand,
        held: view.held,
        readers,
        ...(rest ?? {}),
        clients: hub.size,
        authentication: auth.enabled || supervisors().size > 0,
      });
    });
    const metrics = options.metrics;
    if (metrics) {
      // Public like /api/health: counts and latencies only, never a card.
      scoped.get("/metrics", async (_request, reply) =>
        reply.header("content-type", metrics.contentType).send(await metrics.text()),
      );
    }

    // /ws is public; a signed-in supervisor, or /ws?token=… with the floor token, gets the private view
    // (hole cards). A page of another origin is refused (a socket is not bound by CORS), and so is a
    // socket over the cap.
    const wsGate = async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !sameOrigin(origin, request.headers.host)) {
        return reply.code(403).send({ error: "this page's origin may not open the table's socket" });
      }
      if (hub.size >= maxSockets) return reply.code(503).send({ error: `at most ${maxSockets} sockets` });
    };
    scoped.get("/ws", { websocket: true, preValidation: wsGate }, (socket, request) => {
      const token = WsQuery.safeParse(request.query).data?.token;
      const session = guard.sessions.get(request.cookies[SESSION_COOKIE]);
      if (token === undefined) {
        if (session === null) return hub.add(socket, false);
        const id = request.cookies[SESSION_COOKIE];
        return hub.add(socket, true, () => guard.sessions.get(id) !== null);
      }
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

/**
 * The page's fastify instance, over HTTPS when a certificate is given. The routes use no more of it than
 * the plain instance offers (fastify types an HTTPS server apart, for its raw request and reply).
 */
function floorApp(tls: FloorServerOptions["tls"]): FastifyInstance {
  // No request logging: the WebSocket's URL may carry the token.
  const base = { logger: false, bodyLimit: 4096 } as const;
  if (tls === undefined) return Fastify(base);
  return Fastify({ ...base, https: { cert: tls.cert, key: tls.key } }) as unknown as FastifyInstance;
}

/** fastify's address as a page URL (http://127.0.0.1:8080/). */
function pageUrl(address: string): string {
  return `${address.replace("://[::1]", "://localhost")}/`;
}

/** Whether a browser's Origin header names this server (the Host it asked for). */
function sameOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && url.host === host;
  } catch {
    return false;
  }
}
