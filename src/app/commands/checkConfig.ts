/**
 * `feltguard check-config`: a configuration that cannot run is refused here, not at the table. Beyond
 * the schema it reads the registry file it names; every fault is `file:line: path: what was expected`.
 */
import type { Command } from "commander";
import { tableConfigPath, loadConfig } from "../../config/config.js";
import { bridgePaths } from "../../runtime/tableDevices.js";

/** Registers check-config. */
export function registerCheckConfig(program: Command): void {
  program
    .command("check-config")
    .description("validate a table configuration and say what is wrong, by file, line and path")
    .argument("[file]", "the configuration file", tableConfigPath())
    .action((file: string) => {
      const config = loadConfig(file, { checkFiles: true });
      const antennas = Object.keys(config.antennas).length;
      const bridges = Object.keys(bridgePaths(config));
      const on = bridges.length === 1 ? "1 bridge" : `${bridges.length} bridges`;
      process.stdout.write(
        `${file}: valid — ${config.table.seats} seats, ${antennas} antennas, deck${config.decks.length > 1 ? "s" : ""} ${config.decks.join(", ")}` +
          `${bridges.length > 0 ? `; ${on} (${bridges.join(", ")})` : ""}\n`,
      );
    });
}
