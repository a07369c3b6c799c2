/** Journals built in-process for the journal tests: the `run` command on an input log, into a temp dir. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino, type Logger } from "pino";
import { runTable } from "../../src/app/commands/run.js";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import type { InputEvent } from "../../src/contract/input.js";
import { formatJsonLine } from "../../src/contract/jsonl.js";
import { type TableEvent, TableEvent as TableEventSchema } from "../../src/contract/output.js";

/** A fresh temporary directory. */
export const tempDir = (): string => mkdtempSync(join(tmpdir(), "fg-journal-"));

/** Writes an input log as JSON Lines. */
export function writeInputs(file: string, events: readonly InputEvent[]): string {
  writeFileSync(file, events.map((e) => formatJsonLine(e)).join(""));
  return file;
}

/** Runs the table on `events` with the journal at `dir/journal.db`; returns the journal path and the table events. */
export async function journalOf(
  dir: string,
  events: readonly InputEvent[],
): Promise<{ journal: string; input: string; out: TableEvent[] }> {
  const input = writeInputs(join(dir, "input.jsonl"), events);
  const journal = join(dir, "journal.db");
  const outFile = join(dir, "out.jsonl");
  const { logger } = memoryLogger();
  await runTable({ journal, input, out: outFile, config: DEFAULT_CONFIG_PATH, paceMs: 0, logger });
  return { journal, input, out: readTableEvents(outFile) };
}

/** Table events from a JSON Lines file. */
export function readTableEvents(file: string): TableEvent[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => TableEventSchema.parse(JSON.parse(l)));
}

/** A logger whose lines the test can read. */
export function memoryLogger(): {
  logger: Logger;
  lines: () => { level: number; msg: string; fault?: string }[];
} {
  const raw: string[] = [];
  const logger = pino({}, { write: (s: string) => void raw.push(s) });
  return {
    logger,
    lines: () => raw.map((s) => JSON.parse(s) as { level: number; msg: string; fault?: string }),
  };
}
