/**
 * The configuration adapted for the core, once, at the edge: the validated configuration file's shape
 * (src/config/configSchema.ts) becomes the core's typed settings (src/table/settings.ts) and the tag
 * registry it names. Every way a table is built from a configuration (the assembly, the journal
 * commands, replay, the benchmarks) comes through here, so the core never reads the file's shape.
 * Errors in the file are found earlier, by loadConfig (naming the file, the path and what was expected).
 */
import type { Config } from "../config/configSchema.js";
import type { RakeSchedule } from "../rules/rake.js";
import type { BbAnteOrder } from "../rules/betting.js";
import { parsePayTable } from "../rules/threeCard/payTable.js";
import { createRegistry, loadRegistryFile, type Registry } from "../reading/registry.js";
import { type CoreCheckpoint, createTable, type TableCore } from "../table/core.js";
import type { TableSettings } from "../table/settings.js";
import type { GameSettings } from "../table/state.js";

/**
 * The part of the configuration a table is built from: a validated {@link Config} is one; a test or a
 * simulator may give just these keys.
 */
export interface TableConfig {
  table: { seats: number };
  game: { name: GameSettings["game"]; limitCap: number };
  antennas: Record<string, { reader?: string }>;
  chips: number[];
  settleWindowMs: number;
  reading?: { scanRoundMs: number; missedScans: number; departWindowMs: number } | undefined;
  house: { bbAnteOrder: BbAnteOrder };
  deck: string;
  decks?: readonly string[];
  registry: { simulated: boolean; file?: string | undefined };
  threeCard?: { payTable: unknown } | undefined;
  tray?: { judgeAfterMs: number };
  rake?: RakeSchedule | undefined;
}

/** The core's settings for a configuration, with the registry it reads tags by. */
export function tableSettings(config: TableConfig | Config, registry: Registry): TableSettings {
  return {
    seats: config.table.seats,
    game: { game: config.game.name, cap: config.game.limitCap },
    registry,
    antennas: Object.keys(config.antennas),
    readers: Object.fromEntries(Object.entries(config.antennas).map(([a, v]) => [a, v.reader ?? "bridge"])),
    chips: config.chips,
    settleWindowMs: config.settleWindowMs,
    ...(config.reading
      ? {
          scanRoundMs: config.reading.scanRoundMs,
          missedScans: config.reading.missedScans,
          departWindowMs: config.reading.departWindowMs,
        }
      : {}),
    bbAnteOrder: config.house.bbAnteOrder,
    decks: config.decks ?? [config.deck],
    ...(config.threeCard ? { payTable: parsePayTable(config.threeCard.payTable) } : {}),
    ...(config.tray ? { trayJudgeAfterMs: config.tray.judgeAfterMs } : {}),
    ...(config.rake ? { rake: config.rake } : {}),
  };
}

/** Creates the core from a configuration: empty, or from a checkpoint taken between hands. */
export function createTableFromConfig(
  config: TableConfig | Config,
  registry: Registry = registryFromConfig(config),
  from?: CoreCheckpoint,
): TableCore {
  return createTable(tableSettings(config, registry), from);
}

/** The registry a configuration describes: the registry file's UIDs, and logical ids if simulated. */
export function registryFromConfig(config: {
  deck: string;
  decks?: readonly string[];
  chips: number[];
  registry: { simulated: boolean; file?: string | undefined };
}): Registry {
  return createRegistry({
    deck: config.deck,
    decks: config.decks,
    chips: config.chips,
    simulated: config.registry.simulated,
    ...(config.registry.file === undefined ? {} : { uids: loadRegistryFile(config.registry.file) }),
  });
}
