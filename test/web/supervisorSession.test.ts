/**
 * A supervisor's session as the floor uses it (docs/floor.md, "What protects the page"): signing out
 * takes the hole cards off every page she had open, and a lockout earned by someone else mistyping at
 * the same client does not stop a signed-in supervisor's rulings. Found walking the floor's path
 * (branch floor9); each test failed before its fix. Waits on the socket's messages, never on a sleep.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import type { PrivateTableView } from "../../src/display/view.js";
import type { FloorMessage } from "../../src/web/floorState.js";
import { createFloorServer, type FloorServer } from "../../src/web/server.js";
import { SESSION_COOKIE } from "../../src/web/sessions.js";
import { Supervisors } from "../../src/web/supervisors.js";
import { feed, scenario, testRuntime } from "./harness.js";

const servers: FloorServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const ANA = { name: "Ana", password: "ana-floor-password" };
const BO = { name: "Bo", password: "bo-floor-password" };

async function setUp() {
  const supervisors = Supervisors.inMemory();
  await supervisors.add(ANA.name, ANA.password);
  await supervisors.add(BO.name, BO.password);
  const { runtime, setNow } = testRuntime();
  // No poll timer and no token: the test publishes, and only named supervisors sign in.
  const server = createFloorServer({
    runtime,
    tableName: "Table 1",
    token: undefined,
    host: "127.0.0.1",
    port: 0,
    pollMs: 0,
    supervisors,
  });
  servers.push(server);
  // A hand held on a misdeal alert: seat 3 holds a hole card.
  feed(runtime, setNow, scenario("misdeal-first-card"));
  await server.app.ready();
  return { server, app: server.app };
}

async function signIn(app: FloorServer["app"], who: { name: string; password: string }): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/sign-in", payload: who });
  expect(res.statusCode).toBe(200);
  const id = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  if (id === undefined) throw new Error("no session cookie");
  return id;
}

/** A socket opened with the session cookie; `next()` resolves with the next message it receives. */
async function socketOf(server: FloorServer, session: string) {
  const queue: FloorMessage[] = [];
  const waiting: ((m: FloorMessage) => void)[] = [];
  const ws: WebSocket = await server.app.injectWS(
    "/ws",
    { headers: { cookie: `${SESSION_COOKIE}=${session}` } },
    {
      onInit: (s) =>
        s.on("message", (d) => {
          const m = JSON.parse(String(d)) as FloorMessage;
          const w = waiting.shift();
          if (w) w(m);
          else queue.push(m);
        }),
    },
  );
  const next = () =>
    new Promise<FloorMessage>((resolve) => {
      const m = queue.shift();
      if (m) resolve(m);
      else waiting.push(resolve);
    });
  return { ws, next };
}

const holeCount = (m: FloorMessage) =>
  Object.values((m.view as Partial<PrivateTableView>).hole ?? {}).flat().length;

describe("a supervisor's session on the floor page", () => {
  it("signing out turns her open page public at once: no more hole cards on it", async () => {
    const { server, app } = await setUp();
    const session = await signIn(app, ANA);
    const { ws, next } = await socketOf(server, session);
    const first = await next();
    expect(first.private).toBe(true);
    expect(holeCount(first)).toBeGreaterThan(0);

    const out = await app.inject({
      method: "POST",
      url: "/api/sign-out",
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(out.statusCode).toBe(200);
    // The table changes after the sign-out: whatever the page receives now is public.
    server.state.recordFloorOp({ by: "Bo", wall: new Date(0).toISOString(), what: "x", outcome: "applied" });
    server.publish();
    const after = await next();
    expect(after.private).toBe(false);
    expect(holeCount(after)).toBe(0);
    const later = await next();
    expect(later.private).toBe(false);
    expect(later.floorLog[0]?.what).toBe("x");
    ws.terminate();
  });

  it("signing out on one page turns her other pages public too, and leaves another supervisor's private", async () => {
    const { server, app } = await setUp();
    const bo = await signIn(app, BO);
    const ana = await signIn(app, ANA);
    const tablet = await socketOf(server, bo);
    const desk = await socketOf(server, bo);
    const anas = await socketOf(server, ana);
    for (const s of [tablet, desk, anas]) expect((await s.next()).private).toBe(true);

    await app.inject({ method: "POST", url: "/api/sign-out", cookies: { [SESSION_COOKIE]: bo } });
    server.state.recordFloorOp({ by: "Ana", wall: new Date(0).toISOString(), what: "y", outcome: "applied" });
    server.publish();
    expect((await tablet.next()).private).toBe(false);
    expect((await desk.next()).private).toBe(false);
    // Ana's page gets the change of the table still with the hole cards.
    const hers = await anas.next();
    expect(hers.private).toBe(true);
    expect(holeCount(hers)).toBeGreaterThan(0);
    for (const s of [tablet, desk, anas]) s.ws.terminate();
  });

  it("a client locked by someone's wrong guesses does not stop a signed-in supervisor's ruling", async () => {
    const { app } = await setUp();
    const ana = await signIn(app, ANA);
    // Five wrong passwords for Bo lock Bo at this client, not the client: Ana can still sign in here.
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/sign-in",
        payload: { name: BO.name, password: "not-bos-password" },
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await app.inject({ method: "POST", url: "/api/sign-in", payload: BO })).statusCode).toBe(429);
    expect((await app.inject({ method: "POST", url: "/api/sign-in", payload: ANA })).statusCode).toBe(200);
    // Wrong floor tokens from the client (its failures count with the wrong passwords) lock the client.
    for (let i = 0; i < 5; i++)
      await app.inject({
        method: "POST",
        url: "/api/floor",
        payload: { op: "break" },
        headers: { authorization: `Bearer guess-${i}` },
      });
    // The client is locked: a new sign-in (even the right password) and a token are refused.
    const locked = await app.inject({ method: "POST", url: "/api/sign-in", payload: ANA });
    expect(locked.statusCode).toBe(429);
    const token = await app.inject({
      method: "POST",
      url: "/api/floor",
      payload: { op: "ruling", ruling: "continue", code: "MISDEAL_FIRST_CARD" },
      headers: { authorization: "Bearer some-guess" },
    });
    expect(token.statusCode).toBe(429);
    // Ana's live session still rules: it was won with her password, it is no guess.
    const ruling = await app.inject({
      method: "POST",
      url: "/api/floor",
      payload: { op: "ruling", ruling: "continue", code: "MISDEAL_FIRST_CARD" },
      cookies: { [SESSION_COOKIE]: ana },
    });
    expect(ruling.statusCode).toBe(200);
    expect(ruling.json<{ by: string }>().by).toBe("Ana");
  });
});
