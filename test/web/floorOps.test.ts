/**
 * The floor's operations on a live table through the server (fastify inject): named supervisors sign
 * in with a session cookie, set the table up from nothing, and every operation is journaled with `by`
 * and `wall`; a ruling must answer an open alert; a misdeal can be undone within its window; wrong
 * passwords and wrong tokens end in 429 and a lockout; /ws checks Origin and caps its sockets.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/app/cli.js";
import { WebSocket } from "ws";
import { exportLines } from "../../src/journal/exportLog.js";
import { loadTableKey } from "../../src/journal/tableKey.js";
import { Journal } from "../../src/journal/journal.js";
import { floorToken } from "../../src/web/auth.js";
import { createFloorServer, type FloorServer } from "../../src/web/server.js";
import { Supervisors } from "../../src/web/supervisors.js";
import { feed, scenario, testRuntime, TOKEN } from "./harness.js";

const PASSWORD = "ana-floor-password";
let supervisors: Supervisors;
beforeAll(async () => {
  supervisors = Supervisors.inMemory();
  await supervisors.add("Ana", PASSWORD);
  await supervisors.add("Ben", "ben-floor-password");
});

const servers: FloorServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function setUp(extra: Partial<Parameters<typeof createFloorServer>[0]> = {}) {
  const journalPath = join(mkdtempSync(join(tmpdir(), "fg-floor-")), "journal.db");
  const journal = Journal.open(journalPath);
  const { runtime, setNow } = testRuntime(undefined, journal);
  const server = createFloorServer({
    runtime,
    tableName: "Table 1",
    token: TOKEN,
    host: "127.0.0.1",
    port: 0,
    pollMs: 0,
    supervisors,
    ...extra,
  });
  servers.push(server);
  return { runtime, setNow, server, app: server.app, journal };
}

type App = FloorServer["app"];

async function signIn(app: App, name = "Ana", password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/sign-in", payload: { name, password } });
  expect(res.statusCode).toBe(200);
  const cookie = String(res.headers["set-cookie"]);
  return cookie.split(";")[0]!;
}

function floorOp(app: App, cookie: string, payload: object) {
  return app.inject({ method: "POST", url: "/api/floor", payload, headers: { cookie } });
}

/** The lines `feltguard history --floor` prints for a journal. */
async function floorHistory(journalPath: string): Promise<string[]> {
  const out: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((text) => (out.push(String(text)), true));
  try {
    expect(await main(["node", "feltguard", "history", "--floor", "-j", journalPath])).toBe(0);
  } finally {
    spy.mockRestore();
  }
  return out;
}

