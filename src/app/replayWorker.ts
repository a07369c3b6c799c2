/**
 * The second thread of `feltguard replay` (src/app/replay.ts, replayFileParallel): reads the input log and
 * validates it, chunk by chunk, while the main thread feeds the chunks before to the core.
 *
 * Only validation can move here: the core is sequential (every hand depends on the one before it), but
 * checking a line depends on nothing but the line and the `t` before it. Each chunk goes back as one JSON
 * string of the valid events, already defaulted and stripped by zod, which the main thread reads with a
 * single JSON.parse: far cheaper there than JSON.parse and zod per line.
 */
import { readSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { parentPort, workerData } from "node:worker_threads";
import { InputEvent } from "../contract/input.js";
import { jsonLineReader } from "../contract/jsonl.js";

/** What the worker is asked to do (its workerData). */
export interface ValidationJob {
  /** The open log; the main thread opened it (so a missing file fails as before) and closes it. */
  fd: number;
  /** The file's name, as error messages give it. */
  file: string;
  /** Lines (blank ones included) per chunk. */
  chunkLines: number;
  /** Chunks the worker may post before the main thread has taken them: keeps memory bounded. */
  ahead: number;
  /** Bytes per read of the file. */
  readBytes: number;
  /** Keep going after an invalid line; otherwise the chunk with the first one is the last. */
  lenient: boolean;
}

/** One chunk of the log, in file order. */
export interface ValidatedChunk {
  /** `JSON.stringify` of the array of valid events. */
  values: string;
  /** Events that JSON would change (a -0 becomes 0), sent as they are; their slot in `values` is null. */
  exact: { index: number; value: InputEvent }[];
  /** The invalid lines; each belongs just before `values[at]` (or after the last value if `at` is its length). */
  errors: { at: number; line: number; problem: string }[];
  /** No chunk follows. */
  done: boolean;
}

/** The main thread's answer to chunks: how many more it has taken. */
export type ChunkCredit = number;

/** JSON has no -0; only a line with a minus sign in it can hold one, so only those are looked through. */
function hasNegativeZero(value: unknown): boolean {
  if (typeof value === "number") return Object.is(value, -0);
  if (typeof value === "object" && value !== null) return Object.values(value).some(hasNegativeZero);
  return false;
}

async function validate(job: ValidationJob, port: NonNullable<typeof parentPort>): Promise<void> {
  let credits = job.ahead;
  let wake: (() => void) | undefined;
  const onCredit = (n: ChunkCredit) => {
    credits += n;
    wake?.();
  };
  port.on("message", onCredit);

  let values: (InputEvent | null)[] = [];
  let exact: ValidatedChunk["exact"] = [];
  let errors: ValidatedChunk["errors"] = [];
  let linesInChunk = 0;
  const post = async (done: boolean) => {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits -= 1;
    const chunk: ValidatedChunk = { values: JSON.stringify(values), exact, errors, done };
    port.postMessage(chunk);
    values = [];
    exact = [];
    errors = [];
    linesInChunk = 0;
  };

  // Exactly readJsonLines on the whole text: the same lines ("\n"-separated, numbered from 1) through the same reader.
  const readLine = jsonLineReader(job.file, InputEvent);
  const decoder = new StringDecoder("utf8");
  const buffer = Buffer.allocUnsafe(job.readBytes);
  let position = 0;
  let lineNo = 0;
  let carry = "";
  for (let eof = false; !eof;) {
    const n = readSync(job.fd, buffer, 0, buffer.length, position);
    position += n;
    eof = n === 0;
    const pieces = (carry + (eof ? decoder.end() : decoder.write(buffer.subarray(0, n)))).split("\n");
    // An unfinished last line waits for the next read; at the end of the file it is a line like any other.
    carry = eof ? "" : (pieces.pop() ?? "");
    for (const piece of pieces) {
      lineNo += 1;
      const result = readLine(piece, lineNo);
      if (result?.ok) {
        if (piece.includes("-") && hasNegativeZero(result.value)) {
          exact.push({ index: values.length, value: result.value });
          values.push(null);
        } else {
          values.push(result.value);
        }
      } else if (result) {
        errors.push({ at: values.length, line: result.error.line, problem: result.error.problem });
        if (!job.lenient) {
          await post(true);
          port.off("message", onCredit);
          return;
        }
      }
      linesInChunk += 1;
      if (linesInChunk >= job.chunkLines) await post(false);
    }
  }
  await post(true);
  port.off("message", onCredit);
}

if (parentPort) await validate(workerData as ValidationJob, parentPort);
