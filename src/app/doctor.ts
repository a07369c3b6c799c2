/**
 * `feltguard doctor`: what stands between this machine and a running table, checked before the
 * service starts it — the configuration and the registry it names, every configured device (found,
 * and readable and writable by this user), the journal's directory and the table key, and the clock
 * (a Raspberry Pi has no battery-backed clock: until NTP sets it, journal times are wrong). Each check
 * is one line; the probes are injected so that tests can stage a missing device or a read-only
 * directory.
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants, existsSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Config, ConfigError, loadConfig, PACKAGE_ROOT } from "../config/config.js";
import { QUICKEST_REACTION_MS } from "../config/configSchema.js";
import { journalProblem } from "./preflight.js";
import { bridgePaths } from "../runtime/tableDevices.js";

export type Verdict = "ok" | "warn" | "fail";

export interface Check {
  verdict: Verdict;
  /** What was checked, e.g. "device bridge2". */
  what: string;
  detail: string;
}

export interface DoctorProbes {
  /** HID devices present (vendorId, productId, hidraw path); null when they cannot be listed. */
  hidDevices?: () => Promise<{ vendorId: number; productId: number; path?: string }[] | null>;
  /** Whether the system clock is synchronised (NTP); null when it cannot be told. */
  clockSynced?: () => boolean | null;
  now?: () => Date;
}

export interface DoctorOptions {
  config: string;
  journal: string;
  key?: string;
  probes?: DoctorProbes;
}

/** Runs every check, in the order a technician fixes them. */
export async function doctor(options: DoctorOptions): Promise<Check[]> {
  const checks: Check[] = [];
  let config: Config | null = null;
  try {
    config = loadConfig(options.config, { checkFiles: true });
    checks.push({ verdict: "ok", what: "configuration", detail: options.config });
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    checks.push({ verdict: "fail", what: "configuration", detail: e.problems.join("; ") });
  }
  if (config !== null) {
    checks.push(registryCheck(config));
    checks.push(readingCheck(config));
    checks.push(...deviceChecks(config));
    checks.push(await hidCheck(config, options.probes?.hidDevices ?? listHid));
  }
  checks.push(journalCheck(options.journal));
  checks.push(keyCheck(options.key ?? config?.journal?.key ?? `${options.journal}.key`));
  checks.push(
    clockCheck(options.probes?.clockSynced ?? clockSynced, options.probes?.now ?? (() => new Date())),
  );
  return checks;
}

/** The checks as lines; the exit code is 1 when one failed. */
export function formatChecks(checks: readonly Check[]): string {
  const word = { ok: "ok  ", warn: "WARN", fail: "FAIL" } as const;
  return checks.map((c) => `${word[c.verdict]}  ${c.what}: ${c.detail}\n`).join("");
}

function registryCheck(config: Config): Check {
  if (config.registry.file !== undefined)
    return { verdict: "ok", what: "registry", detail: `${config.registry.file} (read and valid)` };
  return {
    verdict: config.registry.simulated ? "warn" : "fail",
    what: "registry",
    detail: "simulated (logical ids only): real tags are unknown until a registry file is enrolled",
  };
}

/**
 * The scan round against a player's quickest reaction: with longer rounds, a bet put out in two motions
 * can be read from a report of its first (bench/results.md, anyPace: clean at 200–600 ms rounds).
 */
function readingCheck(config: Config): Check {
  const round = config.reading.scanRoundMs;
  if (round <= QUICKEST_REACTION_MS)
    return { verdict: "ok", what: "reading", detail: `scan rounds of ${round} ms` };
  return {
    verdict: "warn",
    what: "reading",
    detail:
      `reading.scanRoundMs ${round} is longer than a player's quickest reaction (${QUICKEST_REACTION_MS} ms): ` +
      "a bet put out in two motions may be read as its first part (a false UNDERCALL, the rest out of turn); " +
      "put fewer antennas on each reader chip, or give the bet zones a reader of their own",
  };
}

/** Serial devices: each configured path must exist and be readable and writable by this user. */
function deviceChecks(config: Config): Check[] {
  const wanted: [string, string][] = [
    ...Object.entries(bridgePaths(config)).map(([name, path]): [string, string] => [name, path]),
    ...(config.devices.keys ? [["keys", config.devices.keys.path] as [string, string]] : []),
    ...(config.devices.epaper ? [["panel", config.devices.epaper.path] as [string, string]] : []),
  ];
  return wanted.map(([name, path]) => {
    const what = `device ${name}`;
    if (!existsSync(path))
      return {
        verdict: "fail",
        what,
        detail: `${path} missing (unplugged, or no udev rule made the name: deploy/99-feltguard.rules)`,
      };
    const real = realpathSync(path);
    try {
      accessSync(path, constants.R_OK | constants.W_OK);
    } catch {
      return {
        verdict: "fail",
        what,
        detail: `${path} → ${real} found, but this user may not read and write it (group dialout: deploy/install.sh)`,
      };
    }
    return {
      verdict: "ok",
      what,
      detail: `${path}${real === path ? "" : ` → ${real}`} found, readable and writable`,
    };
  });
}

