/**
 * The table's log: every diagnostic line goes through pino on stderr (stdout carries table events
 * only). A person at a terminal reads it pretty; under systemd (and wherever stderr is not a terminal)
 * it is one JSON object per line, which journald keeps as is and `jq` reads.
 */
import { pino, type Logger } from "pino";
import pretty from "pino-pretty";

export type { Logger } from "pino";

/** How the log is written: decided once from the environment, injectable for tests. */
export interface LogTarget {
  /** True: pretty text; false: JSON Lines. */
  pretty: boolean;
  /** File descriptor written to (default 2, stderr). */
  fd?: number;
  level?: string;
}

/**
 * Whether the process runs under systemd: it sets INVOCATION_ID for every unit it starts, and
 * JOURNAL_STREAM when stderr is connected to the journal.
 */
export function underSystemd(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.INVOCATION_ID !== undefined || env.JOURNAL_STREAM !== undefined;
}

/** Pretty only for a person: stderr is a terminal and systemd is not the one reading. */
export function defaultLogTarget(
  env: NodeJS.ProcessEnv = process.env,
  isTty = process.stderr.isTTY === true,
): LogTarget {
  return { pretty: isTty && !underSystemd(env), level: env.FELTGUARD_LOG_LEVEL ?? "info" };
}

/** The table's logger (`name` becomes each line's `name`). Writes synchronously: a crash loses no line. */
export function createLogger(name: string, target: LogTarget = defaultLogTarget()): Logger {
  const fd = target.fd ?? 2;
  const options = { name, level: target.level ?? "info" };
  if (target.pretty) {
    // pino-pretty as a stream in this thread (not a transport worker): sync, and nothing to shut down.
    return pino(options, pretty({ destination: fd, sync: true, ignore: "pid,hostname" }));
  }
  return pino(options, pino.destination({ fd, sync: true }));
}
