/** Brokers for the feed tests: a real mosquitto (Debian's) on a free port, killed and restarted at will. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "mqtt";

export const MOSQUITTO = "/usr/sbin/mosquitto";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      const port = typeof a === "object" && a !== null ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once a client can connect to `url` (tries until it can: no fixed sleep). */
export async function brokerUp(url: string): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = connect(url, { reconnectPeriod: 0, connectTimeout: 2000 });
      const done = (ok: boolean) => {
        resolve(ok);
        void c.endAsync(true);
      };
      c.once("connect", () => done(true));
      c.once("error", () => done(false));
      c.once("close", () => done(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Mosquitto {
  url: string;
  /** SIGKILL: no clean disconnect, no persistence. */
  kill(): Promise<void>;
  start(): Promise<void>;
}

/** Starts mosquitto on a free port with a config file (anonymous clients on 127.0.0.1). */
export async function startMosquitto(extraConfig = ""): Promise<Mosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "feltguard-mosquitto-"));
  const conf = join(dir, "mosquitto.conf");
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n${extraConfig}`);
  const url = `mqtt://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(MOSQUITTO, ["-c", conf], { stdio: "ignore" });
    // A test run stopped from outside must not leave the broker behind.
    const reap = () => started.kill("SIGKILL");
    process.once("exit", reap);
    started.once("exit", () => process.off("exit", reap));
    child = started;
    await brokerUp(url);
  };
  await start();
  return {
    url,
    start,
    kill: async () => {
      const c = child;
      if (c === null || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once("exit", () => resolve());
        c.kill("SIGKILL");
      });
      child = null;
    },
  };
}

/** Waits until `check` holds, looking again after every macrotask (no fixed sleep decides anything). */
export async function until(check: () => boolean, what: string, limitMs = 120_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
