/**
 * `feltguard table` put into service: it refuses to run without a writable journal unless told
 * `--no-journal`, a taken port is one line and exit 1, /api/health says what the drivers and the
 * journal say (never "ok" with no device open), and /metrics counts events, alerts and journal appends.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { SerialPortMock } from "serialport";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import { createLogger } from "../../src/runtime/log.js";
import { StartError } from "../../src/app/preflight.js";
import { startTable } from "../../src/app/tableRun.js";

const dir = mkdtempSync(join(tmpdir(), "fg-service-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const quiet = createLogger("test", { pretty: false, level: "silent" });

/** The default table on port `port`, with `devices` in place of the default devices section. */
function config(name: string, port: number, devices = ""): string {
  const text = readFileSync(DEFAULT_CONFIG_PATH, "utf8")
    .replace("port: 8080", `port: ${port}`)
    .replace(/\ndevices:\n[\s\S]*$/, devices === "" ? "\n" : `\ndevices:\n${devices}\n`);
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

function feltguard(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/app/main.ts", ...args], {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, NOTIFY_SOCKET: "" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function takenPort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return { server, port: address.port };
}

describe("feltguard table: preflight", () => {
  it("refuses a journal whose directory does not exist, naming it and the ways out", async () => {
    const file = config("nodir.yaml", 0);
    const journal = join(dir, "missing", "journal.db");
    await expect(startTable({ config: file, journal, devices: false, log: quiet })).rejects.toThrow(
      StartError,
    );
    const r = feltguard("table", "--config", file, "--journal", journal, "--no-devices");
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/cannot journal: the journal directory .*missing does not exist.*--no-journal/);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("refuses a journal directory this user may not write (run as an unprivileged user when root)", async (ctx) => {
    const ro = join(dir, "readonly");
    mkdirSync(ro, { recursive: true });
    chmodSync(dir, 0o755);
    chmodSync(ro, 0o555);
    const file = config("ro.yaml", 0);
    const asRoot = process.getuid?.() === 0;
    // Root writes anywhere: the refusal is shown as the service user would meet it.
    const r = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "src/app/main.ts",
        "table",
        "--config",
        file,
        "--journal",
        join(ro, "j.db"),
        "--no-devices",
      ],
      {
        encoding: "utf8",
        timeout: 60_000,
        ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
        env: { ...process.env, HOME: dir },
      },
    );
    if (asRoot && /EACCES|Cannot find|permission denied/i.test(r.stderr) && !/cannot journal/.test(r.stderr))
      ctx.skip(); // the repository is not readable by nobody here
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(
      /^feltguard: cannot journal: the journal directory .*readonly is not writable by this user/,
    );
  });

  it("a taken port is one line naming the port, the configuration and what to do, exit 1, and nothing left open or made", async () => {
    const { server, port } = await takenPort();
    try {
      const file = config("taken.yaml", port);
      const before = readdirSync(dir);
      await expect(
        startTable({ config: file, journal: join(dir, "taken.db"), devices: false, log: quiet }),
      ).rejects.toThrow(new RegExp(`port 127.0.0.1:${port} \\(displays.web in .*taken.yaml\\) is taken`));
      const r = feltguard("table", "--config", file, "--journal", join(dir, "taken2.db"), "--no-devices");
      expect(r.code).toBe(1);
      expect(
        r.stderr
          .trim()
          .split("\n")
          .filter((l) => !l.startsWith("{")),
      ).toEqual([
        `feltguard: the floor page's port 127.0.0.1:${port} (displays.web in ${file}) is taken: another program (or table) listens there. ` +
          `Stop it (ss -ltnp 'sport = :${port}' names it), or give this table another displays.web.port`,
      ]);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      // Refused before the journal was opened: no database, anchor or table key made by either start.
      expect(readdirSync(dir).filter((f) => !before.includes(f))).toEqual([]);
    } finally {
      server.close();
    }
  });

  it("a start that fails after the journal was made removes the journal and key it made, and only those", async () => {
    // A certificate the floor page cannot read fails the start after recovery (startFloorPage).
    const file = config("notls.yaml", 0);
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(
        /^ {2}web:\n/m,
        `  web:\n    tls: { cert: missing.crt, key: missing.key }\n`,
      ),
    );
    const before = readdirSync(dir);
    await expect(
      startTable({ config: file, journal: join(dir, "notls.db"), devices: false, log: quiet }),
    ).rejects.toThrow(/missing\.crt/);
    expect(readdirSync(dir).filter((f) => !before.includes(f))).toEqual([]);

    // A journal that was there is the table's history: a failed start leaves it, and its key, alone.
    const kept = join(dir, "kept.db");
    const first = await startTable({
      config: config("kept.yaml", 0),
      journal: kept,
      devices: false,
      log: quiet,
    });
    await first.stop();
    const files = readdirSync(dir).filter((f) => f.startsWith("kept.db"));
    expect(files).toEqual(expect.arrayContaining(["kept.db", "kept.db.key", "kept.db.key.pub"]));
    await expect(startTable({ config: file, journal: kept, devices: false, log: quiet })).rejects.toThrow(
      /missing\.crt/,
    );
    expect(readdirSync(dir).filter((f) => f.startsWith("kept.db"))).toEqual(expect.arrayContaining(files));
  });

  it("runs with --no-journal, and its health says the journal is off", async () => {
    const table = await startTable({
      config: config("nojournal.yaml", 0),
      journal: false,
      devices: false,
      log: quiet,
    });
    try {
      const health = (await (await fetch(new URL("/api/health", table.url))).json()) as {
        journal: { state: string };
      };
      expect(health.journal.state).toBe("off");
    } finally {
      await table.stop();
    }
  });
});

