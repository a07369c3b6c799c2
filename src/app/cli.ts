/** The `feltguard` command line. Table events go to stdout as JSON Lines; diagnostics to stderr. */
import { join } from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { JsonLinesError } from "../contract/jsonl.js";
import { createTableFromConfig } from "../table/core.js";
import { ConfigError, DEFAULT_CONFIG_PATH, EXAMPLES_DIR, loadConfig } from "./config.js";
import { replayFile } from "./replay.js";

const write = (line: string) => process.stdout.write(line);
const diag = (line: string) => process.stderr.write(`feltguard: ${line}\n`);

/** Builds the command tree (exported so tests can run it without a child process). */
export function buildCli(): Command {
  const program = new Command("feltguard")
    .description("Dealer-table controller for live poker: cards and chips in, rules and alerts out.")
    .showHelpAfterError();

  program
    .command("replay")
    .description("feed an input log (JSON Lines) through the core and print the table events (JSON Lines)")
    .argument("<file>", "input events, one JSON object per line (shared/spec/events.md)")
    .option("-c, --config <file>", "table configuration", DEFAULT_CONFIG_PATH)
    .option("--lenient", "report, skip and count invalid lines instead of stopping", false)
    .action((file: string, opts: { config: string; lenient: boolean }) => {
      const config = loadConfig(opts.config);
      const summary = replayFile(file, createTableFromConfig(config), {
        lenient: opts.lenient,
        out: write,
        diag,
      });
      diag(
        `${summary.events} input events, ${summary.tableEvents} table events` +
          (summary.skipped > 0 ? `, ${summary.skipped} invalid lines skipped` : ""),
      );
    });

  program
    .command("check-config")
    .description("validate a table configuration and say what is wrong, by file, line and path")
    .argument("[file]", "the configuration file", DEFAULT_CONFIG_PATH)
    .action((file: string) => {
      const config = loadConfig(file);
      const antennas = Object.keys(config.antennas).length;
      process.stdout.write(
        `${file}: valid — ${config.table.seats} seats, ${antennas} antennas, deck ${config.deck}\n`,
      );
    });

  program
    .command("demo")
    .description("replay the bundled example hand (what `npm start` runs until the simulated table lands)")
    .action(() => {
      const file = join(EXAMPLES_DIR, "premature-flop.jsonl");
      diag(`the simulated table is not built yet: replaying the bundled example ${file}`);
      const config = loadConfig(DEFAULT_CONFIG_PATH);
      replayFile(file, createTableFromConfig(config), { lenient: false, out: write, diag });
    });

  return program;
}

/** Runs the CLI; known input errors become one clear message and exit code 1. */
export async function main(argv: string[]): Promise<number> {
  try {
    await buildCli().parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof JsonLinesError || e instanceof ConfigError || e instanceof InvalidArgumentError) {
      diag(e.message);
      return 1;
    }
    throw e;
  }
}
