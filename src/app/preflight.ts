/**
 * What `feltguard table` checks before it opens anything: a table that cannot journal must not start
 * on memory without being told (`--no-journal`), and a start that fails says why in one line, not
 * with a stack trace. `feltguard doctor` asks the same questions.
 */
import { accessSync, constants, existsSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { anchorPaths } from "../journal/anchor.js";
import { defaultKeyPath } from "../journal/journal.js";
import { publicKeyPath } from "../journal/tableKey.js";

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
    return (
      `the floor page's port ${where} is taken: another program (or table) listens there. ` +
      `Stop it (ss -ltnp 'sport = :${port}' names it), or give this table another displays.web.port`
    );
  if (code === "EACCES")
    return `the floor page may not listen on ${where}: ports below 1024 need privileges; give displays.web.port 1024 or above`;
  if (code === "EADDRNOTAVAIL")
    return `the floor page's address ${where} is not an address of this machine; give displays.web.host one of its addresses (or 0.0.0.0)`;
  return null;
}

/**
 * Whether the floor page could listen at `host:port`, asked before the table opens its journal (a
 * start refused for its port must not leave a new journal and key behind): a listener opened and
 * closed at once. Null when it could (port 0, any free port, always can), else {@link listenProblem}.
 * Another program may still take the port in between; the start then fails as before, and removes
 * what it created.
 */
export async function portProblem(host: string, port: number, configFile: string): Promise<string | null> {
  if (port === 0) return null;
  const probe = createServer();
  try {
    await new Promise<void>((ok, fail) => {
      probe.once("error", fail);
      probe.listen({ host, port, exclusive: true }, ok);
    });
    return null;
  } catch (e) {
    return listenProblem(e, host, port, configFile);
  } finally {
    await new Promise<void>((done) => (probe.listening ? probe.close(() => done()) : done()));
  }
}

/** The files opening a new journal at `path` makes that are not there yet (the database, its anchor, its key). */
export function newJournalFiles(path: string, keyPath: string | undefined): string[] {
  const key = keyPath ?? defaultKeyPath(path);
  return [path, `${path}-wal`, `${path}-shm`, ...anchorPaths(path), key, publicKeyPath(key)].filter(
    (p) => !existsSync(p),
  );
}

/** Removes what a start that failed had made (only files that were not there before it). */
export function removeAll(files: readonly string[]): void {
  for (const file of files) rmSync(file, { force: true });
}
