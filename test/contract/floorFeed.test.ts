/**
 * The floor feed's table of topics in shared/spec/events.md, kept black-box on a real broker
 * (Debian's mosquitto): which topics are retained, that each is published at QoS 1 (a subscriber
 * asking for QoS 2 gets what the publisher sent: QoS 1), the payloads' fields, and the broker's last
 * will when the table dies without a goodbye. The table is the real CLI run (`feltguard run --mqtt`),
 * in process for the topics and as a child process killed with SIGKILL for the last will.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect, type MqttClient } from "mqtt";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runTable } from "../../src/app/commands/run.js";
import { startTable } from "../../src/app/tableRun.js";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import { startMosquitto, until } from "../feed/brokers.js";
import { REPO_ROOT } from "../support/paths.js";

const dir = mkdtempSync(join(tmpdir(), "fg-contract-feed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The health topic's payload as the contract lists it: readers, devices, journal, version. */
const HEALTH = {
  status: "online",
  readers: expect.any(Array) as unknown,
  devices: expect.any(Array) as unknown,
  journal: expect.objectContaining({ journaling: true }) as unknown,
  version: expect.any(String) as unknown,
};

const SPEC_EXAMPLE = join(import.meta.dirname, "logs", "spec-example.jsonl");

interface Heard {
  topic: string;
  payload: Record<string, unknown>;
  qos: number;
  retain: boolean;
}

/** A floor client that subscribes to one table's topics asking for QoS 2, and records what it hears. */
async function listen(url: string, table: string): Promise<{ heard: Heard[]; client: MqttClient }> {
  const client = connect(url, { reconnectPeriod: 0 });
  cleanups.push(() => void client.endAsync(true));
  const heard: Heard[] = [];
  client.on("message", (topic, payload, packet) => {
    heard.push({
      topic,
      payload: JSON.parse(payload.toString("utf8")) as Record<string, unknown>,
      qos: packet.qos,
      retain: packet.retain,
    });
  });
  await new Promise<void>((resolve, reject) => {
    client.once("connect", () => resolve());
    client.once("error", reject);
  });
  await client.subscribeAsync(`feltguard/${table}/#`, { qos: 2 });
  return { heard, client };
}

/** A table configuration with this id (and the floor page on any free port). */
function tableConfig(id: string): string {
  const config = join(dir, `${id}.yaml`);
  writeFileSync(
    config,
    readFileSync(DEFAULT_CONFIG_PATH, "utf8")
      .replace("port: 8080", "port: 0")
      .replace(/^table:\n/m, `table:\n  id: ${id}\n`),
  );
  return config;
}

describe("contract: the floor feed (MQTT)", () => {
  it("events QoS 1 in seq order, not retained; state, health and head retained at QoS 1 with their fields", async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.kill());
    const live = await listen(broker.url, "t-c");
    const out = join(dir, "out.jsonl");
    await runTable({
      journal: join(dir, "c.db"),
      input: SPEC_EXAMPLE,
      config: tableConfig("t-c"),
      paceMs: 0,
      out,
      mqtt: broker.url,
    });
    const said = readFileSync(out, "utf8").trim().split("\n");
    const events = () => live.heard.filter((h) => h.topic === "feltguard/t-c/events");
    await until(() => events().length === said.length, "every event on the events topic");
    expect(events().map((h) => JSON.stringify(h.payload))).toEqual(said);
    expect(events().map((h) => h.payload.seq)).toEqual(said.map((_, i) => i + 1));
    expect(new Set(events().map((h) => h.qos))).toEqual(new Set([1]));

    // A subscriber that comes later gets the retained topics (retain flag set) and no event.
    const late = await listen(broker.url, "t-c");
    // Its own marker, published after its subscription: the broker has sent the retained copies first.
    await late.client.publishAsync("feltguard/t-c/marker", "{}", { qos: 1 });
    await until(() => late.heard.some((h) => h.topic === "feltguard/t-c/marker"), "the marker");
    const retained = late.heard.filter((h) => h.topic !== "feltguard/t-c/marker");
    expect(retained.map((h) => h.topic).sort()).toEqual(
      ["feltguard/t-c/head", "feltguard/t-c/health", "feltguard/t-c/state"].sort(),
    );
    for (const h of retained)
      expect({ topic: h.topic, retain: h.retain, qos: h.qos }).toEqual({
        topic: h.topic,
        retain: true,
        qos: 1,
      });
    const payload = (topic: string) => retained.find((h) => h.topic === `feltguard/t-c/${topic}`)?.payload;
    expect(Object.keys(payload("state") ?? {})).toEqual(
      expect.arrayContaining(["hand", "street", "board", "pot", "seats", "toAct", "alerts"]),
    );
    const seats = (payload("state")?.seats ?? []) as Record<string, unknown>[];
    expect(Object.keys(seats[0] ?? {})).toEqual(expect.arrayContaining(["player", "stack", "bet", "status"]));
    expect(payload("state")?.alerts).toEqual([expect.objectContaining({ code: "PREMATURE_FLOP" })]);
    // The run has ended cleanly: its health says offline. While it ran, health named its parts.
    expect(payload("health")).toMatchObject({ status: "offline" });
    const online = live.heard.find(
      (h) => h.topic === "feltguard/t-c/health" && h.payload.status === "online",
    );
    expect(online?.payload).toMatchObject(HEALTH);
    expect(payload("head")).toEqual(
      expect.objectContaining({ seq: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    );
  }, 120_000);

  it("the broker's last will sets health {status: offline}, retained, when the table dies without a goodbye", async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.kill());
    const floor = await listen(broker.url, "t-w");
    // A run paced a minute an event: it is still running (connected, first event out) when killed.
    const child: ChildProcess = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "src/app/main.ts",
        "run",
        "--config",
        tableConfig("t-w"),
        "--journal",
        join(dir, "w.db"),
      ].concat([
        "--mqtt",
        broker.url,
        "--pace-ms",
        "60000",
        "--out",
        join(dir, "w.jsonl"),
        "--input",
        SPEC_EXAMPLE,
      ]),
      { cwd: REPO_ROOT, stdio: "ignore" },
    );
    const reap = () => child.kill("SIGKILL");
    process.once("exit", reap);
    cleanups.push(() => {
      process.off("exit", reap);
      reap();
    });
    const health = () => floor.heard.filter((h) => h.topic === "feltguard/t-w/health").map((h) => h.payload);
    await until(() => health().some((p) => p.status === "online"), "the table online");
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
    await until(() => health().at(-1)?.status === "offline", "the last will");
    // And it stays: a floor system that subscribes now reads the table as offline.
    const late = await listen(broker.url, "t-w");
    await until(() => late.heard.some((h) => h.topic === "feltguard/t-w/health"), "the retained health");
    expect(late.heard.find((h) => h.topic === "feltguard/t-w/health")).toMatchObject({
      retain: true,
      qos: 1,
      payload: { status: "offline" },
    });
  }, 120_000);

  it("feltguard table's health names its readers, devices, journal and version", async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.kill());
    const floor = await listen(broker.url, "t-h");
    const table = await startTable({
      config: tableConfig("t-h"),
      journal: join(dir, "h.db"),
      devices: false,
      mqtt: broker.url,
    });
    cleanups.push(() => table.stop());
    const online = () =>
      floor.heard.find((h) => h.topic === "feltguard/t-h/health" && h.payload.status === "online");
    await until(() => online() !== undefined, "the table online");
    expect(online()).toMatchObject({ qos: 1, payload: HEALTH });
  }, 120_000);
});
