/**
 * `feltguard supervisor add|remove|list`: the named supervisors who may sign in on the floor page. The
 * file is the one the configuration names (displays.web.supervisors); the password is read from
 * FELTGUARD_PASSWORD or, line by line, from stdin, never from the command line (it would sit in the
 * shell history and the process list).
 */
import type { Command } from "commander";
import { ConfigError, tableConfigPath, loadConfig } from "../../config/config.js";
import { diag } from "./io.js";

async function supervisorsFile(configPath: string): Promise<string> {
  const file = loadConfig(configPath).displays.web?.supervisors;
  if (file === undefined) {
    throw new ConfigError(configPath, [
      "displays.web.supervisors: expected the supervisors' file, found nothing",
    ]);
  }
  return file;
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.FELTGUARD_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? "";
}

/** Registers `feltguard supervisor`. */
export function registerSupervisor(program: Command): void {
  const cmd = program.command("supervisor").description("the named supervisors of the floor page");
  const config = ["-c, --config <file>", "table configuration", tableConfigPath()] as const;
  cmd
    .command("add")
    .description("add a supervisor, or set a new password (FELTGUARD_PASSWORD or the first line of stdin)")
    .argument("<name>")
    .option(...config)
    .action(async (name: string, opts: { config: string }) => {
      const { Supervisors } = await import("../../web/supervisors.js");
      const store = Supervisors.load(await supervisorsFile(opts.config));
      const password = await readPassword();
      if (password === "") {
        // Not "too short": nothing was given (an empty pipe, or stdin closed at once).
        diag(
          `supervisor ${name} not saved: no password given (set FELTGUARD_PASSWORD, or give it as the first line of stdin: printf '%s\n' 'the password' | feltguard supervisor add ${name})`,
        );
        process.exitCode = 1;
        return;
      }
      try {
        await store.add(name, password);
      } catch (e) {
        diag(`supervisor ${name} not saved: ${(e as Error).message}`);
        process.exitCode = 1;
        return;
      }
      diag(`supervisor ${name} saved`);
    });
  cmd
    .command("remove")
    .description("remove a supervisor")
    .argument("<name>")
    .option(...config)
    .action(async (name: string, opts: { config: string }) => {
      const { Supervisors } = await import("../../web/supervisors.js");
      const store = Supervisors.load(await supervisorsFile(opts.config));
      if (!store.remove(name)) {
        diag(`no supervisor named ${name}`);
        process.exitCode = 1;
        return;
      }
      diag(`supervisor ${name} removed`);
    });
  cmd
    .command("list")
    .description("list the supervisors' names")
    .option(...config)
    .action(async (opts: { config: string }) => {
      const { Supervisors } = await import("../../web/supervisors.js");
      const store = Supervisors.load(await supervisorsFile(opts.config));
      for (const name of store.names()) process.stdout.write(`${name}\n`);
    });
}
