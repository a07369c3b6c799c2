import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

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

  it("says under the header when the scan rounds are longer than a player's quickest reaction (700 ms), not at it", () => {
    const note = /^note: scan rounds longer than a player's quickest reaction \(700 ms\)/m;
    expect(sim("--hands", "3", "--scan-ms", "701", "--report").stdout).toMatch(note);
    expect(sim("--hands", "3", "--scan-ms", "700", "--report").stdout).not.toMatch(note);
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

describe("feltguard sim --game tcp: the table of its configuration", () => {
  const dir = mkdtempSync(join(tmpdir(), "fg-simtcp-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("a configuration given is the table it plays on: its house pay table is dealt and judged", () => {
    const file = join(dir, "pair-pays-2.yaml");
    const yaml = readFileSync("config/tcp.yaml", "utf8");
    writeFileSync(file, `${yaml}\nthreeCard:\n  payTable:\n    pairPlus: { pair: 2 }\n`);
    const given = sim("--game", "tcp", "--config", file, "--hands", "60", "--inject", "all", "--report");
    const beside = sim("--game", "tcp", "--hands", "60", "--inject", "all", "--report");
    const house = (out: string) => Number(/^house result: (-?\d+) chips/m.exec(out)?.[1]);
    expect(given.code).toBe(0);
    expect(given.stdout).toMatch(/^RESULT: clean$/m);
    expect(beside.stdout).toMatch(/^RESULT: clean$/m);
    // Pair Plus pays 2 to 1 on a pair there: the house wins less on the same cards, and the simulator's
    // own settlement agrees with the table's.
    expect(house(given.stdout)).toBeLessThan(house(beside.stdout));
    expect(given.stdout).toMatch(/house result: (-?\d+) chips .*simulator's own settlement: \1$/m);
    // Two runs of the command (tsx and 60 hands each): a ceiling, not a speed the test depends on.
  }, 120_000);

  it("a Three Card Poker configuration without a zone the simulator deals on: refused, naming the file and the zone", () => {
    const file = join(dir, "no-prime3.yaml");
    const yaml = readFileSync("config/tcp.yaml", "utf8").replace(/^ {2}prime3: .*$/m, "");
    writeFileSync(file, yaml);
    const r = sim("--game", "tcp", "--config", file, "--hands", "5", "--report");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `sim --game tcp: ${file}: antennas: the simulated table deals on prime3, which are missing`,
    );
    expect(r.stdout).toBe("");
  });
});
