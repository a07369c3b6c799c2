import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  ConfigError,
  DEFAULT_CONFIG_PATH,
  INSTALLED_CONFIG_PATH,
  loadConfig,
  parseConfig,
  tableConfigPath,
} from "../../src/config/config.js";
import { REPO_ROOT } from "../support/paths.js";

/** The command from any working directory: tsx's loader and the entry point by their full paths. */
const TSX = join(REPO_ROOT, "node_modules/tsx/dist/loader.mjs");
const MAIN = join(REPO_ROOT, "src/app/main.ts");

function problemsOf(text: string, file = "table.yaml"): string[] {
  try {
    parseConfig(text, file);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  throw new Error("expected the configuration to be rejected");
}

/** The problems loading `file` gives. */
function problemsOfFile(file: string): string[] {
  try {
    loadConfig(file);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  throw new Error("expected the configuration to be rejected");
}

const minimal = `table: { name: T, seats: 10 }
deck: A
chips: [1, 5, 25]
antennas:
  seat1: { channel: 0 }
  seat3: { channel: 2 }
registry: { simulated: true }
`;

describe("table configuration", () => {
  it("loads the bundled default: 10 seats, the contract's antennas, the chip set, deck A, 400 ms", () => {
    const config = loadConfig(DEFAULT_CONFIG_PATH);
    expect(config.table.seats).toBe(10);
    expect(config.deck).toBe("A");
    expect(config.settleWindowMs).toBe(400);
    expect(config.chips).toEqual([1, 5, 25, 100, 500, 1000, 5000, 25000, 100000]);
    expect(config.registry.simulated).toBe(true);
    const names = Object.keys(config.antennas);
    for (let n = 1; n <= 10; n++) expect(names).toEqual(expect.arrayContaining([`seat${n}`, `bet${n}`]));
    for (const name of ["board", "burn", "muck", "pot"]) expect(names).toContain(name);
  });

  it("two decks: decks: [A, B] (deck is the first); deck or decks, not both, not neither", () => {
    const two = parseConfig(minimal.replace("deck: A", "decks: [A, B]"), "table.yaml");
    expect(two.decks).toEqual(["A", "B"]);
    expect(two.deck).toBe("A");
    expect(parseConfig(minimal, "table.yaml").decks).toEqual(["A"]);
    expect(problemsOf(minimal.replace("deck: A", "deck: A\ndecks: [A, B]"))).toEqual([
      expect.stringMatching(/^table\.yaml:\d+: decks: deck or decks, not both/),
    ]);
    expect(problemsOf(minimal.replace("deck: A\n", ""))).toEqual([
      expect.stringMatching(/deck: a deck name \(deck: A\) or the decks a shuffler alternates/),
    ]);
    expect(problemsOf(minimal.replace("deck: A", "decks: [A, A]"))).toEqual([
      expect.stringMatching(/decks: each deck named once/),
    ]);
  });

  it("fills defaults for what may be left out", () => {
    const config = parseConfig(minimal, "table.yaml");
    expect(config.game.name).toBe("nlhe");
    expect(config.house.bbAnteOrder).toBe("blind-first");
    expect(config.antennas.seat1?.reader).toBe("bridge");
  });

  it("names the file, the line, the path and what was expected for a wrong type", () => {
    const problems = problemsOf(minimal.replace("seat3: { channel: 2 }", 'seat3: { channel: "two" }'));
    expect(problems).toEqual(['table.yaml:6: antennas.seat3.channel: expected number, got "two"']);
  });

  it("names an unknown key and the keys that are allowed", () => {
    const problems = problemsOf(`${minimal}settleWindow: 400\n`);
    expect(problems[0]).toMatch(
      /^table\.yaml:8: settleWindow: unknown key \(expected one of .*settleWindowMs/,
    );
  });

  it("names a missing value", () => {
    const problems = problemsOf(minimal.replace("deck: A\n", ""));
    expect(problems).toEqual([
      "table.yaml:1: deck: a deck name (deck: A) or the decks a shuffler alternates (decks: [A, B])",
    ]);
  });

  it("rejects two antennas on one channel and an antenna for a seat the table does not have", () => {
    const problems = problemsOf(
      minimal.replace("seat3: { channel: 2 }", "seat3: { channel: 0 }\n  bet12: { channel: 5 }"),
    );
    expect(problems.join("\n")).toMatch(
      /antennas\.seat3\.channel: channel 0 of bridge is already used by seat1/,
    );
    expect(problems.join("\n")).toMatch(/antennas\.bet12: the table has 10 seats/);
  });

  it("reports broken YAML with its line", () => {
    expect(problemsOf("table: {name: T\n", "bad.yaml")[0]).toMatch(/^bad\.yaml:\d+:\d+: YAML: /);
  });

  it("names the file it cannot read", () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-config-"));
    expect(() => loadConfig(join(dir, "missing.yaml"))).toThrow(/missing\.yaml[\s\S]*ENOENT/);
    // The problem names the file itself (doctor prints the problems without the error's heading).
    expect(problemsOfFile(join(dir, "missing.yaml"))).toEqual([
      `${join(dir, "missing.yaml")}: expected a table configuration (YAML), cannot read it (ENOENT: no such file)`,
    ]);
    expect(problemsOfFile(dir)).toEqual([
      `${dir}: expected a table configuration (YAML), cannot read it (EISDIR: a directory)`,
    ]);
    const file = join(dir, "ok.yaml");
    writeFileSync(file, minimal);
    expect(loadConfig(file).table.name).toBe("T");
  });

  it("a command about this table reads FELTGUARD_CONFIG, else the installed table's, else the bundled default", () => {
    const none = () => false;
    expect(tableConfigPath({}, none)).toBe(DEFAULT_CONFIG_PATH);
    expect(tableConfigPath({}, (p) => p === INSTALLED_CONFIG_PATH)).toBe("/etc/feltguard/table.yaml");
    expect(tableConfigPath({ FELTGUARD_CONFIG: "/srv/t7.yaml" }, () => true)).toBe("/srv/t7.yaml");
    // Through the CLI: check-config with no file checks the table's configuration, not the bundled one.
    const missing = join(mkdtempSync(join(tmpdir(), "fg-config-env-")), "table.yaml");
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/app/main.ts", "check-config"], {
      encoding: "utf8",
      env: { ...process.env, FELTGUARD_CONFIG: missing },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${missing}: expected a table configuration (YAML), cannot read it`);
  });
});

describe("paths in the configuration", () => {
  const made: string[] = [];
  afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
  /** A configuration beside its files, read from another directory (as systemd reads it from /). */
  const beside = () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-config-paths-"));
    const elsewhere = mkdtempSync(join(tmpdir(), "fg-config-cwd-"));
    made.push(dir, elsewhere);
    return { dir, elsewhere, file: join(dir, "table.yaml") };
  };
  const withFiles = `${minimal.replace("registry: { simulated: true }", "registry: { simulated: true, file: registry.txt }")}
journal: { key: keys/table.key }
feed:
  mqtt: { url: "mqtts://broker:8883", passwordFile: ./mqtt.pw, ca: ../ca/broker.pem, rulingKeys: ruling-keys.json }
displays:
  web:
    supervisors: supervisors.json
    tls: { cert: tls/floor.crt, key: /etc/feltguard/floor.key }
devices:
  bridge: { path: bridge-pty }
  bridges: { bridge2: { path: /dev/feltguard-bridge2 } }
  keys: { path: keys-host, buttons: {}, seats: [] }
  epaper: { path: /dev/feltguard-panel }
`;

  it("a relative path is taken from the configuration file's directory, an absolute one kept", () => {
    const { dir, file } = beside();
    writeFileSync(file, withFiles);
    const config = loadConfig(file);
    expect(config.registry.file).toBe(join(dir, "registry.txt"));
    expect(config.journal?.key).toBe(join(dir, "keys/table.key"));
    expect(config.feed?.mqtt).toMatchObject({
      url: "mqtts://broker:8883",
      passwordFile: join(dir, "mqtt.pw"),
      ca: join(dir, "../ca/broker.pem"),
      rulingKeys: join(dir, "ruling-keys.json"),
    });
    expect(config.displays.web?.supervisors).toBe(join(dir, "supervisors.json"));
    expect(config.displays.web?.tls).toEqual({
      cert: join(dir, "tls/floor.crt"),
      key: "/etc/feltguard/floor.key",
    });
    expect(config.devices.bridge?.path).toBe(join(dir, "bridge-pty"));
    expect(config.devices.bridges?.bridge2?.path).toBe("/dev/feltguard-bridge2");
    expect(config.devices.keys?.path).toBe(join(dir, "keys-host"));
    expect(config.devices.epaper?.path).toBe("/dev/feltguard-panel");
    // A configuration named by a relative path: from its directory, not from the one it was named in.
    expect(loadConfig(join(dir, "..", dir.split("/").at(-1)!, "table.yaml")).registry.file).toBe(
      join(dir, "registry.txt"),
    );
  });

  it("check-config in a shell elsewhere finds the registry beside the configuration (as the service does)", () => {
    const { dir, elsewhere, file } = beside();
    writeFileSync(join(dir, "registry.txt"), "# UID logical-id\nE004015000000001 card:A:As\n");
    writeFileSync(
      file,
      readFileSync(DEFAULT_CONFIG_PATH, "utf8").replace(
        /^registry:\n {2}simulated: true\n.*\n/m,
        "registry:\n  simulated: false\n  file: registry.txt\n",
      ),
    );
    const r = spawnSync(process.execPath, ["--import", TSX, MAIN, "check-config", file], {
      encoding: "utf8",
      cwd: elsewhere,
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(loadConfig(file, { checkFiles: true }).registry.file).toBe(join(dir, "registry.txt"));
  });

  it("supervisor add in a shell elsewhere writes the file beside the configuration", () => {
    const { dir, elsewhere, file } = beside();
    writeFileSync(
      file,
      readFileSync(DEFAULT_CONFIG_PATH, "utf8").replace(
        /^ {2}web:\n/m,
        "  web:\n    supervisors: supervisors.json\n",
      ),
    );
    const r = spawnSync(process.execPath, ["--import", TSX, MAIN, "supervisor", "add", "Ana", "-c", file], {
      encoding: "utf8",
      cwd: elsewhere,
      env: { ...process.env, FELTGUARD_PASSWORD: "a long enough password" },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(dir, "supervisors.json"))).toBe(true);
    expect(existsSync(join(elsewhere, "supervisors.json"))).toBe(false);
  });
});