describe("feltguard table: honest health", () => {
  it("with no device open nothing says ok or online: every configured bridge is not opened", async () => {
    const table = await startTable({
      config: config("nodevices.yaml", 0, "  bridge: { path: /dev/feltguard-bridge-nowhere }"),
      journal: join(dir, "nodevices.db"),
      devices: false,
      log: quiet,
    });
    try {
      const health = (await (await fetch(new URL("/api/health", table.url))).json()) as {
        status: string;
        readers: { reader: string; state: string; online: boolean }[];
        journal: { state: string };
      };
      expect(health.status).toBe("degraded");
      expect(health.readers).toMatchObject([{ reader: "bridge", state: "not-opened", online: false }]);
      expect(health.journal.state).toBe("writing");
      expect(JSON.stringify(health)).not.toMatch(/:"online"|"ok"/);
      // The floor page hears the same.
      const page = (await (await fetch(new URL("/api/table", table.url))).json()) as {
        readers: { state: string }[];
      };
      expect(page.readers.map((r) => r.state)).toEqual(["not-opened"]);
    } finally {
      await table.stop();
    }
  });

  it("a bridge whose port cannot be opened is offline with each of its antennas; missing keys do not stop the table", async () => {
    const lines: { level: number; msg: string; path?: string; hint?: string }[] = [];
    const logged = {
      logger: pino({}, { write: (s: string) => void lines.push(JSON.parse(s) as (typeof lines)[0]) }),
    };
    const keys = readFileSync(DEFAULT_CONFIG_PATH, "utf8").match(/\n( {2}keys:\n[\s\S]*?)\n {2}hid:/)![1]!;
    const table = await startTable({
      config: config(
        "gone.yaml",
        0,
        `  bridge: { path: /dev/feltguard-bridge-nowhere }\n${keys.replace("/dev/feltguard-keys", "/dev/feltguard-keys-nowhere")}`,
      ),
      journal: join(dir, "gone.db"),
      devices: true,
      log: logged.logger,
    });
    try {
      await vi.waitFor(() => expect(table.health().readers[0]?.state).toBe("offline"), { timeout: 5000 });
      const health = (await (await fetch(new URL("/api/health", table.url))).json()) as {
        status: string;
        readers: {
          reader: string;
          state: string;
          path: string;
          antennaStates: { antenna: string; state: string }[];
        }[];
      };
      expect(health.status).toBe("degraded");
      const [bridge] = health.readers;
      expect(bridge).toMatchObject({
        reader: "bridge",
        state: "offline",
        path: "/dev/feltguard-bridge-nowhere",
      });
      expect(bridge?.antennaStates).toHaveLength(24);
      expect(new Set(bridge?.antennaStates.map((a) => a.state))).toEqual(new Set(["offline"]));
      // A keys board missing at its path is a device not opened, not a crash of the table.
      expect(table.health().devices).toEqual([
        { device: "keys", state: "not-opened", detail: expect.stringMatching(/feltguard-keys-nowhere/) },
      ]);
      // The log says which device, at which path, and what the engineer does about it (it said
      // "dealer keys not opened", and the bridge's failure at info level, with nothing to do).
      const WARN = 40;
      const about = (path: string) => lines.filter((l) => l.path === path && l.level >= WARN);
      expect(about("/dev/feltguard-bridge-nowhere")[0]).toMatchObject({
        msg: expect.stringMatching(/^link down: open failed: .*; retrying$/),
        hint: expect.stringMatching(/USB cable .*feltguard doctor/),
      });
      expect(about("/dev/feltguard-keys-nowhere")[0]).toMatchObject({
        msg: expect.stringMatching(
          /^dealer keys not opened: .*restart the service once the board is plugged in$/,
        ),
        hint: expect.stringMatching(/USB cable .*feltguard doctor/),
      });
    } finally {
      await table.stop();
    }
  });

  it("a bridge port that opens but never says HELLO is connecting, never online", async () => {
    // The bridge's far end on serialport's mock binding would need a device twin; the link state is
    // what /api/health reads, so a port that opens but never says HELLO stays "connecting", not "online".
    SerialPortMock.binding.createPort("/dev/fg-mock-bridge", { echo: false, record: true });
    const table = await startTable({
      config: config("mock.yaml", 0, "  bridge: { path: /dev/fg-mock-bridge }"),
      journal: join(dir, "mock.db"),
      devices: true,
      binding: SerialPortMock.binding,
      log: quiet,
    });
    try {
      const health = (await (await fetch(new URL("/api/health", table.url))).json()) as {
        status: string;
        readers: { state: string; antennaStates: { state: string }[] }[];
      };
      expect(health.readers[0]?.state).toBe("connecting");
      expect(health.status).toBe("unknown");
      expect(health.readers[0]?.antennaStates.every((a) => a.state !== "online")).toBe(true);
    } finally {
      await table.stop();
      SerialPortMock.binding.reset();
    }
  });
});

