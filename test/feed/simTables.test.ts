/**
 * `feltguard sim --tables N --mqtt URL` (the real CLI entry point in a child process): N tables, each
 * with its own id, on the broker; and `--tables` without a broker is a clear error.
 */
import { spawn, spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { startEmbeddedBroker } from "../../src/feed/embeddedBroker.js";
import { RoomSubscriber } from "../../src/feed/subscriber.js";
import { until } from "./brokers.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const CLI = ["--import", "tsx", "src/app/main.ts"];

describe("feltguard sim --tables", () => {
  it("runs N tables in one process, each under its own id, and ends after --hands", async () => {
    const broker = await startEmbeddedBroker();
    cleanups.push(() => broker.close());
    const floor = new RoomSubscriber({ url: broker.url });
    cleanups.push(() => floor.close());
    await floor.ready();
    const child = spawn(
      process.execPath,
      [...CLI, "sim", "--tables", "3", "--mqtt", broker.url, "--fast", "--hands", "2"],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, err).toBe(0);
    expect(err).toMatch(/3 tables publishing/);
    await until(() => floor.tables.size === 3, "three tables on the broker");
    expect([...floor.tables.keys()].sort()).toEqual(["sim-1", "sim-2", "sim-3"]);
    // A clean end: the health says offline.
    await until(
      () => [...floor.tables.values()].every((t) => t.health?.status === "offline"),
      "offline health",
    );
  }, 60_000);

  it("refuses --tables without --mqtt", () => {
    const r = spawnSync(process.execPath, [...CLI, "sim", "--tables", "3"], { encoding: "utf8" });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/--tables: give the broker with --mqtt URL/);
    // The limit only stops a hang: starting the CLI under tsx took 13 s with two CPU hogs beside the suite.
  }, 120_000);
});
