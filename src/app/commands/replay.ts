/** `feltguard replay` and `feltguard demo`. */
import { join } from "node:path";
import type { Command } from "commander";
import { createTableFromConfig } from "../../runtime/tableSettings.js";
import { numbered } from "../../table/numbered.js";
import { DEFAULT_CONFIG_PATH, EXAMPLES_DIR, loadConfig } from "../../config/config.js";
import { replayFile, replayFileParallel } from "../replay.js";
import { diag, write } from "./io.js";

/** Registers the replay commands. */
export function registerReplay(program: Command): void {
  program
    .command("replay")
    .description("feed an input log (JSON Lines) through the core and print the table events (JSON Lines)")
    .argument("<file>", "input events, one JSON object per line (shared/spec/events.md)")
    .option("-c, --config <file>", "table configuration", DEFAULT_CONFIG_PATH)
    .option("--lenient", "report, skip and count invalid lines instead of stopping", false)
    // Async: validation runs on a worker thread while the core runs here (replayFileParallel).
    .action(async (file: string, opts: { config: string; lenient: boolean }) => {
      const config = loadConfig(opts.config);
      const summary = await replayFileParallel(file, numbered(createTableFromConfig(config)), {
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
    .command("demo")
    .description("replay the bundled example hand (a premature flop)")
    .action(() => {
      const file = join(EXAMPLES_DIR, "premature-flop.jsonl");
      diag(`replaying the bundled example ${file}`);
      const config = loadConfig(DEFAULT_CONFIG_PATH);
      replayFile(file, numbered(createTableFromConfig(config)), { lenient: false, out: write, diag });
    });
}
