/**
 * The simulated dealer does what the floor rules. A supervisor signs in on the room overview (argon2,
 * cookie session), rules on a simulated table's open alert through its authenticated API; the ruling
 * goes signed over MQTT to the table (`sim --tables N --mqtt` with the ruling keys), and the dealer's next
 * inputs follow it: he waits while a misdeal or void is in its undo window, then collects and deals the
 * hand again (misdeal), or gives the chips back and deals the next hand (void); undone, he goes on.
 * Before, he went on dealing the ended hand's script (board cards into a hand that was over, a shuffler
 * press with the felt full). The room is stepped on its own clock and the test waits on answers, never
 * on a sleep: order, not speed.
 */
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SimRoom } from "../../src/app/roomSim.js";
import { loadConfig } from "../../src/config/config.js";
import type { InputEventIn } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { startEmbeddedBroker } from "../../src/feed/embeddedBroker.js";
import { RulingKeys } from "../../src/feed/signedRuling.js";
import { createRoomServer } from "../../src/web/floor/roomServer.js";
import { Supervisors } from "../../src/web/supervisors.js";
import { until } from "../feed/brokers.js";
import { handEvents, liveTable } from "./liveTable.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const PASSWORD = "correct horse battery";
/** The configuration's undo window for rulings over MQTT (the floor page's default). */
const UNDO_MS = 10_000;

interface Floor {
  room: SimRoom;
  inputs: InputEventIn[];
  events: TableEvent[];
  /** Table time the room has been played to. */
  now: number;
  rule(op: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }>;
}

async function floorWithSimTable(inject: string): Promise<Floor> {
  const file = join(mkdtempSync(join(tmpdir(), "fg-follow-")), "ruling-keys.json");
  const raw = { supervisors: [{ name: "Ana", key: RulingKeys.newKey(), tables: ["*"] }] };
  writeFileSync(file, JSON.stringify(raw));
  chmodSync(file, 0o600);
  const broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  const config = loadConfig("config/default.yaml");
  const inputs: InputEventIn[] = [];
  const events: TableEvent[] = [];
  const room = new SimRoom({
    config: { ...config, feed: { mqtt: { url: broker.url, rulingKeys: file } } },
    tables: 1,
    url: broker.url,
    seed: 3,
    inject: [inject as never],
    version: "test",
    onInput: (_t, e) => inputs.push(e),
    onEvents: (_t, es) => events.push(...es),
  });
  cleanups.push(() => room.close());
  const supervisors = Supervisors.inMemory();
  await supervisors.add("Ana", PASSWORD);
  const server = createRoomServer({
    mqtt: broker.url,
    host: "127.0.0.1",
    port: 0,
    supervisors,
    rulingKeys: RulingKeys.from(raw),
  });
  cleanups.push(() => server.close());
  await server.subscriber.ready();
  await server.app.ready();
  await until(() => room.tables.every((t) => t.publisher.connected), "the table connected");
  await until(() => server.subscriber.client.connected, "the overview connected");
  const signIn = await server.app.inject({
    method: "POST",
    url: "/api/sign-in",
    payload: { name: "Ana", password: PASSWORD },
  });
  expect(signIn.statusCode).toBe(200);
  const cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
  // The table listens to its rulings once the overview has its state (same connection, in order).
  await room.runUntil(1);
  await until(() => server.subscriber.tables.get("sim-1")?.state !== undefined, "the table at the floor");
  return {
    room,
    inputs,
    events,
    now: 1,
    async rule(op) {
      const r = await server.app.inject({
        method: "POST",
        url: "/api/ruling",
        payload: { table: "sim-1", op },
        headers: { cookie },
      });
      return { status: r.statusCode, body: r.json<Record<string, unknown>>() };
    },
  };
}

/** Plays the room 50 ms of table time at a time until `code` is raised; the hand it is raised in. */
async function untilAlert(f: Floor, code: string): Promise<{ hand: number; at: number }> {
  for (let i = 0; i < 200_000 && f.now < 20 * 60_000; i++) {
    f.now += 50;
    await f.room.runUntil(f.now);
    const raised = f.events.find((e) => e.kind === "alert" && e.code === code);
    if (raised) {
      const start = f.events.filter((e) => e.kind === "hand_start" && e.t <= raised.t).at(-1);
      if (start?.kind !== "hand_start") throw new Error("an alert before any hand");
      return { hand: start.hand, at: f.inputs.length };
    }
  }
  throw new Error(`${code} was never raised`);
}

const alertsOf = (events: readonly TableEvent[]) =>
  events
    .filter((e) => e.kind === "alert" && e.severity !== "info")
    .map((e) => (e.kind === "alert" ? e.code : ""));

/**
 * Alerts the dealer's script owes (the error injected in later hands, and r.14's all-in call), and no
 * other: anything else after the ruling is the dealer not following it (or a table fault).
 */
const OWED = new Set(["PREMATURE_FLOP", "ALLIN_TABLE_HANDS"]);
const unowed = (events: readonly TableEvent[]) => [
  ...alertsOf(events).filter((c) => !OWED.has(c)),
  ...events.flatMap((e) => (e.kind === "alert" && e.code === "FLOOR_OP_REJECTED" ? [e.text] : [])),
];

