/**
 * `feltguard floor --mqtt` on a casino's broker as docs/floor-network.md sets it up (mosquitto, no
 * anonymous clients, the documented access rules): the floor server logs in as its own user
 * (`floor-1`) with its password read from a file, sees the tables, and its log never repeats a broker
 * password. Before, it could log in only with the password in the URL, on the command line (which `ps`
 * shows), and its "ready" line printed that URL, password and all.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withoutPassword } from "../../src/app/commands/floor.js";
import { FeedPublisher } from "../../src/feed/publisher.js";
import { REPO_ROOT } from "../support/paths.js";
import { documentedAcl, startMosquitto, until } from "./brokers.js";

const dir = mkdtempSync(join(tmpdir(), "fg-floor-command-"));
const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("feltguard floor on a broker with logins", () => {
  it("logs in as its own user from a password file, sees the tables, and logs no password", async () => {
    const users = { "t-7": "table-seven-pw", "floor-1": "floor-one-pw" };
    const broker = await startMosquitto("", { users, acl: documentedAcl() });
    stops.push(() => broker.kill());
    const table = new FeedPublisher({
      tableId: "t-7",
      tableName: "Seven",
      url: broker.url,
      version: "test",
      username: "t-7",
      password: users["t-7"],
    });
    stops.push(() => table.close());
    await until(() => table.connected, "the table connected", 30_000);

    const passwordFile = join(dir, "mqtt.password");
    writeFileSync(passwordFile, `${users["floor-1"]}\n`, { mode: 0o600 });
    const floor: ChildProcess = spawn(
      process.execPath,
      ["--import", "tsx", "src/app/main.ts", "floor", "--mqtt", broker.url, "--port", "0"].concat([
        "--mqtt-username",
        "floor-1",
        "--mqtt-password-file",
        passwordFile,
      ]),
      { cwd: REPO_ROOT },
    );
    stops.push(() => floor.kill("SIGKILL"));
    let said = "";
    floor.stderr!.on("data", (d: Buffer) => (said += d.toString()));
    await until(() => /ready — room overview (\S+);/.test(said), "the room overview ready", 60_000);
    const page = /ready — room overview (\S+);/.exec(said)![1]!;
    // The floor server's user may read every table's topics: the table is in the room.
    const started = Date.now();
    for (;;) {
      const room = (await (await fetch(`${page}api/room`)).json()) as { tables: { id: string }[] };
      if (room.tables.some((t) => t.id === "t-7")) break;
      if (Date.now() - started > 60_000) throw new Error("table t-7 never reached the room");
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(said).not.toContain(users["floor-1"]);
  }, 120_000);

  it("prints a broker URL without the password given in it", () => {
    expect(withoutPassword("mqtt://floor-1:s3cret@broker.casino:1883")).toBe(
      "mqtt://floor-1:***@broker.casino:1883",
    );
    expect(withoutPassword("mqtts://broker.casino:8883")).toBe("mqtts://broker.casino:8883");
  });
});
