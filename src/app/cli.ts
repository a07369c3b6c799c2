/**
 * The `feltguard` command line. Table events go to stdout as JSON Lines; diagnostics to stderr.
 * Each command lives in src/app/commands/ and registers itself here.
 */
import { Command, InvalidArgumentError } from "commander";
import { JsonLinesError } from "../contract/jsonl.js";
import { ConfigError } from "../config/config.js";
import { StartError } from "./preflight.js";
import { registerCheckConfig } from "./commands/checkConfig.js";
import { registerDevices } from "./commands/devices.js";
import { registerDoctor } from "./commands/doctor.js";
import { diag } from "./commands/io.js";
import { registerRender } from "./commands/render.js";
import { registerReplay } from "./commands/replay.js";
import { registerTable } from "./commands/table.js";
import { registerSim } from "./commands/sim.js";
import { registerHistory } from "./commands/history.js";
import { registerJournal } from "./commands/journal.js";
import { registerRun } from "./commands/run.js";
import { registerSupervisor } from "./commands/supervisor.js";
import { registerEnrol } from "./commands/enrol.js";
import { registerFloor } from "./commands/floor.js";

/** Builds the command tree (exported so tests can run it without a child process). */
export function buildCli(): Command {
  const program = new Command("feltguard")
    .description("Dealer-table controller for live poker: cards and chips in, rules and alerts out.")
    .showHelpAfterError();
  registerReplay(program);
  registerTable(program);
  registerCheckConfig(program);
  registerSim(program);
  [registerRun, registerJournal, registerHistory].forEach((register) => register(program));
  registerRender(program);
  registerDevices(program);
  registerDoctor(program);
  registerSupervisor(program);
  registerEnrol(program);
  registerFloor(program);
  return program;
}

/** Runs the CLI; known input errors become one clear message and exit code 1. */
export async function main(argv: string[]): Promise<number> {
  try {
    await buildCli().parseAsync(argv);
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
