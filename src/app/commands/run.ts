/**
 * `feltguard run`: the table with its journal, fed from an input file that stands in for the devices.
 * At start it checks and recovers the journal (checkpoint + replay of the hand in progress), then feeds
 * the file's events not yet journaled — the first K lines are skipped when the journal holds K inputs,
 * after checking that they are the journal's — so a run killed at any moment and started again ends
 * exactly where an uninterrupted run ends, every table event under the number it had.
 */
import { closeSync, openSync, readFileSync, writeSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { type Command, InvalidArgumentError, Option } from "commander";
import type { Logger } from "pino";
import { InputEvent } from "../../contract/input.js";
import { decodeUtf8, formatJsonLine, readJsonLines } from "../../contract/jsonl.js";
import { inputRows } from "../../journal/db.js";
import { journalLogger } from "../../journal/faults.js";
import { Journal } from "../../journal/journal.js";
import { DEFAULT_CONFIG_PATH, loadConfig } from "../../config/config.js";
import type { TableOutput } from "../../runtime/runtime.js";
import { assembleTable, noTimer } from "../../runtime/assemble.js";
import { startTableFeed } from "../tableFeed.js";
import { diag, write } from "./io.js";

export interface RunOptions {
  journal: string;
  input: string;
  config: string;
  paceMs: number;
  out?: string;
  /** The table key (default: beside the journal). */
  key?: string;
  /** The floor feed's broker (wins over feed.mqtt.url). */
  mqtt?: string;
  /** Where log lines go (default: JSON lines on stderr). */
  logger?: Logger;
  /** Crash tests: stop dead (until killed) once input N is journaled, or only announced in the anchor. */
  holdAt?: HoldAt;
}

export interface HoldAt {
  input: number;
  phase: "journaled" | "anchored";
}

/** Blocks this thread for good, saying so on stderr: the crash test kills the process there. */
function hold(at: HoldAt): never {
  writeSync(2, `hold ${at.input} ${at.phase}\n`);
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}

/** Recovers, feeds the rest of the input file, and ends the input (pending windows run out). */
export async function runTable(options: RunOptions): Promise<{ fed: number; skipped: number }> {
  const config = loadConfig(options.config);
  const log = options.logger ?? journalLogger();
  const holdAt = options.holdAt;
  const journal = Journal.open(options.journal, {
    logger: log,
    ...(options.key === undefined ? {} : { keyPath: options.key }),
    ...(holdAt?.phase === "anchored"
      ? { afterAnchor: (row: { input: number | null }) => void (row.input === holdAt.input && hold(holdAt)) }
      : {}),
  });
  const fd = options.out === undefined ? null : openSync(options.out, "a");
  const toOut: TableOutput = (events) => {
    const text = events.map((e) => formatJsonLine(e)).join("");
    if (fd === null) write(text);
    else writeSync(fd, text);
  };
  // The time of the input file drives the clock: settle windows run when the next event's `t` is reached.
  let now = 0;
  const { runtime, recovered: found } = assembleTable(config, {
    journal,
    clock: (lastT) => {
      now = lastT;
      return () => now;
    },
    setTimer: noTimer,
    outputs: [toOut],
  });
  const recovered = found!;
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
  const skipped = journal.inputCount;
  // The hand in progress is shown again under its numbers. There are no displays here to tell of the
  // recovery (the log says it), so the run's output is the uninterrupted run's, line for line.
  runtime.show(recovered.replayed);
  runtime.announceNotices();
  runtime.addOutput((events, core) => journal.record(events, core, journal.lastSeq));
  const feed = startTableFeed(runtime, config, {
    ...(options.mqtt === undefined ? {} : { mqtt: options.mqtt }),
    head: () => journal.signedHead(),
    // The contract's health payload: the input file stands in for the devices, so none are open.
    health: () => ({
      readers: [],
      devices: [],
      journal: { journaling: journal.journaling, lastSeq: journal.lastSeq },
    }),
  });
  // The file is fed at once: give the broker its first chance, so a reachable one gets every event.
  await feed?.firstAttempt();
  // Ready: the table is rebuilt and takes events. The input file stands in for devices that connect
  // only now, so reading it (long, for a long journal) is not part of the start-up.
  log.info({ lastSeq: journal.lastSeq, inputs: skipped, hand: recovered.handInProgress }, "ready");
  const inputs = readInputs(options.input);
  checkSameTable(journal, inputs, options.input);
  for (const event of inputs.slice(skipped)) {
    now = Math.max(now, event.t);
    runtime.submit(event);
    if (holdAt?.phase === "journaled" && journal.inputCount === holdAt.input) hold(holdAt);
    if (options.paceMs > 0) await sleep(options.paceMs);
  }
  runtime.show(runtime.core.finish(now));
  runtime.stop();
  await feed?.drain();
  await feed?.close();
  journal.close();
  if (fd !== null) closeSync(fd);
  const fed = inputs.length - skipped;
  diag(
    `${fed} input events fed after ${skipped} already journaled; ${journal.fault ? `NOT JOURNALING: ${journal.fault.reason}` : "journal ok"}`,
  );
  return { fed, skipped };
}

/**
 * The input file must begin with the inputs the journal holds: a journal of another table, or of another
 * log, is not resumed (its `t` would go back, and the table would be another table's).
 */
function checkSameTable(journal: Journal, inputs: readonly InputEvent[], file: string): void {
  const db = journal.database;
  const held = journal.inputCount;
  if (held > inputs.length) {
    throw new InvalidArgumentError(
      `the journal holds ${held} inputs but ${file} has only ${inputs.length}: not the same table`,
    );
  }
  if (db === null) return;
  for (const { row, event } of inputRows(db)) {
    const n = row.input ?? 0;
    const given = inputs[n - 1];
    const { wall: _w, ...journaled } = event;
    const { wall: _g, ...fromFile } = given ?? { wall: undefined };
    if (given === undefined || formatJsonLine(journaled) !== formatJsonLine(fromFile)) {
      throw new InvalidArgumentError(
        `${file}: input ${n} differs from the journal's input ${n} (row ${row.seq}): not the journal of this input file; refusing to resume`,
      );
    }
  }
}

function readInputs(file: string): InputEvent[] {
  const events: InputEvent[] = [];
  for (const r of readJsonLines(decodeUtf8(readFileSync(file), file), file, InputEvent)) {
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

const holdAtArg = (v: string): HoldAt => {
  const m = /^(\d+)(:anchored)?$/.exec(v);
  if (m === null) throw new InvalidArgumentError(`${v} is not n or n:anchored`);
  return { input: Number(m[1]), phase: m[2] === undefined ? "journaled" : "anchored" };
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
    .option("-k, --key <file>", "the table key (default: <journal>.key, made on a new table's first start)")
    .option("--mqtt <url>", "the floor feed's broker (wins over feed.mqtt.url in the configuration)")
    .addOption(
      new Option("--hold-at <n[:anchored]>", "crash tests: stop dead at input n")
        .hideHelp()
        .argParser(holdAtArg),
    )
    .action(
      async (opts: {
        journal: string;
        input: string;
        config: string;
        paceMs: number;
        out?: string;
        key?: string;
        mqtt?: string;
        holdAt?: HoldAt;
      }) => {
        await runTable(opts);
      },
    );
}
