/** Brokers for the feed tests: a real mosquitto (Debian's) on a free port, killed and restarted at will. */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
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

/**
 * Resolves once a client can connect to `url` (tries until it can: no fixed sleep). Gives up after
 * `limitMs`, so a broker that never comes up (a bad config) fails the test instead of hanging the run.
 */
export async function brokerUp(
  url: string,
  login?: { username: string; password: string },
  limitMs = 30_000,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > limitMs) throw new Error(`broker at ${url} did not come up`);
    const ok = await new Promise<boolean>((resolve) => {
      const c = connect(url, { reconnectPeriod: 0, connectTimeout: 2000, ...login });
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

/** Who may connect, and the access rules (mosquitto's acl_file syntax). */
export interface MosquittoAuth {
  /** User name → password (written with mosquitto_passwd, as an installer would). */
  users: Record<string, string>;
  acl: string;
}

/** The broker's access rules exactly as docs/floor-network.md gives them, so a test keeps the doc true. */
export function documentedAcl(): string {
  const doc = readFileSync(join(import.meta.dirname, "../../docs/floor-network.md"), "utf8");
  const block = /```\n(# \/etc\/mosquitto\/feltguard\.acl[\s\S]*?)```/.exec(doc)?.[1];
  if (block === undefined) throw new Error("docs/floor-network.md has no feltguard.acl block");
  return block;
}

/**
 * Starts mosquitto on a free port with a config file: anonymous clients on 127.0.0.1, or with `auth`
 * a password file and access rules, as docs/floor-network.md configures a floor's broker.
 */
export async function startMosquitto(extraConfig = "", auth?: MosquittoAuth): Promise<Mosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "feltguard-mosquitto-"));
  const conf = join(dir, "mosquitto.conf");
  let access = "allow_anonymous true\n";
  if (auth !== undefined) {
    // Started as root, mosquitto reads these after dropping to its own user: let that user read them.
    chmodSync(dir, 0o755);
    const passwd = join(dir, "passwd");
    writeFileSync(passwd, "", { mode: 0o644 });
    for (const [user, password] of Object.entries(auth.users))
      execFileSync("mosquitto_passwd", ["-b", passwd, user, password]);
    chmodSync(passwd, 0o644);
    const acl = join(dir, "feltguard.acl");
    writeFileSync(acl, auth.acl);
    access = `allow_anonymous false\npassword_file ${passwd}\nacl_file ${acl}\n`;
  }
  writeFileSync(conf, `listener ${port} 127.0.0.1\n${access}persistence false\n${extraConfig}`);
  const url = `mqtt://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(MOSQUITTO, ["-c", conf], { stdio: "ignore" });
    // A test run stopped from outside must not leave the broker behind.
    const reap = () => started.kill("SIGKILL");
    process.once("exit", reap);
    started.once("exit", () => process.off("exit", reap));
    child = started;
    const first = Object.entries(auth?.users ?? {})[0];
    await brokerUp(url, first === undefined ? undefined : { username: first[0], password: first[1] });
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
