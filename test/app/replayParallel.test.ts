/**
 * replayFileParallel (validation on a worker thread) must be indistinguishable from replayText: the same
 * bytes on stdout, the same diagnostics in the same places, the same summary, the same error, and the
 * same events handed to the core.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { replayFileParallel, replayText, type ReplayOptions } from "../../src/app/replay.js";
import { type TableCore } from "../../src/table/core.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { scenarioFiles } from "../support/scenarioFiles.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const SCENARIOS = join(ROOT, "test/scenarios");
const tmp = mkdtempSync(join(tmpdir(), "fg-replay-parallel-"));

interface Run {
  out: string;
  diag: string[];
  summary?: unknown;
  error?: string;
  /** What the core was given: every handled event, and every advanceTo / finish time. */
  seen: unknown[];
}

/** A core that records what it is given. */
function recordingCore(seen: unknown[]): TableCore {
  const core = createTableFromConfig(loadConfig());
  const { handle, advanceTo, finish } = core;
  core.handle = (event) => (seen.push(event), handle.call(core, event));
  core.advanceTo = (t) => (seen.push(["advanceTo", t]), advanceTo.call(core, t));
  core.finish = (t) => (seen.push(["finish", t]), finish.call(core, t));
  return core;
}

async function record(
  replay: (core: TableCore, options: ReplayOptions) => unknown | Promise<unknown>,
  lenient: boolean,
): Promise<Run> {
  const run: Run = { out: "", diag: [], seen: [] };
  try {
    run.summary = await replay(recordingCore(run.seen), {
      lenient,
      out: (s) => (run.out += s),
      diag: (s) => run.diag.push(s),
    });
  } catch (e) {
    run.error = `${(e as Error).name}: ${(e as Error).message}`;
  }
  return run;
}

let files = 0;

/** Replay output with the table events' numbers taken out (the CLI numbers them; this core does not). */
const withoutSeq = (out: string): string => out.replace(/,"seq":\d+\}\n/g, "}\n");

/** Replays `text` with replayText and with replayFileParallel. */
async function bothWays(
  text: string,
  options: { lenient: boolean; chunkLines?: number; readBytes?: number },
): Promise<{ sequential: Run; parallel: Run }> {
  const file = join(tmp, `log-${(files += 1)}.jsonl`);
  writeFileSync(file, text);
  const sequential = await record((core, o) => replayText(text, file, core, o), options.lenient);
  const parallel = await record(
    (core, o) => replayFileParallel(file, core, { ...o, ...options }),
    options.lenient,
  );
  return { sequential, parallel };
}

/** Replays `text` both ways and expects the same; returns the sequential run. */
async function expectSame(
  text: string,
  options: { lenient: boolean; chunkLines?: number; readBytes?: number },
): Promise<Run> {
  const { sequential, parallel } = await bothWays(text, options);
  expect(parallel).toEqual(sequential);
  return sequential;
}

/** Scenarios that end with the hand over, so that they can follow one another in a long log. */
const CHAINABLE = [
  "clean-hand-to-showdown",
  "premature-flop-procedure-followed",
  "undercall",
  "underraise",
  "misdeal-first-card",
  "duplicate-card-void",
  "reader-offline",
  "burn-missing",
];

/**
 * Thousands of input lines: the chainable scenarios' inputs, round after round, one after the other in
 * time, dressed up with what the reader must take in its stride (blank lines, CRLF, padding, unknown
 * keys, left-out defaults, non-ASCII names and a -0, which JSON cannot carry).
 */
function generatedLog(rounds: number): string[] {
  // JSON would turn this -0 into 0.
  const lines = ['{"t":-0,"kind":"reader","reader":"bridge","status":"online"}'];
  let offset = 0;
  for (let round = 0; round < rounds; round++) {
    for (const scenario of scenarioFiles(SCENARIOS).filter((s) => CHAINABLE.includes(s.name))) {
      let last = 0;
      const antennas = new Set<string>();
      for (const input of scenario.inputs) {
        if (input.kind === "tags") antennas.add(input.antenna as string);
        const t = (input.t as number) + offset;
        last = Math.max(last, t);
        const line: Record<string, unknown> = { ...input, t };
        if (line.op === "seat") line.player = `Zoë 🂡 ${String(line.player)}`;
        if (line.op === "level") delete line.ante;
        if (lines.length % 7 === 3) line.note = "unknown keys are dropped";
        let text = JSON.stringify(line);
        if (lines.length % 11 === 0) text += "\r";
        if (lines.length % 13 === 0) text = `  ${text}\t`;
        lines.push(text);
        if (lines.length % 29 === 0) lines.push("", "   ");
      }
      // The dealer collects every card before the next scenario, as between hands at the table.
      for (const antenna of antennas)
        lines.push(JSON.stringify({ t: last, kind: "tags", antenna, tags: [] }));
      offset = last + 120_000;
    }
  }
  return lines;
}

/** The `t` of the last valid line before `lines[i]`. */
function tBefore(lines: readonly string[], i: number): number {
  for (let j = i - 1; j >= 0; j--) {
    const line = lines[j]?.trim() ?? "";
    if (line.startsWith('{"t":') && line.endsWith("}")) return (JSON.parse(line) as { t: number }).t;
  }
  return 0;
}

const inputLines = (lines: readonly string[]) => lines.filter((l) => l.trim() !== "").length;