async function hidCheck(config: Config, list: NonNullable<DoctorProbes["hidDevices"]>): Promise<Check> {
  const hid = config.devices.hid;
  if (!hid) return { verdict: "ok", what: "device allin", detail: "not configured" };
  const id = (v: number | string) => (typeof v === "number" ? v : Number.parseInt(v, 16));
  const devices = await list();
  const label = `${String(hid.vendorId)}:${String(hid.productId)}`;
  if (devices === null)
    return { verdict: "warn", what: "device allin", detail: `HID devices cannot be listed (node-hid)` };
  const found = devices.find((d) => d.vendorId === id(hid.vendorId) && d.productId === id(hid.productId));
  if (!found) return { verdict: "fail", what: "device allin", detail: `USB HID ${label} missing` };
  if (found.path) {
    try {
      accessSync(found.path, constants.R_OK | constants.W_OK);
    } catch {
      return {
        verdict: "fail",
        what: "device allin",
        detail: `${found.path} found, but this user may not open it (the udev rule gives hidraw to group feltguard)`,
      };
    }
  }
  return {
    verdict: "ok",
    what: "device allin",
    detail: `USB HID ${label} found${found.path ? ` at ${found.path}` : ""}`,
  };
}

function journalCheck(path: string): Check {
  const problem = journalProblem(path);
  if (problem !== null) return { verdict: "fail", what: "journal", detail: problem };
  return {
    verdict: "ok",
    what: "journal",
    detail: `${path}: directory writable${existsSync(path) ? ", database writable" : " (new journal)"}`,
  };
}

function keyCheck(path: string): Check {
  if (!existsSync(path))
    return {
      verdict: "warn",
      what: "table key",
      detail: `${path} missing: the table makes one at its first start (or: feltguard journal keygen --key ${path})`,
    };
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0)
    return {
      verdict: "fail",
      what: "table key",
      detail: `${path} is readable by others (mode ${mode.toString(8)}; chmod 600)`,
    };
  try {
    accessSync(path, constants.R_OK);
  } catch {
    return { verdict: "fail", what: "table key", detail: `${path} is not readable by this user` };
  }
  return { verdict: "ok", what: "table key", detail: `${path} (mode ${mode.toString(8)})` };
}

function clockCheck(synced: () => boolean | null, now: () => Date): Check {
  // The clock cannot be earlier than this release: a Pi without NTP starts from its last saved time.
  const floor = statSync(join(PACKAGE_ROOT, "package.json")).mtime;
  const at = now();
  if (at.getTime() < floor.getTime())
    return {
      verdict: "fail",
      what: "clock",
      detail: `${at.toISOString()} is before this release was installed (${floor.toISOString()}): set the time (NTP)`,
    };
  const s = synced();
  if (s === false)
    return {
      verdict: "warn",
      what: "clock",
      detail: `${at.toISOString()}, not synchronised (journal wall times may drift)`,
    };
  return {
    verdict: s === null ? "warn" : "ok",
    what: "clock",
    detail: `${at.toISOString()}${s === null ? ", synchronisation unknown (no timedatectl)" : ", synchronised (NTP)"}`,
  };
}

/** timedatectl's NTPSynchronized, where systemd runs; null where it cannot say. */
function clockSynced(): boolean | null {
  try {
    const out = execFileSync("timedatectl", ["show", "-p", "NTPSynchronized", "--value"], {
      encoding: "utf8",
      timeout: 3000,
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return out === "yes" ? true : out === "no" ? false : null;
  } catch {
    return existsSync("/run/systemd/timesync/synchronized") ? true : null;
  }
}

async function listHid(): Promise<{ vendorId: number; productId: number; path?: string }[] | null> {
  try {
    const { loadNodeHid } = await import("../devices/hid/node-hid.js");
    const hid = await loadNodeHid();
    return (await hid.devices()).map((d) => ({
      vendorId: d.vendorId,
      productId: d.productId,
      ...(d.path ? { path: d.path } : {}),
    }));
  } catch {
    return null;
  }
}
