/**
 * `feltguard replay`: feeds a JSON Lines input log through the core and writes the table events.
 * Two ways with one result: replayText / replayFile on this thread alone (tests, `demo`, small inputs),
 * and replayFileParallel, which validates the log on a worker thread (the CLI's `replay`).
 */
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { formatJsonLine, InputEvent, JsonLinesError, readJsonLines } from "../contract/index.js";
import type { TableEvent } from "../contract/output.js";
import type { TableCore } from "../table/core.js";
import { NumberedCore } from "../table/numbered.js";
import type { ChunkCredit, ValidatedChunk, ValidationJob } from "./replayWorker.js";

export interface ReplayOptions {
  /** Report, skip and count invalid lines instead of stopping at the first. */
  lenient: boolean;
  out: (line: string) => void;
  diag: (line: string) => void;
}

export interface ParallelReplayOptions extends ReplayOptions {
  /** Lines per chunk the worker validates and posts at a time. */
  chunkLines?: number;
  /** Chunks the worker may have ready before the core has taken them. */
  ahead?: number;
  /** Bytes per read of the file. */
  readBytes?: number;
}

export interface ReplaySummary {
  events: number;
  skipped: number;
  tableEvents: number;
}

/**
 * The core's side of a replay, shared by both paths: takes valid events and invalid lines in file order,
 * feeds the events to the core and writes what it says.
 */
class ReplaySink {
  readonly summary: ReplaySummary = { events: 0, skipped: 0, tableEvents: 0 };
  // Lines are written in chunks: one write per line costs more than the core itself.
  private pending = "";
  private lastT = 0;
  /** A numbered core numbers each event as it writes its line, without a numbered copy of it. */
  private readonly numbering: NumberedCore | null;
  private readonly core: TableCore;

  constructor(
    core: TableCore,
    private readonly options: ReplayOptions,
  ) {
    this.numbering = core instanceof NumberedCore ? core : null;
    this.core = this.numbering?.inner ?? core;
  }

  event(event: InputEvent): void {
    // Delayed behaviour due before this event happens first, exactly as it would have live.
    this.emit(this.core.advanceTo(event.t));
    this.emit(this.core.handle(event));
    this.summary.events += 1;
    this.lastT = event.t;
  }

  /** An invalid line: the end of the replay (thrown, after writing everything before it) unless lenient. */
  invalid(error: JsonLinesError): void {
    this.flush();
    if (!this.options.lenient) throw error;
    this.options.diag(`skipped ${error.message}`);
    this.summary.skipped += 1;
  }

  finish(): ReplaySummary {
    this.emit(this.core.finish(this.lastT));
    this.flush();
    return this.summary;
  }

  private emit(events: TableEvent[]): void {
    const numbering = this.numbering;
    if (numbering === null) for (const e of events) this.pending += formatJsonLine(e);
    else for (const e of events) this.pending += numbering.line(e);
    if (this.pending.length > 64 * 1024) this.flush();
    this.summary.tableEvents += events.length;
  }

  private flush(): void {
    if (this.pending !== "") this.options.out(this.pending);
    this.pending = "";
  }
}

/** Replays `text` (the contents of `file`) through `core`. Throws {@link JsonLinesError} unless lenient. */
export function replayText(
  text: string,
  file: string,
  core: TableCore,
  options: ReplayOptions,
): ReplaySummary {
  const sink = new ReplaySink(core, options);
  for (const result of readJsonLines(text, file, InputEvent)) {
    if (result.ok) sink.event(result.value);
    else sink.invalid(result.error);
  }
  return sink.finish();
}

/** Replays a file on this thread alone; see {@link replayText}. */
export function replayFile(file: string, core: TableCore, options: ReplayOptions): ReplaySummary {
  return replayText(readFileSync(file, "utf8"), file, core, options);
}

/**
 * Replays a file like {@link replayFile}, with the same output, diagnostics, summary and errors, but using
 * a second core: a worker thread (src/app/replayWorker.ts) reads and validates the log a few chunks ahead
 * while this thread runs the core, which is sequential (each hand depends on the one before) and so
 * cannot itself be split. This thread never holds more than a few chunks of the log.
 */
export async function replayFileParallel(
  file: string,
  core: TableCore,
  options: ParallelReplayOptions,
): Promise<ReplaySummary> {
  // Opened here so that a missing file fails at once with the same error as replayFile.
  const fd = openSync(file, "r");
  // A directory opens, and would fail only on the worker's first read, without its name.
  if (fstatSync(fd).isDirectory()) {
    closeSync(fd);
    throw Object.assign(new Error(`EISDIR: ${file}`), { code: "EISDIR", path: file });
  }
  const job: ValidationJob = {
    fd,
    file,
    chunkLines: options.chunkLines ?? 4000,
    ahead: options.ahead ?? 4,
    readBytes: options.readBytes ?? 1 << 20,
    lenient: options.lenient,
  };
  const worker = startValidationWorker(job);
  try {
    const next = receiveChunks(worker);
    const sink = new ReplaySink(core, options);
    for (let done = false; !done;) {
      const chunk = await next();
      done = chunk.done;
      // Taken: the worker may prepare another while the core works through this one.
      const credit: ChunkCredit = 1;
      worker.postMessage(credit);
      const values = JSON.parse(chunk.values) as InputEvent[];
      for (const { index, value } of chunk.exact) values[index] = value;
      // Each invalid line goes back where it was in the file: just before the value that followed it.
      let e = 0;
      for (let i = 0; i <= values.length; i++) {
        for (let error = chunk.errors[e]; error?.at === i; error = chunk.errors[++e]) {
          sink.invalid(new JsonLinesError(file, error.line, error.problem));
        }
        if (i < values.length) sink.event(values[i] as InputEvent);
      }
    }
    return sink.finish();
  } finally {
    await worker.terminate();
    closeSync(fd);
  }
}

/**
 * Starts replayWorker next to this module: the compiled .js as it is; the .ts source (run through tsx, or
 * vitest) with tsx's loader registered first, since Node 20 does not run `--import tsx` in worker threads.
 */
function startValidationWorker(job: ValidationJob): Worker {
  const ext = extname(fileURLToPath(import.meta.url));
  const url = new URL(`./replayWorker${ext}`, import.meta.url);
  if (ext !== ".ts") return new Worker(url, { workerData: job });
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(boot, { eval: true, workerData: job });
}

/** The worker's chunks in order, one per call; rejects if the worker fails or stops before its last chunk. */
function receiveChunks(worker: Worker): () => Promise<ValidatedChunk> {
  const queue: ValidatedChunk[] = [];
  let failure: unknown;
  let wake: (() => void) | undefined;
  worker.on("message", (chunk: ValidatedChunk) => {
    queue.push(chunk);
    wake?.();
  });
  worker.on("error", (error) => {
    failure ??= error;
    wake?.();
  });
  worker.on("exit", (code) => {
    failure ??= new Error(`the validation worker stopped early (exit code ${code})`);
    wake?.();
  });
  return async () => {
    for (;;) {
      const chunk = queue.shift();
      if (chunk) return chunk;
      if (failure !== undefined) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
}

export { JsonLinesError };
