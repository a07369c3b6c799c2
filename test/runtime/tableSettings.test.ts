/**
 * The configuration is adapted once, at the edge (src/runtime/tableSettings.ts): the core gets typed
 * settings, and no module below the runtime reads the configuration's shape.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { DEFAULT_PAY_TABLE } from "../../src/rules/threeCard/payTable.js";
import { registryFromConfig, tableSettings } from "../../src/runtime/tableSettings.js";
import { REPO_ROOT } from "../support/paths.js";

describe("the table's settings from its configuration", () => {
  it("hold'em: seats, game, antennas with their reader, the decks in play, the house's order", () => {
    const config = loadConfig();
    const settings = tableSettings(config, registryFromConfig(config));
    expect(settings.seats).toBe(config.table.seats);
    expect(settings.game).toEqual({ game: config.game.name, cap: config.game.limitCap });
    expect(settings.antennas).toEqual(Object.keys(config.antennas));
    expect(Object.values(settings.readers ?? {}).every((r) => r === "bridge")).toBe(true);
    expect(settings.decks).toEqual(config.decks);
    expect(settings.bbAnteOrder).toBe(config.house.bbAnteOrder);
    expect(settings.scanRoundMs).toBe(config.reading.scanRoundMs);
    expect(settings.payTable).toBeUndefined();
  });

  it("Three Card Poker: the second bridge's antennas name it; a pay table in the file rides on the table", () => {
    const config = loadConfig(join(REPO_ROOT, "config/tcp.yaml"));
    const settings = tableSettings({ ...config, threeCard: { payTable: {} } }, registryFromConfig(config));
    expect(settings.game.game).toBe("tcp");
    expect(settings.readers?.["prime1"]).toBe("bridge2");
    expect(settings.readers?.["ante1"]).toBe("bridge");
    expect(settings.payTable).toEqual(DEFAULT_PAY_TABLE);
    expect(settings.trayJudgeAfterMs).toBe(config.tray?.judgeAfterMs);
  });
});

describe("nothing below the runtime reads the configuration", () => {
  // The layers under the runtime (README's diagram): they take typed settings, never the file's shape.
  const below = ["contract", "rules", "reading", "hand", "table", "devices", "ports", "journal", "display"];
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
    });

  it("no module of theirs imports src/config", () => {
    const offenders = below.flatMap((folder) =>
      files(join(REPO_ROOT, "src", folder))
        .filter((f) => /from\s+["'](\.\.\/)+config\//.test(readFileSync(f, "utf8")))
        .map((f) => relative(REPO_ROOT, f)),
    );
    expect(offenders).toEqual([]);
  });
});
