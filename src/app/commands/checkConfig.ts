/** `feltguard check-config`. */
import type { Command } from "commander";
import { DEFAULT_CONFIG_PATH, loadConfig } from "../../config/config.js";

/** Registers check-config. */
export function registerCheckConfig(program: Command): void {
  program
    .command("check-config")
    .description("validate a table configuration and say what is wrong, by file, line and path")
    .argument("[file]", "the configuration file", DEFAULT_CONFIG_PATH)
    .action((file: string) => {
      const config = loadConfig(file);
      const antennas = Object.keys(config.antennas).length;
      process.stdout.write(
        `${file}: valid — ${config.table.seats} seats, ${antennas} antennas, deck${config.decks.length > 1 ? "s" : ""} ${config.decks.join(", ")}\n`,
      );
    });
}
