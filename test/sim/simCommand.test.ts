import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs `feltguard sim` in a child process (TypeScript through tsx). */
function sim(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/app/main.ts", "sim", ...args], {
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("feltguard sim --pace and --scan-ms", () => {
  it("plays at random pace through 300 ms scan rounds, with the table's round set to 300 and a block per profile", () => {
    const r = sim("--hands", "60", "--seed", "2", "--pace", "random", "--scan-ms", "300", "--report");
    expect(r.stdout).toMatch(/pace random, scan rounds of 300 ms/);
    // The reading latency from the table's configuration: (K + 2) · 300 + settle 400 + 300.
    expect(r.stdout).toMatch(/an alert counts up to 2200 ms after its situation ends/);
    expect(r.stdout).toMatch(/^pace quick: \d+ hands/m);
    expect(r.stdout).toMatch(/^all paces:/m);
  });

  it("refuses a pace it does not know, and scan rounds on the device path (the emulator scans itself)", () => {
    const bad = sim("--hands", "1", "--pace", "sometimes", "--report");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--pace: sometimes is not one of fixed, random/);
    const devices = sim("--devices", "--hands", "1", "--scan-ms", "200", "--report");
    expect(devices.code).not.toBe(0);
    expect(devices.stderr).toMatch(/leave out --scan-ms/);
  });
});
