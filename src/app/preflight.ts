/**
 * What `feltguard table` checks before it opens anything: a table that cannot journal must not start
 * on memory without being told (`--no-journal`), and a start that fails says why in one line, not
 * with a stack trace. `feltguard doctor` asks the same questions.
 */
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** A start that cannot go on; its message is the one line the operator reads. */
export class StartError extends Error {
  override readonly name = "StartError";
}

/**
 * Why the journal at `path` cannot be written, or null when it can: its directory must exist and be
 * writable (SQLite writes the -wal and -shm files beside it), and an existing database must be writable.
 */
export function journalProblem(path: string): string | null {
  const dir = dirname(resolve(path));
  if (!existsSync(dir)) return `the journal directory ${dir} does not exist`;
  if (!statSync(dir).isDirectory()) return `${dir} is not a directory`;
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch {
    return `the journal directory ${dir} is not writable by this user`;
  }
  if (existsSync(path)) {
    try {
      accessSync(path, constants.R_OK | constants.W_OK);
    } catch {
      return `the journal ${path} is not writable by this user`;
    }
  }
  return null;
}

/** The one line for a floor page whose address cannot be taken (the port is in use, or not ours). */
export function listenProblem(error: unknown, host: string, port: number, configFile: string): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const where = `${host}:${port} (displays.web in ${configFile})`;
  if (code === "EADDRINUSE")
    return `the floor page's port ${where} is taken: another program (or table) listens there`;
  if (code === "EACCES") return `the floor page may not listen on ${where}: ports below 1024 need privileges`;
  if (code === "EADDRNOTAVAIL") return `the floor page's address ${where} is not an address of this machine`;
  return null;
}
