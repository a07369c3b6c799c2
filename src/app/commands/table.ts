/**
 * `feltguard table`: the real table. Opens the journal and recovers (checkpoint + replay of the hand
 * in progress), then starts the devices, the displays and the floor page on one runtime. Every input
 * event is journaled before the core sees it; a checkpoint is written at each hand's end.
 */
import type { Command } from "commander";
import { journalLogger } from "../../journal/faults.js";
import { Journal } from "../../journal/journal.js";
import { recover, recoveredNotice, resumedClock } from "../../journal/recovery.js";
import { createDisplayOutputs } from "../../display/outputs.js";
import { createTableFromConfig, registryFromConfig } from "../../table/core.js";
import { startFloorPage } from "../../web/start.js";
import { DEFAULT_CONFIG_PATH, loadConfig } from "../config.js";
import { Runtime } from "../runtime.js";
import { openTableDevices } from "../tableDevices.js";
import { diag } from "./io.js";

/** The journal's default home on the Pi (FELTGUARD_JOURNAL wins). */
const DEFAULT_JOURNAL = process.env.FELTGUARD_JOURNAL ?? "/var/lib/feltguard/journal.db";

/** Starts the table; resolves when it is ready, with a function that stops it. */
export async function startTable(options: { config: string; journal: string; devices: boolean }): Promise<{
  url: string;
  recovered: number | null;
  stop: () => Promise<void>;
}> {
  const config = loadConfig(options.config);
  const log = journalLogger();
  const journal = Journal.open(options.journal, { logger: log });
  const registry = registryFromConfig(config);
  const recovered = recover(journal, (cp) => createTableFromConfig(config, registry, cp));
  const runtime = new Runtime({ core: recovered.core, clock: resumedClock(recovered.lastT), journal });
  const history = [...recovered.replayed, ...recoveredNotice(recovered), ...journal.takeAlerts()];
  const devices = options.devices ? await openTableDevices(runtime, config, diag) : null;
  const shown = createDisplayOutputs({
    tableName: config.table.name,
    ...(devices?.keys ? { keys: devices.keys } : {}),
    ...(devices?.panel ? { panel: devices.panel } : {}),
  });
  runtime.addOutput(shown.output);
  runtime.addOutput((events, core) => journal.record(events, core, journal.lastSeq));
  const abort = new AbortController();
  const url = await startFloorPage(runtime, config, {
    signal: abort.signal,
    history,
    onServer: (server) => {
      // The floor page says so while the recovered hand is on, until its hand_end.
      if (recovered.handInProgress === null) return;
      server.state.recovered = true;
      runtime.addOutput((events) => {
        if (events.some((e) => e.kind === "hand_end" && e.hand === recovered.handInProgress)) {
          server.state.recovered = false;
          server.publish();
        }
      });
    },
  });
  // The displays show the recovered state at once, not only after the next input.
  runtime.announce(history);
  return {
    url,
    recovered: recovered.handInProgress,
    stop: async () => {
      abort.abort();
      runtime.stop();
      await devices?.stop();
      journal.close();
    },
  };
}

/** Registers `feltguard table`. */
export function registerTable(program: Command): void {
  program
    .command("table")
    .description("run the real table: journal and recovery, devices, displays and the floor page")
    .option("-c, --config <file>", "table configuration", DEFAULT_CONFIG_PATH)
    .option("-j, --journal <db>", "the SQLite journal (FELTGUARD_JOURNAL)", DEFAULT_JOURNAL)
    .option("--no-devices", "do not open the table's hardware (floor page only)")
    .action(async (opts: { config: string; journal: string; devices: boolean }) => {
      const table = await startTable(opts);
      diag(
        `ready — floor page ${table.url}${table.recovered === null ? "" : `; hand ${table.recovered} recovered from the journal`}`,
      );
      const stop = () => void table.stop().then(() => process.exit(0));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
}
