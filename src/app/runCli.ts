/**
 * Running a command tree: the one place that turns known input errors (a bad line, a bad configuration,
 * a bad argument, a table that cannot start) into one clear message and exit code 1. Apart from the
 * tree, so that `feltguard replay` can run with its own command alone (src/app/main.ts).
 */
import { type Command, InvalidArgumentError } from "commander";
import { JsonLinesError } from "../contract/jsonl.js";
import { ConfigError } from "../config/config.js";
import { StartError } from "./preflight.js";
import { diag } from "./commands/io.js";

/** Runs `program` on `argv`; returns the exit code. */
export async function runCli(program: Command, argv: string[]): Promise<number> {
  try {
    await program.parseAsync(argv);
    // A command that ran to its end may still fail (an unclean sim report): it sets the exit code.
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (e) {
    if (
      e instanceof JsonLinesError ||
      e instanceof ConfigError ||
      e instanceof InvalidArgumentError ||
      e instanceof StartError
    ) {
      diag(e.message);
      return 1;
    }
    throw e;
  }
}
