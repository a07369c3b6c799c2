/**
 * The floor network on this machine, for 20 and 100 simulated tables: `feltguard floor` (the built CLI,
 * its embedded aedes broker) in a child process, the tables (src/app/roomSim.ts) and one overview
 * WebSocket client in this one.
 * - messages per second through the broker: the tables play 5 minutes of table time as fast as they can;
 * - p50 / p99 from a table event (the runtime hands it to the feed) to the overview's WebSocket row that
 *   includes it, with the tables paced at 10× real time (a busy room, not a saturated one);
 * - the overview's memory: the floor process's resident set after both runs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import WebSocket from "ws";
import { loadConfig } from "../src/config/config.js";
import { SimRoom } from "../src/app/roomSim.js";
import type { BenchFigure } from "./figure.js";

const ROOT = join(import.meta.dirname, "..");
const config = loadConfig(join(ROOT, "config/default.yaml"));
/** Table time per wall second in the latency run: ten tables' worth of activity per table. */
const PACE = 10;
const LATENCY_WALL_MS = 15_000;

async function startFloor(): Promise<{ child: ChildProcess; page: string; broker: string }> {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, "bin/feltguard.js"),
      "floor",
      "--broker-host",
      "127.0.0.1",
      "--broker-port",
      "0",
      "--port",
      "0",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let err = "";
  return new Promise((resolve, reject) => {
    child.stderr?.on("data", (d: Buffer) => {
      err += d.toString();
      const m = /room overview (\S+); broker (\S+)/.exec(err);
      if (m) resolve({ child, page: m[1]!, broker: m[2]! });
    });
    child.once("exit", (code) => reject(new Error(`feltguard floor exited ${code}: ${err}`)));
  });
}

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return kb === undefined ? NaN : (Number(kb) * 1024) / 1e6;
};

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function measure(tables: number): Promise<BenchFigure[]> {
  const floor = await startFloor();
  try {
    // Throughput: 5 minutes of table time, as fast as the tables can play.
    const fast = new SimRoom({
      config,
      tables,
      url: floor.broker,
      seed: 1,
      version: "bench",
      prefix: "fast",
    });
    while (!fast.tables.every((t) => t.publisher.connected)) await new Promise((r) => setTimeout(r, 10));
    const t0 = performance.now();
    await fast.runUntil(5 * 60_000);
    await Promise.all(fast.tables.map((t) => t.publisher.drain()));
    const seconds = (performance.now() - t0) / 1000;
    const messages = fast.tables.reduce((n, t) => n + t.publisher.published, 0);
    await fast.close();

    // Latency: table event → the overview's WebSocket, paced.
    const said = new Map<string, Map<number, number>>();
    const seen = new Map<string, number>();
    const latencies: number[] = [];
    const ws = new WebSocket(floor.page.replace(/^http/, "ws") + "ws");
    ws.on("message", (data: Buffer) => {
      const now = performance.now();
      const msg = JSON.parse(data.toString()) as { tables: { id: string; seq: number }[] };
      for (const row of msg.tables) {
        const emitted = said.get(row.id);
        if (emitted === undefined) continue;
        for (let s = (seen.get(row.id) ?? 0) + 1; s <= row.seq; s++) {
          const at = emitted.get(s);
          if (at !== undefined) latencies.push(now - at);
          emitted.delete(s);
        }
        seen.set(row.id, Math.max(seen.get(row.id) ?? 0, row.seq));
      }
    });
    await new Promise((r) => ws.once("open", r));
    const paced = new SimRoom({
      config,
      tables,
      url: floor.broker,
      seed: 2,
      version: "bench",
      prefix: "paced",
      onEvents: (table, events) => {
        const m = said.get(table) ?? new Map<number, number>();
        said.set(table, m);
        const now = performance.now();
        for (const e of events) if (e.seq !== undefined) m.set(e.seq, now);
      },
    });
    while (!paced.tables.every((t) => t.publisher.connected)) await new Promise((r) => setTimeout(r, 10));
    const start = performance.now();
    while (performance.now() - start < LATENCY_WALL_MS) {
      await new Promise((r) => setTimeout(r, 50));
      await paced.runUntil(Math.floor((performance.now() - start) * PACE));
    }
    await Promise.all(paced.tables.map((t) => t.publisher.drain()));
    await new Promise((r) => setTimeout(r, 1000));
    ws.close();
    await paced.close();
    const sorted = latencies.sort((a, b) => a - b);
    const rss = rssMb(floor.child.pid!);
    const note = `${tables} tables; feltguard floor (embedded aedes) in a child process`;
    return [
      {
        name: `messages/s through the broker, ${tables} tables (saturated)`,
        value: Math.round(messages / seconds),
        unit: "msg/s",
        target: "",
        met: null,
        note: `${messages} messages (events QoS 1, retained state/health/head) for 5 min of table time in ${seconds.toFixed(1)} s; ${note}`,
      },
      {
        name: `table event → overview WebSocket p50, ${tables} tables at ${PACE}× real time`,
        value: Number(quantile(sorted, 0.5).toFixed(1)),
        unit: "ms",
        target: "",
        met: null,
        note: `${sorted.length} events`,
      },
      {
        name: `table event → overview WebSocket p99, ${tables} tables at ${PACE}× real time`,
        value: Number(quantile(sorted, 0.99).toFixed(1)),
        unit: "ms",
        target: "≤ 1000 ms",
        met: quantile(sorted, 0.99) <= 1000,
        note: "the floor must see a floor alert within a second",
      },
      {
        name: `overview process memory (RSS), ${tables} tables`,
        value: Math.round(rss),
        unit: "MB",
        target: "",
        met: null,
        note: "feltguard floor with its embedded broker, after both runs",
      },
    ];
  } finally {
    floor.child.kill("SIGTERM");
  }
}

export async function run(): Promise<BenchFigure[]> {
  return [...(await measure(20)), ...(await measure(100))];
}
