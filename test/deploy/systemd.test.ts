/**
 * The service under systemd: the unit file passes `systemd-analyze verify`, and the table notifies
 * READY=1 and WATCHDOG=1 through systemd-notify to a NOTIFY_SOCKET — here a unix datagram socket
 * bound by python3, standing in for the service manager — only while its health check passes.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import { createLogger } from "../../src/runtime/log.js";
import { SystemdNotifier, watchdogIntervalMs } from "../../src/app/systemd.js";
import { startTable } from "../../src/app/tableRun.js";
import { REPO_ROOT } from "../support/paths.js";
import { pluribusFiles, tableInput } from "../journal/tableInput.js";

const dir = mkdtempSync(join(tmpdir(), "fg-systemd-"));
const quiet = createLogger("test", { pretty: false, level: "silent" });
const has = (cmd: string) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;
const running: ChildProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) p.kill("SIGTERM");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Binds a fake NOTIFY_SOCKET; `messages()` is every datagram so far, one string each. */
async function fakeManager(name: string) {
  const socket = join(dir, name);
  const child = spawn("python3", [join(REPO_ROOT, "test/support/fakeNotifySocket.py"), socket]);
  running.push(child);
  const lines: string[] = [];
  let buffer = "";
  child.stdout.on("data", (d: Buffer) => {
    buffer += d.toString();
    const parts = buffer.split("\n");
    buffer = parts.pop() ?? "";
    lines.push(...parts);
  });
  await vi.waitFor(() => expect(lines).toContain("LISTENING"), { timeout: 5000 });
  return { socket, messages: () => lines.filter((l) => l !== "LISTENING" && l !== "BARRIER=1") };
}

describe("deploy/feltguard.service", () => {
  it.skipIf(!has("systemd-analyze"))(
    "passes systemd-analyze verify (skipped only where systemd-analyze is not installed)",
    () => {
      const unit = join(REPO_ROOT, "deploy/feltguard.service");
      const r = spawnSync("systemd-analyze", ["verify", unit], { encoding: "utf8" });
      expect(r.stderr.trim()).toBe("");
      expect(r.status).toBe(0);
      const text = readFileSync(unit, "utf8");
      expect(text).toMatch(/^Type=notify$/m);
      expect(text).toMatch(/^NotifyAccess=all$/m);
      expect(text).toMatch(/^WatchdogSec=\d+$/m);
      expect(text).toMatch(/^Restart=always$/m);
    },
  );
});