describe("feltguard table: /metrics", () => {
  it("counts input events, table events, alerts by code and journal append latency", async () => {
    const table = await startTable({
      config: config("metrics.yaml", 0),
      journal: join(dir, "metrics.db"),
      devices: false,
      log: quiet,
    });
    try {
      const { runtime } = table;
      runtime.submit({
        t: runtime.now(),
        kind: "floor",
        op: "level",
        sb: 100,
        bb: 200,
        ante: 0,
        bbAnte: 0,
        by: "test",
      });
      runtime.submit({ t: runtime.now(), kind: "reader", reader: "bridge", status: "offline" });
      const text = await (await fetch(new URL("/metrics", table.url))).text();
      expect(text).toMatch(/# TYPE feltguard_input_events_total counter/);
      expect(text).toMatch(/# TYPE feltguard_alerts_total counter/);
      expect(text).toMatch(/# TYPE feltguard_reader_errors_total counter/);
      expect(text).toMatch(/# TYPE feltguard_journal_append_seconds histogram/);
      expect(text).toMatch(/feltguard_input_events_total\{kind="floor"\} 1\n/);
      expect(text).toMatch(/feltguard_input_events_total\{kind="reader"\} 1\n/);
      expect(text).toMatch(/feltguard_alerts_total\{code="READER_OFFLINE",severity="floor"\} 1\n/);
      expect(text).toMatch(/feltguard_journal_append_seconds_count 2\n/);
    } finally {
      await table.stop();
    }
  });
});
