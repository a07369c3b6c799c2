/**
 * `feltguard check-config` refuses a configuration that cannot run, each fault as
 * `file:line: path: what was expected` (issue #17): a missing or malformed registry file, a channel
 * beyond the bridge's 32, no board antenna, a missing seat antenna, an antenna on a bridge not named.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_CONFIG_PATH, loadConfig } from "../../src/config/config.js";

const dir = mkdtempSync(join(tmpdir(), "fg-check-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = readFileSync(DEFAULT_CONFIG_PATH, "utf8");

/** Writes `text`, checks it as check-config does, and returns its problems (none: it is valid). */
function problems(name: string, text: string): string[] {
  const file = join(dir, name);
  writeFileSync(file, text);
  try {
    loadConfig(file, { checkFiles: true });
    return [];
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return e.problems;
  }
}
/** The line of `needle` (a missing antenna is reported at the antenna map, its first entry). */
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

describe("check-config: configurations that cannot run", () => {
  it("the bundled configurations are valid", () => {
    expect(problems("default.yaml", base)).toEqual([]);
    expect(problems("tcp.yaml", readFileSync(join(DEFAULT_CONFIG_PATH, "../tcp.yaml"), "utf8"))).toEqual([]);
  });

  it("a registry file that does not exist", () => {
    const text = base.replace("  # file: registry.txt", "  file: /nowhere/registry.txt");
    const file = join(dir, "noregistry.yaml");
    expect(problems("noregistry.yaml", text)).toEqual([
      `${file}:${lineOf(text, "file: /nowhere")}: registry.file: expected a readable registry file, /nowhere/registry.txt cannot be read (ENOENT)`,
    ]);
  });

  it("a malformed registry file, with its own line", () => {
    const registry = join(dir, "registry.txt");
    writeFileSync(registry, "# UID logical-id\nE004015000000001 card:A:As\nnot-a-uid card:A:Ks\n");
    const text = base.replace("  # file: registry.txt", `  file: ${registry}`);
    const file = join(dir, "badregistry.yaml");
    expect(problems("badregistry.yaml", text)).toEqual([
      `${file}:${lineOf(text, "file: /")}: registry.file: expected a registry file of "UID logical-id" lines; ${registry}:3: not-a-uid is not a 16-digit hex UID`,
    ]);
  });

  it("a channel beyond the bridge's 32", () => {
    const text = base.replace("pot: { channel: 23 }", "pot: { channel: 32 }");
    const file = join(dir, "channel.yaml");
    expect(problems("channel.yaml", text)).toEqual([
      `${file}:${lineOf(text, "pot: { channel: 32 }")}: antennas.pot.channel: expected a channel of the bridge, 0 to 31 (a bridge has 32)`,
    ]);
  });

  it("no board antenna on a hold'em table", () => {
    const text = base.replace("  board: { channel: 20 }\n", "");
    const file = join(dir, "noboard.yaml");
    expect(problems("noboard.yaml", text)).toEqual([
      `${file}:${lineOf(text, "seat1: {")}: antennas: expected a board antenna (the nlhe table reads its board cards there)`,
    ]);
  });

  it("no seat4 on a 10-seat table", () => {
    const text = base.replace("  seat4: { channel: 3 }\n", "");
    const file = join(dir, "noseat4.yaml");
    expect(problems("noseat4.yaml", text)).toEqual([
      `${file}:${lineOf(text, "seat1: {")}: antennas: expected an antenna seat4 (the table has 10 seats)`,
    ]);
  });

  it("an antenna on a bridge the devices do not name", () => {
    const text = base.replace("pot: { channel: 23 }", "pot: { reader: bridge2, channel: 0 }");
    const file = join(dir, "nobridge2.yaml");
    expect(problems("nobridge2.yaml", text)).toEqual([
      `${file}:${lineOf(text, "pot: { reader")}: antennas.pot.reader: expected a bridge of devices (bridge), got "bridge2"`,
    ]);
    // Named under devices.bridges, it runs.
    const two = text.replace(
      "  hid: {",
      "  bridges:\n    bridge2: { path: /dev/feltguard-bridge2 }\n  hid: {",
    );
    expect(problems("bridge2.yaml", two)).toEqual([]);
  });
});
