/** `feltguard doctor`: is this machine ready to run the table? One line per check; exit 1 on a failure. */
import type { Command } from "commander";
import { tableConfigPath } from "../../config/config.js";
import { write } from "./io.js";

/** Registers `feltguard doctor`. */
export function registerDoctor(program: Command): void {
  program
    .command("doctor")
    .description(
      "check devices, permissions, the journal directory, the clock, the configuration and the registry",
    )
    .option("-c, --config <file>", "table configuration", tableConfigPath())
    .option(
      "-j, --journal <db>",
      "the SQLite journal",
      process.env.FELTGUARD_JOURNAL ?? "/var/lib/feltguard/journal.db",
    )
    .option(
      "-k, --key <file>",
      "the table key (default: journal.key in the configuration, else <journal>.key)",
    )
    .action(async (opts: { config: string; journal: string; key?: string }) => {
      const { doctor, formatChecks } = await import("../doctor.js");
      const checks = await doctor({
        config: opts.config,
        journal: opts.journal,
        ...(opts.key ? { key: opts.key } : {}),
      });
      write(formatChecks(checks));
      if (checks.some((c) => c.verdict === "fail")) process.exitCode = 1;
    });
}