describe("systemd notification", () => {
  it("the watchdog interval is half WatchdogSec, for this process only", () => {
    expect(watchdogIntervalMs({ WATCHDOG_USEC: "10000000" }, 42)).toBe(5000);
    expect(watchdogIntervalMs({ WATCHDOG_USEC: "10000000", WATCHDOG_PID: "42" }, 42)).toBe(5000);
    expect(watchdogIntervalMs({ WATCHDOG_USEC: "10000000", WATCHDOG_PID: "7" }, 42)).toBeNull();
    expect(watchdogIntervalMs({}, 42)).toBeNull();
  });

  it.skipIf(!has("systemd-notify") || !has("python3"))(
    "READY=1, then WATCHDOG=1 while the check passes, none while it fails, STOPPING=1 at the end",
    async () => {
      const manager = await fakeManager("notify.sock");
      let problem: string | null = null;
      const notifier = new SystemdNotifier({
        env: { ...process.env, NOTIFY_SOCKET: manager.socket, WATCHDOG_USEC: "200000" },
        log: quiet,
      });
      expect(await notifier.start(() => problem)).toBe(true);
      await vi.waitFor(() => expect(manager.messages()[0]).toBe("READY=1|STATUS=table running"), {
        timeout: 5000,
      });
      await vi.waitFor(
        () => expect(manager.messages().filter((m) => m === "WATCHDOG=1").length).toBeGreaterThanOrEqual(2),
        {
          timeout: 5000,
        },
      );
      // The journal stops writing: no more pings (systemd would restart the table). Rounds are counted, not timed.
      problem = "the journal is not writing";
      const pingsBefore = manager.messages().filter((m) => m === "WATCHDOG=1").length;
      for (let i = 0; i < 5; i++) await notifier.ping(() => problem);
      await new Promise((r) => setTimeout(r, 300));
      await notifier.stop();
      await vi.waitFor(() => expect(manager.messages()).toContain("STOPPING=1"), { timeout: 5000 });
      const pingsAfter = manager.messages().filter((m) => m === "WATCHDOG=1").length;
      expect(pingsAfter - pingsBefore).toBeLessThanOrEqual(1); // a ping already in flight may land, no more
    },
  );

  it.skipIf(!has("systemd-notify") || !has("python3"))(
    "a check that fails at start sends no READY=1, only a status saying why",
    async () => {
      const manager = await fakeManager("notready.sock");
      const notifier = new SystemdNotifier({
        env: { NOTIFY_SOCKET: manager.socket, PATH: process.env.PATH },
        log: quiet,
      });
      expect(await notifier.start(() => "the journal is not writing")).toBe(false);
      await vi.waitFor(
        () => expect(manager.messages()).toEqual(["STATUS=not ready: the journal is not writing"]),
        {
          timeout: 5000,
        },
      );
    },
  );

  it.skipIf(!has("systemd-notify") || !has("python3"))(
    "feltguard table notifies READY=1 once its journal, devices and floor page are up",
    async () => {
      const manager = await fakeManager("table.sock");
      const config = join(dir, "table.yaml");
      writeFileSync(config, readFileSync(DEFAULT_CONFIG_PATH, "utf8").replace("port: 8080", "port: 0"));
      const table = await startTable({
        config,
        journal: join(dir, "journal.db"),
        devices: false,
        log: quiet,
        notifier: new SystemdNotifier({
          env: { NOTIFY_SOCKET: manager.socket, WATCHDOG_USEC: "200000", PATH: process.env.PATH },
          log: quiet,
        }),
      });
      try {
        expect(table.check()).toBeNull();
        await vi.waitFor(() => expect(manager.messages()).toContain("READY=1|STATUS=table running"), {
          timeout: 5000,
        });
        await vi.waitFor(() => expect(manager.messages()).toContain("WATCHDOG=1"), { timeout: 5000 });
      } finally {
        await table.stop();
      }
      await vi.waitFor(() => expect(manager.messages()).toContain("STOPPING=1"), { timeout: 5000 });
    },
  );
  it.skipIf(!has("systemd-notify") || !has("python3"))(
    "a table whose journal stops writing (a full disk) keeps its watchdog and says so in STATUS: a restart would lose the rows kept in memory",
    async () => {
      const manager = await fakeManager("full.sock");
      const config = join(dir, "full.yaml");
      writeFileSync(config, readFileSync(DEFAULT_CONFIG_PATH, "utf8").replace("port: 8080", "port: 0"));
      const table = await startTable({
        config,
        journal: join(dir, "full.db"),
        devices: false,
        log: quiet,
        journalMaxPages: 16, // the disk fills after a few dozen rows
        notifier: new SystemdNotifier({
          env: { NOTIFY_SOCKET: manager.socket, WATCHDOG_USEC: "200000", PATH: process.env.PATH },
          log: quiet,
        }),
      });
      try {
        for (const e of tableInput(pluribusFiles(2))) {
          table.runtime.submit(e);
          if (table.health().journal.state === "fault") break;
        }
        const journal = table.health().journal;
        expect(journal.state).toBe("fault");
        expect(journal.waiting).toBeGreaterThan(0);
        expect(table.check()).toBeNull();
        await vi.waitFor(
          () =>
            expect(manager.messages()).toContainEqual(
              expect.stringMatching(
                /^WATCHDOG=1\|STATUS=table running, NOT JOURNALING: the disk holding the journal .* is full/,
              ),
            ),
          { timeout: 5000 },
        );
        const after = manager.messages().length;
        await vi.waitFor(() => expect(manager.messages().slice(after)).toContain("WATCHDOG=1"), {
          timeout: 5000,
        });
      } finally {
        await table.stop();
      }
    },
  );
});
