/**
 * The `feltguard` command line. Table events go to stdout as JSON Lines; diagnostics to stderr.
 * Each command lives in src/app/commands/ and registers itself here.
 */
import { Command } from "commander";
import { packageVersion } from "../config/config.js";
import { runCli } from "./runCli.js";
import { registerCheckConfig } from "./commands/checkConfig.js";
import { registerDevices } from "./commands/devices.js";
import { registerDoctor } from "./commands/doctor.js";
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
    .version(packageVersion(), "-V, --version", "the installed version (package.json)")
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

/** Runs the CLI; known input errors become one clear message and exit code 1 (src/app/runCli.ts). */
export async function main(argv: string[]): Promise<number> {
  return runCli(buildCli(), argv);
}
