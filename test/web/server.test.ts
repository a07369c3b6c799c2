/**
 * The floor page's server through fastify's inject and injected WebSockets: no hole card in any public
 * output during real hands, rulings and hole-card views only with the token, a ruling changing the table.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import type { InputEventIn } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { readPhhFile } from "../../src/rules/phh/read.js";
import { phhToInputEvents } from "../../src/sim/phhScript.js";
import type { FloorMessage } from "../../src/web/floorState.js";
import { createFloorServer, type FloorServer } from "../../src/web/server.js";
import { startFloorPage } from "../../src/web/start.js";
import { loadConfig } from "../../src/config/config.js";
import { PHH_ROOT } from "../support/paths.js";
import { faceOfTag, facesIn, feed, scenario, testRuntime, TOKEN } from "./harness.js";

const servers: FloorServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function setUp(token: string | null = TOKEN) {
  const { runtime, setNow } = testRuntime();
  // No poll timer: the test publishes after each event, which is what the poll would do.
  const server = createFloorServer({
    runtime,
    tableName: "Table 1",
    token: token ?? undefined,
    host: "127.0.0.1",
    port: 0,
    pollMs: 0,
  });
  servers.push(server);
  return { runtime, setNow, server, app: server.app };
}

/** An injected WebSocket that keeps every text it receives. */
async function listen(server: FloorServer, path = "/ws"): Promise<{ ws: WebSocket; texts: string[] }> {
  const texts: string[] = [];
  await server.app.ready(); // the WebSocket plugin adds injectWS when it loads
  const ws = await server.app.injectWS(
    path,
    {},
    { onInit: (s) => s.on("message", (d) => texts.push(String(d))) },
  );
  return { ws, texts };
}

/**
 * Waits until the last message a socket received says what `check` wants: the socket's messages arrive
 * in their own time (a fixed 50 ms for them to arrive assumed an idle machine).
 */
const lastPushed = (texts: readonly string[], check: (m: FloorMessage) => void) =>
  vi.waitFor(() => check(JSON.parse(texts.at(-1) ?? "{}") as FloorMessage), { timeout: 20_000 });

const bearer = { authorization: `Bearer ${TOKEN}` };

/** Pluribus hands: three to showdown, one to the turn, one folded pre-flop; one dealt with reader noise. */
const HANDS = [
  { file: "pluribus/100/9.phh", noise: {} },
  { file: "pluribus/100/2.phh", noise: {} },
  { file: "pluribus/100/11.phh", noise: {} },
  { file: "pluribus/100/13.phh", noise: {} },
  { file: "pluribus/100/14.phh", noise: { flicker: true, splitBets: true } },
];

/** The hands one after another on one table, the cards taken off every antenna between them. */
function session(): { events: InputEventIn[]; hole: Map<number, Set<string>> } {
  const events: InputEventIn[] = [];
  const hole = new Map<number, Set<string>>();
  let t = 0;
  HANDS.forEach(({ file, noise }, i) => {
    const script = phhToInputEvents(readPhhFile(join(PHH_ROOT, file)), { startT: t, seed: i + 1, noise });
    const faces = new Set<string>();
    const used = new Set<string>();
    for (const e of script.events) {
      if (e.kind !== "tags") continue;
      used.add(e.antenna);
      if (/^seat\d+$/.test(e.antenna)) for (const tag of e.tags) faces.add(faceOfTag(tag) ?? "");
    }
    faces.delete("");
    hole.set(i + 1, faces);
    events.push(...script.events);
    t = (script.events.at(-1)?.t ?? t) + 2000;
    // The dealer collects everything; the departures settle before the next shuffle.
    for (const antenna of used) events.push({ t, kind: "tags", antenna, tags: [] });
    t += 3000;
  });
  return { events, hole };
}