describe("the simulated dealer follows the floor's rulings", () => {
  it("misdeal on a premature flop: he waits out the undo window, collects and deals the hand again", async () => {
    const f = await floorWithSimTable("PREMATURE_FLOP");
    const { hand } = await untilAlert(f, "PREMATURE_FLOP");
    const answer = await f.rule({ op: "ruling", ruling: "misdeal", code: "PREMATURE_FLOP", hand });
    expect(answer).toMatchObject({ status: 200, body: { outcome: "pending", by: "Ana" } });
    const ruledAt = f.inputs.length;

    // The undo window is the floor's: the dealer does nothing while it runs.
    f.now += UNDO_MS / 2;
    await f.room.runUntil(f.now);
    expect(f.inputs.slice(ruledAt)).toEqual([]);

    f.now += UNDO_MS + 240_000;
    await f.room.runUntil(f.now);
    const ended = f.events.find((e) => e.kind === "hand_end" && e.hand === hand);
    expect(ended).toMatchObject({ result: "misdeal" });
    const redeal = handEvents(f.events, hand + 1);
    expect(redeal[0]).toMatchObject({ kind: "hand_start", redeal: true });
    expect(redeal.at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
    // The dealer collected everything, then pressed the shuffler; no card came before the press.
    const after = f.inputs.slice(ruledAt);
    const press = after.findIndex((e) => e.kind === "button" && e.button === "shuffler");
    expect(press).toBeGreaterThan(0);
    expect(after.slice(0, press).every((e) => e.kind === "tags" && e.tags.length === 0)).toBe(true);
    // The re-deal went by the book (no error is injected in it), and so did every hand since.
    expect(alertsOf(redeal).filter((c) => c !== "ALLIN_TABLE_HANDS")).toEqual([]);
    expect(unowed(f.events.slice(f.events.indexOf(ended!)))).toEqual([]);
    expect(f.events.filter((e) => e.kind === "hand_start").length).toBeGreaterThan(hand + 3);
  }, 120_000);

  it("void on a premature flop: every chip back, the next hand dealt as usual", async () => {
    const f = await floorWithSimTable("PREMATURE_FLOP");
    const { hand } = await untilAlert(f, "PREMATURE_FLOP");
    const answer = await f.rule({ op: "ruling", ruling: "void", code: "PREMATURE_FLOP", hand });
    expect(answer).toMatchObject({ status: 200, body: { outcome: "pending" } });
    f.now += UNDO_MS + 240_000;
    await f.room.runUntil(f.now);
    const ended = f.events.find((e) => e.kind === "hand_end" && e.hand === hand);
    expect(ended).toMatchObject({ result: "void" });
    const next = handEvents(f.events, hand + 1);
    expect(next[0]).toMatchObject({ kind: "hand_start", redeal: false });
    expect(next.at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
    expect(unowed(f.events.slice(f.events.indexOf(ended!)))).toEqual([]);
    expect(f.events.filter((e) => e.kind === "hand_start").length).toBeGreaterThan(hand + 3);
  }, 120_000);

  it("a misdeal undone within its window: the dealer goes on with the hand where he stopped", async () => {
    const f = await floorWithSimTable("PREMATURE_FLOP");
    const { hand } = await untilAlert(f, "PREMATURE_FLOP");
    expect(await f.rule({ op: "ruling", ruling: "misdeal", code: "PREMATURE_FLOP", hand })).toMatchObject({
      status: 200,
    });
    const ruledAt = f.inputs.length;
    f.now += 2_000;
    await f.room.runUntil(f.now);
    expect(f.inputs.length).toBe(ruledAt);
    expect(await f.rule({ op: "undo", hand })).toMatchObject({ status: 200, body: { outcome: "applied" } });
    f.now += 60_000;
    await f.room.runUntil(f.now);
    const played = handEvents(f.events, hand);
    expect(played.at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
    // The hand went on by the RP-5 procedure (the dealer's script) and nothing else was raised.
    expect(alertsOf(played).filter((c) => c !== "ALLIN_TABLE_HANDS")).toEqual(["PREMATURE_FLOP"]);
    expect(unowed(f.events.slice(f.events.indexOf(played.at(-1)!)))).toEqual([]);
  }, 120_000);
});

describe("npm start: the simulated table in real time follows a ruling on its floor page", () => {
  it("misdeal through POST /api/floor: the dealer waits out the undo window, collects, deals again", async () => {
    const table = await liveTable(["PREMATURE_FLOP"], 3);
    const { events, inputs } = table;
    await table.playUntil(() => events.some((e) => e.kind === "alert" && e.code === "PREMATURE_FLOP"));
    const start = events.filter((e) => e.kind === "hand_start").at(-1);
    if (start?.kind !== "hand_start") throw new Error("no hand");
    const ruling = { op: "ruling", ruling: "misdeal", code: "PREMATURE_FLOP", hand: start.hand };
    expect(await table.rule(ruling)).toBe(200);
    const ruledAt = inputs.length;
    await table.play(5_000);
    expect(inputs.slice(ruledAt)).toEqual([]);
    await table.play(15_000 + 240_000);
    expect(events.find((e) => e.kind === "hand_end" && e.hand === start.hand)).toMatchObject({
      result: "misdeal",
    });
    const redeal = handEvents(events, start.hand + 1);
    expect(redeal[0]).toMatchObject({ kind: "hand_start", redeal: true });
    expect(redeal.at(-1)).toMatchObject({ kind: "hand_end", result: "complete" });
    const after = inputs.slice(ruledAt);
    const press = after.findIndex((e) => e.kind === "button" && e.button === "shuffler");
    expect(after.slice(0, press).every((e) => e.kind === "tags" && e.tags.length === 0)).toBe(true);
    const ended = events.find((e) => e.kind === "hand_end" && e.hand === start.hand)!;
    expect(unowed(events.slice(events.indexOf(ended)))).toEqual([]);
    expect(events.filter((e) => e.kind === "hand_start").length).toBeGreaterThan(start.hand + 3);
  }, 120_000);
});
