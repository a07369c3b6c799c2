/**
 * `feltguard table`: the real table (src/app/tableRun.ts). Its modules — the floor page, the device
 * drivers, the journal — load only when this command runs, so other commands start light. A start
 * that cannot go on (no writable journal, the port taken) is one line and exit code 1.
 */
import type { Command } from "commander";
import { tableConfigPath } from "../../config/config.js";

/** The journal's default home on the Pi (FELTGUARD_JOURNAL wins). */
const DEFAULT_JOURNAL = process.env.FELTGUARD_JOURNAL ?? "/var/lib/feltguard/journal.db";

/** Registers `feltguard table`. */
export function registerTable(program: Command): void {
  program
    .command("table")
    .description("run the real table: journal and recovery, devices, displays and the floor page")
    .option("-c, --config <file>", "table configuration", tableConfigPath())
    .option("-j, --journal <db>", "the SQLite journal (FELTGUARD_JOURNAL)", DEFAULT_JOURNAL)
    .option("--no-journal", "run without a journal (a demonstration: nothing survives a restart)")
    .option("--no-devices", "do not open the table's hardware (floor page only)")
    .option(
      "-k, --key <file>",
      "the table key (default: journal.key in the configuration, else <journal>.key)",
    )
    .option("--mqtt <url>", "the floor feed's broker (wins over feed.mqtt.url in the configuration)")
    .action(
      async (opts: {
        config: string;
        journal: string | false;
        devices: boolean;
        key?: string;
        mqtt?: string;
      }) => {
        const { startTable } = await import("../tableRun.js");
        const { createLogger } = await import("../../runtime/log.js");
        const log = createLogger("table");
        const table = await startTable({ ...opts, log });
        log.info(
          { url: table.url, recovered: table.recovered, metrics: `${table.url}metrics` },
          `ready — floor page ${table.url}${table.recovered === null ? "" : `; hand ${table.recovered} recovered from the journal`}`,
        );
        const stop = () => void table.stop().then(() => process.exit(0));
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      },
    );
}