describe("named supervisors", () => {
  it("sign in with a session cookie (httpOnly, SameSite=Strict, path /, expiring); a wrong password is 401", async () => {
    const { app } = setUp();
    const res = await app.inject({
      method: "POST",
      url: "/api/sign-in",
      payload: { name: "Ana", password: PASSWORD },
    });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^feltguard_session=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=28800/);
    const me = await app.inject({ url: "/api/me", headers: { cookie: cookie.split(";")[0]! } });
    expect(me.json()).toEqual({ name: "Ana", via: "session" });
    const wrong = await app.inject({
      method: "POST",
      url: "/api/sign-in",
      payload: { name: "Ana", password: "nope" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(res.headers["x-frame-options"]).toBeDefined(); // helmet
  });

  it("the environment token keeps the configured token's minimum length (8)", () => {
    expect(() => floorToken(undefined, { FELTGUARD_FLOOR_TOKEN: "x" })).toThrow(/at least 8/);
    expect(floorToken(undefined, { FELTGUARD_FLOOR_TOKEN: "12345678" })).toBe("12345678");
  });
});

describe("POST /api/floor", () => {
  it("a fill or credit of the tray is a floor operation with who and when; a table with no tray refuses it", async () => {
    const { app, journal } = setUp();
    const ana = await signIn(app);
    const fill = await floorOp(app, ana, { op: "fill", chips: { "500": 4 } });
    expect(fill.statusCode).toBe(409);
    expect(fill.json<{ error: string }>().error).toMatch(/no tray antennas/);
    expect((await floorOp(app, ana, { op: "credit", chips: { "500": 0 } })).statusCode).toBe(400);
    const lines = [...exportLines(journal.database!, { by: "all" }, loadTableKey(`${journal.path}.key`))].map(
      (l) => JSON.parse(l) as Record<string, unknown>,
    );
    expect(lines.find((l) => l.op === "fill")).toMatchObject({ by: "Ana", chips: { "500": 4 } });
    expect(lines.find((l) => l.op === "fill")?.wall).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("sets a table up from nothing; each operation is journaled with by and wall; refusals give a reason", async () => {
    const { app, journal } = setUp();
    const ana = await signIn(app);
    const ops = [
      { op: "game", game: "nlhe" },
      { op: "level", sb: 100, bb: 200 },
      ...["Ana", "Ben", "Cai", "Dov", "Eve", "Fay"].map((player, i) => ({
        op: "seat",
        seat: i + 1,
        player,
        stack: 20000,
      })),
      { op: "button", seat: 3 },
      { op: "away", seat: 2, away: true },
      { op: "break" },
      { op: "resume" },
    ];
    for (const op of ops) expect((await floorOp(app, ana, op)).statusCode, JSON.stringify(op)).toBe(200);
    const refused = await floorOp(app, ana, { op: "seat", seat: 11, player: "Gus", stack: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toMatch(/seat 11 does not exist/);
    expect((await floorOp(app, ana, { op: "resume" })).json<{ error: string }>().error).toMatch(
      /not on a break/,
    );
    expect((await floorOp(app, ana, { op: "dance" })).statusCode).toBe(400);
    // A `by` sent by the client is replaced by the signed-in name.
    expect((await floorOp(app, ana, { op: "unseat", seat: 6, by: "Mallory" })).statusCode).toBe(200);

    const lines = [...exportLines(journal.database!, { by: "all" }, loadTableKey(`${journal.path}.key`))].map(
      (l) => JSON.parse(l) as Record<string, unknown>,
    );
    const floor = lines.filter((l) => l.kind === "floor");
    expect(floor).toHaveLength(ops.length + 3);
    for (const l of floor) {
      expect(l.by).toBe("Ana");
      expect(String(l.wall)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }

    // `feltguard history --floor`: who, when and what, one line each.
    const out = await floorHistory(journal.path);
    expect(out).toHaveLength(floor.length);
    expect(out[0]?.trimEnd()).toMatch(
      /^row 1 {2}t=\d+ {2}\d{4}-\d\d-\d\dT\S+ {2}Ana {2}game {2}game=nlhe {2}applied$/,
    );
    expect(out.at(-1)?.trimEnd()).toMatch(/Ana {2}unseat {2}seat=6 {2}applied$/);
    // A refused operation is journaled like any other; its line says it was refused, and why.
    expect(out.find((l) => l.includes("seat=11"))?.trimEnd()).toMatch(
      /Ana {2}seat {2}seat=11 player=Gus stack=100 {2}refused: Floor operation "seat" not applied: seat 11 does not exist/,
    );
    expect(out.filter((l) => / {2}refused: /.test(l))).toHaveLength(2);
  });

  it("without a supervisor or token every operation is 401", async () => {
    const { app } = setUp();
    const res = await app.inject({ method: "POST", url: "/api/floor", payload: { op: "break" } });
    expect(res.statusCode).toBe(401);
  });
});

describe("rulings answer an open alert and can be undone", () => {
  it("refuses a ruling that answers nothing (409), a repeated one, and a ruling on a code that is not open", async () => {
    const { app, runtime, setNow } = setUp();
    const ana = await signIn(app);
    const events = scenario("misdeal-first-card");
    const shuffler = events.findIndex((e) => e.kind === "button" && e.button === "shuffler");
    feed(runtime, setNow, events.slice(0, shuffler + 1)); // a hand, no alert yet
    const none = await floorOp(app, ana, { op: "ruling", ruling: "void" });
    expect(none.statusCode).toBe(409);
    expect(none.json<{ error: string }>().error).toMatch(/no alert is open.*voidHand/);
    feed(runtime, setNow, events.slice(shuffler + 1));
    const wrongCode = await floorOp(app, ana, { op: "ruling", ruling: "continue", code: "PREMATURE_FLOP" });
    expect(wrongCode.statusCode).toBe(409);
    expect(wrongCode.json<{ error: string }>().error).toMatch(/no open alert PREMATURE_FLOP/);
    const ok = await floorOp(app, ana, { op: "ruling", ruling: "continue", code: "MISDEAL_FIRST_CARD" });
    expect(ok.statusCode).toBe(200);
    const again = await floorOp(app, ana, { op: "ruling", ruling: "continue", code: "MISDEAL_FIRST_CARD" });
    expect(again.statusCode).toBe(409);
  });

  it("a misdeal waits for the undo window; another supervisor undoes it; the hand goes on; a void needs a reason", async () => {
    const { app, runtime, setNow, journal } = setUp({ undoWindowMs: 10_000 });
    const ana = await signIn(app);
    const ben = await signIn(app, "Ben", "ben-floor-password");
    feed(runtime, setNow, scenario("misdeal-first-card"));
    const ruled = await floorOp(app, ana, { op: "ruling", ruling: "misdeal", code: "MISDEAL_FIRST_CARD" });
    expect(ruled.statusCode).toBe(200);
    const pending = ruled.json<{ pending: { due: number; by: string } }>().pending;
    expect(pending.by).toBe("Ana");
    setNow(pending.due - 1);
    runtime.tick();
    expect(runtime.core.live).not.toBeNull();
    const undone = await floorOp(app, ben, { op: "undo" });
    expect(undone.statusCode).toBe(200);
    expect(JSON.stringify(undone.json())).toMatch(/Misdeal undone by Ben/);
    setNow(pending.due + 1000);
    runtime.tick();
    expect(runtime.core.live).not.toBeNull(); // the misdeal never took effect
    expect((await floorOp(app, ben, { op: "undo" })).statusCode).toBe(409);
    expect((await floorOp(app, ana, { op: "voidHand", reason: "" })).statusCode).toBe(400);
    const voided = await floorOp(app, ana, { op: "voidHand", reason: "the deck was found short" });
    expect(voided.statusCode).toBe(200);
    const due = voided.json<{ pending: { due: number } }>().pending.due;
    setNow(due);
    runtime.tick();
    expect(runtime.core.live).toBeNull();
    const undo = [...exportLines(journal.database!, { by: "all" }, loadTableKey(`${journal.path}.key`))].find(
      (l) => l.includes('"op":"undo"'),
    );
    expect(undo).toMatch(/"by":"Ben"/);
    // history --floor says what became of each: the misdeal and the void waited for their window, the
    // undo was applied, the second undo refused.
    const out = await floorHistory(journal.path);
    const ending = (l: string) => / {2}(applied|pending|refused)(?=:|$)/.exec(l.trimEnd())?.[1];
    const rulings = out.filter((l) => / {2}(ruling|undo|voidHand) {2}/.test(l));
    expect(rulings.map((l) => `${/ {2}(ruling|undo|voidHand) {2}/.exec(l)?.[1]} ${ending(l)}`)).toEqual([
      "ruling pending",
      "undo applied",
      "undo refused",
      "voidHand pending",
    ]);
  });
});

describe("the dealer's floor key", () => {
  it("shows FLOOR_CALLED on the page until a supervisor answers it; a second answer is refused", async () => {
    const { app, runtime, setNow } = setUp();
    const ana = await signIn(app);
    const events = scenario("misdeal-first-card");
    feed(runtime, setNow, events.slice(0, -1));
    setNow(events.at(-1)!.t);
    runtime.submit({ t: events.at(-1)!.t, kind: "button", button: "floor" });
    const codes = async () =>
      (await app.inject("/api/table"))
        .json<{ view: { alerts: { code: string }[] } }>()
        .view.alerts.map((a) => a.code);
    expect(await codes()).toContain("FLOOR_CALLED");
    const answer = { op: "ruling", ruling: "continue", code: "FLOOR_CALLED" };
    expect((await floorOp(app, ana, answer)).statusCode).toBe(200);
    expect(await codes()).not.toContain("FLOOR_CALLED");
    expect((await floorOp(app, ana, answer)).statusCode).toBe(409);
  });
});

describe("throttling and lockout", () => {
  it("1,000 wrong passwords: 401 five times, then 429; the right password is locked out too", async () => {
    const { app } = setUp();
    const codes = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/sign-in",
        payload: { name: "Ana", password: `guess-${i}` },
      });
      codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
    }
    console.log(`1,000 wrong passwords: ${JSON.stringify(Object.fromEntries(codes))}`);
    expect(codes.get(401)).toBe(5);
    expect(codes.get(429)).toBe(995);
    const right = await app.inject({
      method: "POST",
      url: "/api/sign-in",
      payload: { name: "Ana", password: PASSWORD },
    });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("five wrong passwords lock the name at that client only: from another client she signs in", async () => {
    const { app } = setUp();
    const from = (remoteAddress: string, password: string) =>
      app.inject({ method: "POST", url: "/api/sign-in", payload: { name: "Ana", password }, remoteAddress });
    for (let i = 0; i < 5; i++) expect((await from("10.0.7.31", `guess-${i}`)).statusCode).toBe(401);
    expect((await from("10.0.7.31", PASSWORD)).statusCode).toBe(429);
    // Someone at another tablet cannot lock a supervisor out everywhere by mistyping her name.
    expect((await from("10.0.7.32", PASSWORD)).statusCode).toBe(200);
  });

  it("the name from any clients locks at five times a client's share: a spread of addresses gets no further", async () => {
    const { app } = setUp();
    const from = (remoteAddress: string, password: string) =>
      app.inject({ method: "POST", url: "/api/sign-in", payload: { name: "Ana", password }, remoteAddress });
    for (let c = 1; c <= 5; c++)
      for (let i = 0; i < 5; i++) expect((await from(`10.0.8.${c}`, `guess-${c}-${i}`)).statusCode).toBe(401);
    expect((await from("10.0.8.6", PASSWORD)).statusCode).toBe(429);
  });

  it("1,000 wrong tokens: 401 five times, then 429; the right token is locked out too", async () => {
    const { app } = setUp();
    const codes = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/floor",
        payload: { op: "break" },
        headers: { authorization: `Bearer wrong-token-${i}` },
      });
      codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
    }
    console.log(`1,000 wrong tokens: ${JSON.stringify(Object.fromEntries(codes))}`);
    expect(codes.get(401)).toBe(5);
    expect(codes.get(429)).toBe(995);
    const right = await app.inject({
      method: "POST",
      url: "/api/floor",
      payload: { op: "break" },
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(429);
  });

  it("rate-limits a signed-in client's requests per minute", async () => {
    const { app } = setUp({ perMinute: 20 });
    const ana = await signIn(app);
    const codes: number[] = [];
    for (let i = 0; i < 25; i++)
      codes.push((await floorOp(app, ana, { op: "away", seat: 1, away: true })).statusCode);
    expect(codes.slice(0, 20).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });
});

describe("/ws", () => {
  async function open(url: string, origin?: string): Promise<number | "open"> {
    return new Promise((resolve) => {
      const ws = new WebSocket(url, origin === undefined ? {} : { origin });
      ws.on("open", () => resolve("open"));
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("error", () => undefined);
    });
  }

  it("refuses another origin (403) and sockets over the cap (503)", async () => {
    const { server } = setUp({ maxSockets: 3 });
    const url = (await server.listen()).replace(/^http/, "ws") + "ws";
    const host = new URL(url).host;
    expect(await open(url, "http://evil.example")).toBe(403);
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await open(url, `http://${host}`));
    expect(results).toEqual(["open", "open", "open"]);
    // The hub counts a socket once its first message is sent; wait until all three are counted.
    await expect
      .poll(() => server.app.inject("/api/health").then((r) => r.json<{ clients: number }>().clients))
      .toBe(3);
    expect(await open(url, `http://${host}`)).toBe(503);
  });
});