describe("replayFileParallel", () => {
  const scenarios = readdirSync(SCENARIOS).filter((f) => f.endsWith(".jsonl"));

  // Their `expect` lines are not input events: lenient skips them, as diagnostics between the output.
  // Concurrent: each starts a worker, which under tsx takes a few hundred milliseconds to load.
  it.concurrent.for(scenarios)("replays %s like replayText", async (name, { expect }) => {
    const text = readFileSync(join(SCENARIOS, name), "utf8");
    const { sequential, parallel } = await bothWays(text, { lenient: true, chunkLines: 7 });
    expect(parallel).toEqual(sequential);
    expect(sequential.out).not.toBe("");
  });

  it("replays a few thousand lines over many chunks and reads, byte for byte, -0 included", async () => {
    const lines = generatedLog(12);
    expect(lines.length).toBeGreaterThan(2500);
    const run = await expectSame(lines.join("\n"), { lenient: false, chunkLines: 250, readBytes: 1000 });
    expect(run.error).toBeUndefined();
    expect(run.summary).toMatchObject({ events: inputLines(lines), skipped: 0 });
    expect(Object.is((run.seen[1] as { t: number }).t, -0)).toBe(true);
    // Defaults filled in and unknown keys dropped, exactly as zod does.
    expect(run.seen).toContainEqual(expect.objectContaining({ op: "level", ante: 0, bbAnte: 0 }));
    expect(run.seen.some((e) => typeof e === "object" && e !== null && "note" in e)).toBe(false);
    // With the file ending in a newline too, and in one chunk of one read.
    await expectSame(`${lines.join("\n")}\n`, { lenient: false, chunkLines: 4000, readBytes: 1 << 20 });
  });

  it("cuts multi-byte characters apart between reads without harm", async () => {
    const lines = generatedLog(2);
    for (const readBytes of [1, 7, 64])
      await expectSame(lines.join("\n"), { lenient: false, chunkLines: 10, readBytes });
  });

  const bad = {
    "not JSON": () => '{"t":',
    "a wrong type": (t: number) => `{"t":${t},"kind":"tags","antenna":"seat1","tags":"As"}`,
    "t going backwards": () => '{"t":1,"kind":"button","button":"ok"}',
  };

  for (const [what, line] of Object.entries(bad)) {
    it(`stops at ${what} in the middle of the third chunk, after writing everything before it`, async () => {
      const lines = generatedLog(4);
      lines[249] = line(tBefore(lines, 249));
      const run = await expectSame(lines.join("\n"), { lenient: false, chunkLines: 100 });
      expect(run.error).toMatch(new RegExp(`^JsonLinesError: .*log-\\d+\\.jsonl:250: `));
      expect(run.out).not.toBe("");
      expect(run.seen.filter((e) => !Array.isArray(e))).toHaveLength(inputLines(lines.slice(0, 249)));
    });

    it(`with --lenient skips ${what} with the same diagnostics, wherever it falls`, async () => {
      const lines = generatedLog(4);
      // Mid-chunk, twice in a row, at both sides of a chunk boundary, and the last line.
      for (const i of [249, 250, 299, 300, lines.length - 1]) {
        lines[i] = line(tBefore(lines, i));
      }
      const run = await expectSame(lines.join("\n"), { lenient: true, chunkLines: 100 });
      expect(run.diag).toHaveLength(5);
      expect(run.diag[0]).toMatch(/^skipped .*:250: /);
      expect(run.summary).toMatchObject({ skipped: 5 });
    });
  }

  it("fails like replayFile on a missing file", async () => {
    const missing = join(tmp, "missing.jsonl");
    const run = await record((core, o) => replayFileParallel(missing, core, o), false);
    expect(run.error).toMatch(/ENOENT: no such file or directory, open '.*missing\.jsonl'/);
  });
});

describe("feltguard replay (the CLI, on a worker thread)", () => {
  function feltguard(...args: string[]) {
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/app/main.ts", ...args], {
      cwd: ROOT,
      encoding: "utf8",
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  it("writes what replayText writes over several default-sized chunks, and stops or skips alike", async () => {
    const lines = generatedLog(35);
    expect(lines.length).toBeGreaterThan(8000);
    lines[6000] = "garbage";
    const text = lines.join("\n");
    const file = join(tmp, "cli.jsonl");
    writeFileSync(file, text);
    const sequential = await record((core, o) => replayText(text, file, core, o), true);
    const lenient = feltguard("replay", "--lenient", file);
    expect(lenient.code).toBe(0);
    // The CLI numbers the table events (`seq`, shared/spec/events.md); otherwise the same bytes.
    expect(withoutSeq(lenient.stdout)).toBe(sequential.out);
    expect(lenient.stderr).toBe(
      `feltguard: skipped ${file}:6001: not JSON (Unexpected token 'g', "garbage" is not valid JSON)\n` +
        `feltguard: ${inputLines(lines) - 1} input events, ${(sequential.summary as { tableEvents: number }).tableEvents} table events, 1 invalid lines skipped\n`,
    );

    const strict = feltguard("replay", file);
    const stopped = await record((core, o) => replayText(text, file, core, o), false);
    expect(strict.code).toBe(1);
    expect(withoutSeq(strict.stdout)).toBe(stopped.out);
    expect(strict.stderr).toBe(
      `feltguard: ${file}:6001: not JSON (Unexpected token 'g', "garbage" is not valid JSON)\n`,
    );
  });
});
