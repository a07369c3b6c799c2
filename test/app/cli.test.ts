import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FEED_VERSION } from "../../src/app/tableFeed.js";

/** Runs the real CLI entry point in a child process (TypeScript through tsx). */
function feltguard(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/app/main.ts", ...args], {
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tmp = mkdtempSync(join(tmpdir(), "fg-cli-"));

describe("feltguard CLI", () => {
  it("names a log it cannot open, in one line, with exit code 1 (no stack trace)", () => {
    const r = feltguard("replay", join(tmp, "missing.jsonl"));
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^feltguard: cannot open .*missing\.jsonl: no such file$/);
    const dir = feltguard("replay", tmp);
    expect(dir.code).toBe(1);
    expect(dir.stderr).toContain(`cannot open ${tmp}: it is a directory`);
  });

  it("replays the spec's floor set-up with three shuffler presses: three hand_start lines, the button moving", () => {
    const r = feltguard("replay", "examples/three-hands.jsonl");
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const starts = lines.filter((l) => l.kind === "hand_start");
    expect(starts.map((l) => [l.kind, l.hand, l.button])).toEqual([
      ["hand_start", 1, 1],
      ["hand_start", 2, 2],
      ["hand_start", 3, 3],
    ]);
    expect(r.stderr).toMatch(/10 input events, \d+ table events/);
  });

  it("replays the contract's example and prints the PREMATURE_FLOP alert with its steps", () => {
    const r = feltguard("replay", "examples/premature-flop.jsonl");
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toContainEqual({
      t: 9300,
      kind: "alert",
      seq: expect.any(Number),
      code: "PREMATURE_FLOP",
      rule: "RP-5A",
      severity: "floor",
      text: "Premature flop: pre-flop betting is not complete",
      steps: [
        "Leave the burn card where it is",
        "Return the three flop cards to the stub and reshuffle the stub",
        "Finish the pre-flop betting",
        "Deal the flop again without burning",
      ],
    });
    // The example is a clean deal but for the premature flop: a newcomer's first run shows no other alert
    // (the folded hand leaves seat 1 as it reaches the muck; before, seat 1 kept reporting it: READ_CONFLICT).
    expect(lines.filter((l) => l.kind === "alert").map((l) => l.code)).toEqual(["PREMATURE_FLOP"]);
    expect(lines[0]).toEqual({
      t: 1000,
      kind: "hand_start",
      seq: 1,
      hand: 1,
      game: "nlhe",
      button: 1,
      sb: 2,
      bb: 3,
      redeal: false,
    });
  });

  it("stops at a malformed line with file:line and a non-zero exit", () => {
    const file = join(tmp, "bad.jsonl");
    writeFileSync(
      file,
      '{"t":0,"kind":"button","button":"shuffler"}\n{"t":1,"kind":"tags","antenna":"seat1"}\n',
    );
    const r = feltguard("replay", file);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}:2: tags: `);
  });

  it("with --lenient reports, skips and counts bad lines and goes on", () => {
    const file = join(tmp, "lenient.jsonl");
    const good = (t: number) => `{"t":${t},"kind":"button","button":"ok"}`;
    writeFileSync(file, [good(0), "garbage", good(1), '{"t":2,"kind":"nope"}', good(3)].join("\n"));
    const r = feltguard("replay", "--lenient", file);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`skipped ${file}:2: not JSON`);
    expect(r.stderr).toContain(`skipped ${file}:4: kind: `);
    expect(r.stderr).toMatch(/3 input events, 0 table events, 2 invalid lines skipped/);
  });

  it("check-config accepts the default and names the path of a bad value", () => {
    expect(feltguard("check-config").stdout).toMatch(/valid — 10 seats, 24 antennas, deck A/);
    const file = join(tmp, "bad.yaml");
    writeFileSync(file, "table: { name: T, seats: 12 }\ndeck: A\nchips: [1]\nantennas: {}\nregistry: {}\n");
    const r = feltguard("check-config", file);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}:1: table.seats: `);
  });

  it("says the installed version (--version, -V): the package's, which an upgrade or a rollback changes", () => {
    const version = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;
    for (const flag of ["--version", "-V"]) {
      const r = feltguard(flag);
      expect(r.code).toBe(0);
      expect(r.stdout.trim()).toBe(version);
    }
    expect(FEED_VERSION).toBe(version); // the floor feed's health says it too
  });

  it("has --help on every command", () => {
    for (const cmd of [[], ["replay"], ["check-config"]]) {
      const r = feltguard(...cmd, "--help");
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Usage: feltguard/);
    }
  });
});

describe("feltguard devices", () => {
  it("lists each configured device and says it is missing when nothing is plugged in", () => {
    const r = feltguard("devices", "--json");
    expect(r.code).toBe(0);
    const inv = JSON.parse(r.stdout) as { devices: { device: string; status: string }[] };
    expect(inv.devices.map((d) => d.device).sort()).toEqual(["bridge", "epaper", "hid", "keys"]);
    for (const d of inv.devices) expect(["missing", "found"]).toContain(d.status);
  });

  it("plays Three Card Poker live (before floor13 it refused: a report only): the table in the terminal", () => {
    const r = feltguard("sim", "--game", "tcp", "--hands", "2", "--fast");
    expect(r.stdout).toMatch(/Three Card Poker, hand 2/);
    expect(r.stdout).toMatch(/Floor page: http/);
    expect(r.stderr).toMatch(/sim: 2 Three Card Poker hands/);
    expect(r.code).toBe(0);
  });

  it("refuses Three Card Poker in the room simulator rather than play hold'em in its place", () => {
    // Before floor12 the room took the configuration's game: `--game tcp --mqtt` dealt hold'em, silently.
    const r = feltguard(
      "sim",
      "--game",
      "tcp",
      "--tables",
      "1",
      "--mqtt",
      "mqtt://127.0.0.1:1",
      "--hands",
      "1",
    );
    expect(r.stderr).toMatch(/sim --game tcp: Three Card Poker has no simulated room yet/);
    expect(r.code).toBe(1);
  });

  it("refuses the flop games' options that Three Card Poker's sim does not play, rather than ignore them", () => {
    const r = feltguard("sim", "--game", "tcp", "--hands", "1", "--report", "--rake");
    expect(r.stderr).toMatch(/not for Three Card Poker: --rake \(Three Card Poker is house-banked/);
    expect(r.code).toBe(1);
  });
});