describe("floor page server: hole cards never reach public output during a hand", () => {
  it("scans every public HTTP response and WebSocket message of five PHH hands for the hands' hole cards", async () => {
    const { runtime, setNow, server, app } = setUp();
    const pub = await listen(server);
    const priv = await listen(server, `/ws?token=${TOKEN}`);
    const { events, hole } = session();
    const http: string[] = [];
    const ends: TableEvent[] = [];
    runtime.addOutput((out) => ends.push(...out.filter((e) => e.kind === "hand_end")));
    const inject = async (url: string) => http.push((await app.inject({ method: "GET", url })).body);

    for (const e of events) {
      feed(runtime, setNow, [e]);
      server.publish(); // what the poll does: changes without a table event (a card dealt) go out too
      await inject("/api/table");
    }
    setNow((events.at(-1)?.t ?? 0) + 5000);
    runtime.tick();
    for (const url of ["/", "/floor.js", "/floor.css", "/api/health"]) await inject(url);
    // Every message pushed has arrived once each socket's last one shows the table as it is now.
    const now = (await app.inject({ method: "GET", url: "/api/table" })).json<FloorMessage>();
    await lastPushed(pub.texts, (m) => expect(m.view).toEqual(now.view));
    await lastPushed(priv.texts, (m) => expect(m.lastHands).toEqual(now.lastHands));

    // Not vacuous: every hand was played out, and the private socket did carry the hole cards.
    expect(ends.map((e) => e.kind === "hand_end" && e.result)).toEqual(HANDS.map(() => "complete"));
    const privateText = priv.texts.join("\n");
    for (const faces of hole.values()) expect(facesIn(privateText, faces).length).toBeGreaterThan(0);
    expect(pub.texts.length).toBeGreaterThan(50);

    const allHole = new Set([...hole.values()].flatMap((s) => [...s]));
    const leaks: string[] = [];
    for (const [source, texts] of [
      ["ws", pub.texts],
      ["http", http],
    ] as const) {
      for (const text of texts) {
        // A message names its hand; between hands (null) no card of any hand may show.
        const hand = /"hand":(\d+|null),"game"/.exec(text)?.[1];
        const secret = hand === undefined || hand === "null" ? allHole : (hole.get(Number(hand)) ?? allHole);
        const found = facesIn(text, secret);
        if (found.length > 0) leaks.push(`${source} hand ${hand}: ${found.join(" ")}`);
      }
    }
    expect(leaks).toEqual([]);
    pub.ws.terminate();
    priv.ws.terminate();
    // The limit only stops a hang: this took 26 s of the default 30 with two CPU hogs beside the suite.
  }, 120_000);

  it("scrubs a hole card named in an alert's text from the public view only", async () => {
    const { runtime, setNow, server, app } = setUp();
    feed(runtime, setNow, scenario("duplicate-card-void").slice(0, -1)); // As on seat 2, no ruling yet
    // An alert naming the face, as a duplicate or exposed-card alert may: the page must not pass it on.
    const text = "Two cards of the same face (As) are in play";
    server.state.apply([
      {
        t: 2200,
        kind: "alert",
        code: "DUPLICATE_CARD",
        rule: "IPC 29",
        severity: "floor",
        text,
        steps: ["Find As"],
      },
    ]);
    const pub = (await app.inject("/api/table")).json<FloorMessage>();
    const dup = pub.view.alerts.find((a) => a.text.startsWith("Two cards"));
    expect(dup).toMatchObject({
      text: "Two cards of the same face (a hole card) are in play",
      steps: ["Find a hole card"],
    });
    expect(facesIn(JSON.stringify(pub), ["As"])).toEqual([]);
    const priv = (await app.inject({ url: "/api/private", headers: bearer })).json<FloorMessage>();
    expect(priv.view.alerts.map((a) => a.text)).toContain(text);
    expect("hole" in priv.view && priv.view.hole[2]).toEqual(["As"]);
  });
});

