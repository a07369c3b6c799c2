/**
 * `feltguard doctor` before the service starts: a device that is not plugged in, a journal directory
 * the service user may not write, a table key others can read and a clock behind the release are
 * each one failing line; a machine with everything in place passes.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import { type Check, doctor, type DoctorProbes } from "../../src/app/doctor.js";

const dir = mkdtempSync(join(tmpdir(), "fg-doctor-"));
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The default table with its serial devices at `paths` (bridge, keys, panel) and the all-in button. */
function config(name: string, paths: { bridge: string; keys: string; panel: string }): string {
  const text = readFileSync(DEFAULT_CONFIG_PATH, "utf8")
    .replace("path: /dev/feltguard-bridge,", `path: ${paths.bridge},`)
    .replace("path: /dev/feltguard-keys", `path: ${paths.keys}`)
    .replace("epaper: { path: /dev/feltguard-panel }", `epaper: { path: ${paths.panel} }`);
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}
const probes: DoctorProbes = {
  hidDevices: async () => [{ vendorId: 0x1209, productId: 0xa110, path: "/dev/null" }],
  clockSynced: () => true,
};
const line = (checks: Check[], what: string) => checks.find((c) => c.what === what);
const present = { bridge: "/dev/null", keys: "/dev/null", panel: "/dev/null" };

describe("feltguard doctor", () => {
  it("passes where every device is present, the journal directory writable and the clock set", async () => {
    const journalDir = join(dir, "ok");
    mkdirSync(journalDir);
    const checks = await doctor({
      config: config("ok.yaml", present),
      journal: join(journalDir, "j.db"),
      probes,
    });
    expect(checks.filter((c) => c.verdict === "fail")).toEqual([]);
    expect(line(checks, "device bridge")).toMatchObject({ verdict: "ok" });
    expect(line(checks, "device allin")).toMatchObject({ verdict: "ok" });
    expect(line(checks, "journal")).toMatchObject({ verdict: "ok" });
    expect(line(checks, "clock")).toMatchObject({ verdict: "ok" });
    expect(line(checks, "registry")).toMatchObject({ verdict: "warn" }); // simulated: not for a live table
    expect(line(checks, "reading")).toEqual({
      verdict: "ok",
      what: "reading",
      detail: "scan rounds of 200 ms",
    });
  });

  it("warns when the scan round is longer than a player's quickest reaction (700 ms), not at it", async () => {
    const at = async (ms: number) => {
      const file = config(`round${ms}.yaml`, present);
      writeFileSync(file, readFileSync(file, "utf8").replace("scanRoundMs: 200", `scanRoundMs: ${ms}`));
      return line(await doctor({ config: file, journal: join(dir, "j.db"), probes }), "reading");
    };
    expect(await at(700)).toMatchObject({ verdict: "ok" });
    const past = await at(701);
    expect(past?.verdict).toBe("warn");
    expect(past?.detail).toMatch(
      /^reading\.scanRoundMs 701 is longer than a player's quickest reaction \(700 ms\)/,
    );
  });

  it("a missing device: the bridge is not plugged in, the all-in button is not on the USB bus", async () => {
    const checks = await doctor({
      config: config("missing.yaml", { ...present, bridge: "/dev/feltguard-bridge-unplugged" }),
      journal: join(dir, "j.db"),
      probes: { ...probes, hidDevices: async () => [] },
    });
    expect(line(checks, "device bridge")).toEqual({
      verdict: "fail",
      what: "device bridge",
      detail:
        "/dev/feltguard-bridge-unplugged missing (unplugged, or no udev rule made the name: deploy/99-feltguard.rules)",
    });
    expect(line(checks, "device allin")).toEqual({
      verdict: "fail",
      what: "device allin",
      detail: "USB HID 1209:a110 missing",
    });
    expect(line(checks, "device keys")).toMatchObject({ verdict: "ok" });
  });

  it("a read-only journal directory, through the CLI as the service user would meet it (exit 1)", (ctx) => {
    const ro = join(dir, "ro");
    mkdirSync(ro);
    chmodSync(ro, 0o555);
    const asRoot = process.getuid?.() === 0;
    const file = config("ro.yaml", present);
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", "src/app/main.ts", "doctor", "--config", file, "--journal", join(ro, "journal.db")],
      {
        encoding: "utf8",
        timeout: 60_000,
        ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
        env: { ...process.env, HOME: dir },
      },
    );
    if (asRoot && r.status !== 0 && !/journal/.test(r.stdout)) ctx.skip(); // the repository is not readable by nobody
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      new RegExp(`^FAIL  journal: the journal directory ${ro} is not writable by this user$`, "m"),
    );
    expect(r.stdout).toMatch(/^ok {4}configuration: /m);
  });

  it("a configuration that cannot run, a table key others can read, a clock behind the release", async () => {
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, readFileSync(DEFAULT_CONFIG_PATH, "utf8").replace("  seat4: { channel: 3 }\n", ""));
    const key = join(dir, "table.key");
    writeFileSync(key, "not really a key");
    chmodSync(key, 0o644);
    const checks = await doctor({
      config: bad,
      journal: join(dir, "j.db"),
      key,
      probes: { ...probes, now: () => new Date("1970-01-01T00:00:10Z") },
    });
    expect(line(checks, "configuration")).toMatchObject({
      verdict: "fail",
      detail: expect.stringMatching(/seat4/),
    });
    expect(line(checks, "table key")).toMatchObject({
      verdict: "fail",
      detail: expect.stringMatching(/readable by others \(mode 644/),
    });
    expect(line(checks, "clock")).toMatchObject({
      verdict: "fail",
      detail: expect.stringMatching(/^1970-01-01T00:00:10\.000Z is before this release/),
    });
  });
});
