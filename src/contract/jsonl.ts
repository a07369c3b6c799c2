/**
 * JSON Lines, the wire form of both logs: one JSON object per line, UTF-8, in time order.
 * The reader names the file and line of anything wrong; the writer keeps a stable key order.
 */
import type { z } from "zod";

/** A line that could not be read: where, and what is wrong with it. */
export class JsonLinesError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly problem: string,
  ) {
    super(`${file}:${line}: ${problem}`);
    this.name = "JsonLinesError";
  }
}

export type LineResult<T> = { ok: true; line: number; value: T } | { ok: false; error: JsonLinesError };

/** Describes a zod failure in one phrase per issue, e.g. `tags: expected array, received string`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
      return `${where}${issue.message}`;
    })
    .join("; ");
}

/**
 * Reads JSON Lines text against a schema, one result per non-blank line.
 * `t` must never decrease; a line that breaks this is reported like any other bad line.
 */
export function* readJsonLines<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
): Generator<LineResult<z.infer<S>>> {
  const lines = text.split("\n");
  const readLine = jsonLineReader(file, schema);
  for (let i = 0; i < lines.length; i++) {
    const result = readLine(lines[i] ?? "", i + 1);
    if (result !== undefined) yield result;
  }
}

/**
 * The per-line half of {@link readJsonLines}: checks one line (without its `\n`) against the schema and
 * the `t` of the lines before it, or returns undefined for a blank line. Call it on every line in order.
 * On its own so that a worker thread can validate a file piece by piece (src/app/replayWorker.ts)
 * with exactly the rules and messages of the reader.
 */
export function jsonLineReader<S extends z.ZodType>(
  file: string,
  schema: S,
): (line: string, lineNo: number) => LineResult<z.infer<S>> | undefined {
  let lastT = 0;
  return (line, lineNo) => {
    const raw = line.trim();
    if (raw === "") return undefined;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (e) {
      return { ok: false, error: new JsonLinesError(file, lineNo, `not JSON (${(e as Error).message})`) };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      return { ok: false, error: new JsonLinesError(file, lineNo, describeIssues(parsed.error)) };
    }
    const value = parsed.data as z.infer<S>;
    const t = (value as { t?: unknown }).t;
    if (typeof t === "number") {
      if (t < lastT) {
        return {
          ok: false,
          error: new JsonLinesError(file, lineNo, `t: ${t} is earlier than the line before (${lastT})`),
        };
      }
      lastT = t;
    }
    return { ok: true, line: lineNo, value };
  };
}

/** One object as a JSON Lines line (with its newline); `t` and `kind` first, as in the contract. */
export function formatJsonLine(value: Record<string, unknown>): string {
  // Nearly every event is built `{ t, kind, ... }`: written as it is, without a reordered copy (the
  // copy was a measurable share of `feltguard replay`, bench/replay-profile.md).
  if (startsWithTimeAndKind(value)) return `${JSON.stringify(value)}\n`;
  const { t, kind, ...rest } = value;
  const ordered: Record<string, unknown> = {};
  if (t !== undefined) ordered.t = t;
  if (kind !== undefined) ordered.kind = kind;
  Object.assign(ordered, rest);
  return `${JSON.stringify(ordered)}\n`;
}

/**
 * The line of `{ ...value, seq }` (a numbered table event, src/table/numbered.ts) without making that
 * copy: `seq` goes last, as the copy would put it, unless the object has one already (then the copy).
 * `feltguard replay` writes every table event this way; the copies were a measurable share of it.
 */
export function formatNumberedLine(value: Record<string, unknown>, seq: number): string {
  const line = Object.hasOwn(value, "seq") ? "" : formatJsonLine(value);
  // An object with no field written ("{}") would need no comma: the copy is written instead.
  if (line === "" || line === "{}\n") return formatJsonLine({ ...value, seq });
  return `${line.slice(0, -2)},"seq":${seq}}\n`;
}

/** Whether the object's first two keys are `t` and `kind`, in that order (or `t` alone). */
function startsWithTimeAndKind(value: Record<string, unknown>): boolean {
  let i = 0;
  for (const key in value) {
    if (key !== (i === 0 ? "t" : "kind")) return false;
    if (++i === 2) return true;
  }
  return i === 1;
}

/**
 * Decodes a JSON Lines file's bytes as UTF-8, strictly: a byte sequence that is not UTF-8 is an error
 * naming its line, never a silent U+FFFD that would be journaled as if the device had sent it.
 */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  try {
    return strict.decode(bytes);
  } catch {
    // Find the line: decode line by line (a newline byte never occurs inside a UTF-8 sequence).
    let start = 0;
    for (let line = 1; start <= bytes.length; line++) {
      const nl = bytes.indexOf(0x0a, start);
      const end = nl === -1 ? bytes.length : nl;
      try {
        strict.decode(bytes.subarray(start, end));
      } catch {
        const column = badByte(bytes.subarray(start, end));
        throw new JsonLinesError(file, line, `not valid UTF-8 (byte ${column + 1} of the line)`);
      }
      start = end + 1;
    }
    throw new JsonLinesError(file, 1, "not valid UTF-8");
  }
}

/** The offset of the first byte at which a line stops being valid UTF-8. */
function badByte(line: Uint8Array): number {
  for (let n = 1; n <= line.length; n++) {
    // Streaming: a sequence cut short at the end of the prefix is not an error yet.
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(line.subarray(0, n), { stream: true });
    } catch {
      return n - 1;
    }
  }
  return line.length;
}