describe("floor page server: authentication", () => {
  it("refuses rulings and the private view without the right token (401), accepts them with it", async () => {
    const { runtime, setNow, app } = setUp();
    feed(runtime, setNow, scenario("misdeal-first-card"));
    const body = { ruling: "continue", code: "MISDEAL_FIRST_CARD" };
    const none = await app.inject({ method: "POST", url: "/api/ruling", payload: body });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
    const wrong = await app.inject({
      method: "POST",
      url: "/api/ruling",
      payload: body,
      headers: { authorization: "Bearer floor-secret-tokex" },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await app.inject("/api/private")).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/private", headers: { authorization: TOKEN } })).statusCode).toBe(
      401,
    );
    expect(runtime.core.live?.held ?? null).not.toBeNull(); // nothing was ruled

    const ok = await app.inject({ method: "POST", url: "/api/ruling", payload: body, headers: bearer });
    expect(ok.statusCode).toBe(200);
    const priv = await app.inject({ url: "/api/private", headers: bearer });
    expect(priv.statusCode).toBe(200);
    expect(priv.json<FloorMessage>().private).toBe(true);
  });

  it("closes a WebSocket that brings a wrong token (4401)", async () => {
    const { server } = setUp();
    await server.app.ready();
    const ws = await server.app.injectWS("/ws?token=nope");
    const code = await new Promise<number>((resolve) => ws.on("close", (c) => resolve(c)));
    expect(code).toBe(4401);
  });

  it("refuses every ruling when no token is configured", async () => {
    const { runtime, setNow, app } = setUp(null);
    feed(runtime, setNow, scenario("misdeal-first-card"));
    const res = await app.inject({
      method: "POST",
      url: "/api/ruling",
      payload: { ruling: "misdeal" },
      headers: { authorization: "Bearer anything" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ error: string }>().error).toMatch(/FELTGUARD_FLOOR_TOKEN/);
  });

  it("validates the ruling body (400): unknown ruling, extra field, dead hand without a seat", async () => {
    const { app } = setUp();
    for (const payload of [
      { ruling: "fold" },
      { ruling: "continue", extra: 1 },
      { ruling: "dead" },
      { ruling: "dead", seat: 0 },
    ]) {
      const res = await app.inject({ method: "POST", url: "/api/ruling", payload, headers: bearer });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const notJson = await app.inject({
      method: "POST",
      url: "/api/ruling",
      payload: "continue",
      headers: { ...bearer, "content-type": "application/json" },
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe("floor page server: rulings change the table", () => {
  it("a continue ruling clears the misdeal alert and releases the hand, and the socket says so", async () => {
    const { runtime, setNow, server, app } = setUp();
    const pub = await listen(server);
    feed(runtime, setNow, scenario("misdeal-first-card"));
    const before = (await app.inject("/api/table")).json<FloorMessage>();
    expect(before.view.held).toBe(true);
    const alert = before.view.alerts.find((a) => a.code === "MISDEAL_FIRST_CARD");
    expect(alert?.steps.length).toBeGreaterThan(0);

    const res = await app.inject({
      method: "POST",
      url: "/api/ruling",
      payload: { ruling: "continue", code: "MISDEAL_FIRST_CARD" },
      headers: bearer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ events: TableEvent[] }>().events).toContainEqual(
      expect.objectContaining({ kind: "alert_clear", code: "MISDEAL_FIRST_CARD" }),
    );
    const after = (await app.inject("/api/table")).json<FloorMessage>();
    expect(after.view.held).toBe(false);
    expect(after.view.alerts).toEqual([]);
    await lastPushed(pub.texts, (m) => expect(m.view.alerts).toEqual([]));
    pub.ws.terminate();
  });

  it("a misdeal ruling ends the hand: it shows in the last hands, and a ruling with no hand is refused (409)", async () => {
    const { runtime, setNow, app } = setUp();
    feed(runtime, setNow, scenario("misdeal-first-card"));
    const post = (ruling: string) =>
      app.inject({ method: "POST", url: "/api/ruling", payload: { ruling }, headers: bearer });
    const ruled = await post("misdeal");
    expect(ruled.statusCode).toBe(200);
    // The misdeal waits for its undo window (10 s), then ends the hand.
    const due = ruled.json<{ pending: { due: number } }>().pending.due;
    expect(runtime.core.live).not.toBeNull();
    setNow(due);
    runtime.tick();
    const msg = (await app.inject("/api/table")).json<FloorMessage>();
    expect(msg.view.hand).toBeNull();
    expect(msg.lastHands[0]).toMatchObject({ hand: 1, result: "misdeal", net: { 1: 0, 2: 0, 3: 0, 4: 0 } });
    const again = await post("continue");
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toMatch(/no alert is open/);
  });

  it("reports reader health and stamps rulings with the runtime's clock", async () => {
    const { runtime, setNow, app } = setUp();
    const events = scenario("reader-offline");
    feed(runtime, setNow, events.slice(0, -1)); // the bridge is away
    const health = (await app.inject("/api/health")).json<{ status: string; readers: unknown[] }>();
    expect(health.status).toBe("degraded");
    expect(health.readers).toEqual([{ reader: "bridge", online: false, state: "offline", since: 4200 }]);
    feed(runtime, setNow, events.slice(-1));
    expect((await app.inject("/api/health")).json<{ status: string }>().status).toBe("ok");
    const seen: number[] = [];
    runtime.addOutput((out) => seen.push(...out.map((e) => e.t)));
    setNow(9000);
    await app.inject({ method: "POST", url: "/api/ruling", payload: { ruling: "void" }, headers: bearer });
    expect(seen).toContain(9000);
  });
});

describe("startFloorPage", () => {
  it("listens where the configuration says, takes the token from the environment, and closes on abort", async () => {
    const config = loadConfig();
    const { runtime, setNow } = testRuntime(config);
    const abort = new AbortController();
    const url = await startFloorPage(
      runtime,
      {
        ...config,
        displays: { ...config.displays, web: { host: "127.0.0.1", port: 0, token: "from-the-config" } },
      },
      { signal: abort.signal, env: { FELTGUARD_FLOOR_TOKEN: TOKEN } },
    );
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    try {
      const health = (await (await fetch(`${url}api/health`)).json()) as {
        status: string;
        readers: unknown[];
      };
      // No device has reported: the page does not call the reader online.
      expect(health.status).toBe("unknown");
      expect(health.readers).toMatchObject([
        { reader: "bridge", online: false, state: "unknown", since: null },
      ]);
      // Each reader names the antennas it serves: what is blind while it is away.
      const [bridge] = health.readers as { antennas: string[] }[];
      expect(bridge?.antennas).toEqual(expect.arrayContaining(["seat1", "board", "burn", "muck", "pot"]));
      feed(runtime, setNow, scenario("misdeal-first-card"));
      const rule = (token: string) =>
        fetch(`${url}api/ruling`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ ruling: "continue" }),
        });
      expect((await rule("from-the-config")).status).toBe(401);
      expect((await rule(TOKEN)).status).toBe(200);
      const page = await fetch(url);
      expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(await page.text()).toContain('<script type="module" src="/floor.js">');
    } finally {
      abort.abort();
    }
    // The server closes in its own time after the abort (a fixed 100 ms assumed an idle machine).
    await vi.waitFor(() => expect(fetch(`${url}api/health`)).rejects.toThrow(), { timeout: 20_000 });
  });
});
