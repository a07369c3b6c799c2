/** The floor feed's configuration: a bad id, URL or keys file is named with its path and what was expected. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/config/config.js";
import { RulingKeys } from "../../src/feed/signedRuling.js";

const base = (table: string, feed = "") => `table: ${table}
deck: A
chips: [1, 5, 25]
antennas:
  seat1: { channel: 0 }
registry: { simulated: true }
${feed}`;

function problems(text: string): string {
  try {
    parseConfig(text, "table.yaml");
  } catch (e) {
    if (e instanceof ConfigError) return e.problems.join("\n");
    throw e;
  }
  return "";
}

describe("floor feed configuration", () => {
  it("accepts table.id and feed.mqtt", () => {
    const config = parseConfig(
      base(
        "{ name: T, seats: 10, id: t-7 }",
        "feed: { mqtt: { url: 'mqtts://broker:8883', username: t-7, passwordFile: /etc/p } }\n",
      ),
      "table.yaml",
    );
    expect(config.table.id).toBe("t-7");
    expect(config.feed?.mqtt?.url).toBe("mqtts://broker:8883");
  });

  it("names the path and what was expected for a bad id and a bad URL", () => {
    expect(problems(base("{ name: T, seats: 10, id: 't/7' }"))).toMatch(
      /table\.id[\s\S]*letters, digits and -/,
    );
    expect(problems(base("{ name: T, seats: 10 }", "feed: { mqtt: { url: 'http://broker' } }\n"))).toMatch(
      /feed\.mqtt\.url[\s\S]*an MQTT URL/,
    );
  });

  it("names the ruling keys file, the entry and what was expected", () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-keys-"));
    const file = join(dir, "keys.json");
    writeFileSync(file, JSON.stringify({ supervisors: [{ name: "Ana", key: "c2hvcnQ=", tables: ["*"] }] }));
    expect(() => RulingKeys.load(file)).toThrow(
      /keys\.json: supervisors\.0\.key: a base64 key of at least 32 bytes/,
    );
    expect(() => RulingKeys.load(join(dir, "missing.json"))).toThrow(
      /missing\.json: cannot read the ruling keys/,
    );
  });
});
