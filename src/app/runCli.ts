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
    const file = unreadableFile(e);
    if (file !== null) {
      diag(file);
      return 1;
    }
    throw e;
  }
}

/** File errors a user can mend (a wrong path, a directory, no permission), as one line naming the file. */
const FILE_ERRORS: Record<string, string> = {
  ENOENT: "no such file",
  EISDIR: "it is a directory",
  EACCES: "permission denied",
  ENOTDIR: "a part of the path is not a directory",
};

function unreadableFile(e: unknown): string | null {
  if (!(e instanceof Error)) return null;
  const { code, path } = e as NodeJS.ErrnoException;
  const why = code === undefined ? undefined : FILE_ERRORS[code];
  return why === undefined || path === undefined ? null : `cannot open ${path}: ${why}`;
}
