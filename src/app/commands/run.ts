/**
 * `feltguard run`: the table with its journal, fed from an input file that stands in for the devices.
 * At start it recovers from the journal (checkpoint + replay of the hand in progress), then feeds the
 * file's events not yet journaled — the first K lines are skipped when the journal holds K events — so
 * a run killed at any moment and started again ends exactly where an uninterrupted run ends.
 */
import { closeSync, openSync, readFileSync, writeSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { type Command, InvalidArgumentError } from "commander";
import type { Logger } from "pino";
import { InputEvent } from "../../contract/input.js";
import { formatJsonLine, readJsonLines } from "../../contract/jsonl.js";
import type { TableEvent } from "../../contract/output.js";
import { HAND_RECOVERED, journalLogger } from "../../journal/faults.js";
import { Journal } from "../../journal/journal.js";
import { recover, recoveredNotice } from "../../journal/recovery.js";
import { createTableFromConfig, registryFromConfig } from "../../table/core.js";
import { DEFAULT_CONFIG_PATH, loadConfig } from "../config.js";
import { Runtime, type TableOutput } from "../runtime.js";
import { diag, write } from "./io.js";

export interface RunOptions {
  journal: string;
  input: string;
  config: string;
  paceMs: number;
  out?: string;
  /** Where log lines go (default: JSON lines on stderr). */
  logger?: Logger;
}

/** The time of the input file drives the clock: settle windows run when the next event's `t` is reached. */
const noTimer = () => ({ cancel: () => undefined });

/** Recovers, feeds the rest of the input file, and ends the input (pending windows run out). */
export async function runTable(options: RunOptions): Promise<{ fed: number; skipped: number }> {
  const config = loadConfig(options.config);
  const log = options.logger ?? journalLogger();
  const journal = Journal.open(options.journal, { logger: log });
  const registry = registryFromConfig(config);
  const recovered = recover(journal, (cp) => createTableFromConfig(config, registry, cp));
  log.info(
    {
      checkpointSeq: recovered.checkpointSeq,
      replayed: recovered.replayedEvents,
      lastSeq: recovered.lastSeq,
      hand: recovered.handInProgress,
      ms: recovered.ms,
    },
    "recovered",
  );
  const skipped = journal.lastSeq;
  const fd = options.out === undefined ? null : openSync(options.out, "a");
  const toOut: TableOutput = (events) => {
    const text = events.map((e) => formatJsonLine(e)).join("");
    if (fd === null) write(text);
    else writeSync(fd, text);
  };
  let now = recovered.lastT;
  const runtime = new Runtime({
    core: recovered.core,
    clock: () => now,
    journal,
    outputs: [toOut],
    setTimer: noTimer,
  });
  // The displays show the recovered hand again, then the notice; only then do new events reach the index.
  runtime.announce([...recovered.replayed, ...recoveredNotice(recovered), ...journal.takeAlerts()]);
  runtime.addOutput((events, core) => journal.record(events, core, journal.lastSeq));
  if (recovered.handInProgress !== null)
    runtime.addOutput(clearNoticeAtEnd(recovered.handInProgress, runtime));
  // Ready: the table is rebuilt and takes events. The input file stands in for devices that connect
  // only now, so reading it (long, for a long journal) is not part of the start-up.
  log.info({ lastSeq: skipped, hand: recovered.handInProgress }, "ready");
  const inputs = readInputs(options.input);
  if (skipped > inputs.length) {
    throw new InvalidArgumentError(
      `the journal holds ${skipped} events but ${options.input} has only ${inputs.length}: not the same table`,
    );
  }
  for (const event of inputs.slice(skipped)) {
    now = event.t;
    runtime.submit(event);
    if (options.paceMs > 0) await sleep(options.paceMs);
  }
  runtime.announce(runtime.core.finish(now));
  runtime.stop();
  journal.close();
  if (fd !== null) closeSync(fd);
  const fed = inputs.length - skipped;
  diag(
    `${fed} input events fed after ${skipped} already journaled; ${journal.fault ? `NOT JOURNALING: ${journal.fault.reason}` : "journal ok"}`,
  );
  return { fed, skipped };
}

/** Clears the recovered-hand notice when that hand ends (registered last: every output saw hand_end). */
function clearNoticeAtEnd(hand: number, runtime: Runtime): TableOutput {
  let open = true;
  return (events) => {
    const end = events.find(
      (e): e is Extract<TableEvent, { kind: "hand_end" }> => e.kind === "hand_end" && e.hand === hand,
    );
    if (!open || end === undefined) return;
    open = false;
    runtime.announce([{ t: end.t, kind: "alert_clear", code: HAND_RECOVERED }]);
  };
}

function readInputs(file: string): InputEvent[] {
  const events: InputEvent[] = [];
  for (const r of readJsonLines(readFileSync(file, "utf8"), file, InputEvent)) {
    if (!r.ok) throw r.error;
    events.push(r.value);
  }
  return events;
}

const nonNegative = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${v} is not a whole number ≥ 0`);
  return n;
};

/** Registers run. */
export function registerRun(program: Command): void {
  program
    .command("run")
    .description("run the table with its journal: recover, then feed the input events not yet journaled")
    .requiredOption("-j, --journal <db>", "the journal (SQLite)")
    .requiredOption("-i, --input <file>", "input events (JSON Lines) standing in for the devices")
    .option("-c, --config <file>", "table configuration", DEFAULT_CONFIG_PATH)
    .option("--pace-ms <n>", "wait this long between input events", nonNegative, 0)
    .option("-o, --out <file>", "append table events here (JSON Lines) instead of stdout")
    .action(
      async (opts: { journal: string; input: string; config: string; paceMs: number; out?: string }) => {
        await runTable(opts);
      },
    );
}
