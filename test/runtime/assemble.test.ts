/**
 * The one assembly of a table (src/runtime/assemble.ts): the same input gives the same table events
 * whichever way the table is assembled, and a table assembled on a journal is recovered from it — a
 * run stopped half-way and assembled again ends where one uninterrupted run ends, under the same numbers.
 * Nothing else in src/ or bench/ builds a runtime, and a bare core is built only where it is meant to be.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { Journal } from "../../src/journal/journal.js";
import { assembleTable, noTimer } from "../../src/runtime/assemble.js";
import { scenarioInputs } from "../support/scenarioFiles.js";
import { REPO_ROOT } from "../support/paths.js";

const dir = mkdtempSync(join(tmpdir(), "fg-assemble-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = loadConfig();
const inputs = scenarioInputs(join(REPO_ROOT, "test/scenarios/premature-flop-spec-example.jsonl"));

/** Feeds `events` to a table assembled with `journal` (or none); returns what it said. */
function play(events: readonly InputEvent[], journal?: Journal): { said: TableEvent[]; lastT: number } {
  let now = 0;
  const said: TableEvent[] = [];
  const { runtime, recovered } = assembleTable(config, {
    ...(journal ? { journal } : {}),
    clock: (lastT) => {
      now = lastT;
      return () => now;
    },
    setTimer: noTimer,
    outputs: [(out) => said.push(...out)],
  });
  if (journal) runtime.addOutput((out, core) => journal.record(out, core, journal.lastSeq));
  for (const e of events.slice(journal?.inputCount ?? 0)) {
    now = Math.max(now, e.t);
    runtime.submit(e);
  }
  runtime.stop();
  return { said, lastT: recovered?.lastT ?? 0 };
}

describe("assembleTable", () => {
  it("without a journal: a new table that says what the scenario expects", () => {
    const { said } = play(inputs);
    expect(said.map((e) => e.kind)).toContain("hand_start");
    expect(said).toContainEqual(expect.objectContaining({ kind: "alert", code: "PREMATURE_FLOP" }));
    expect(said.map((e) => e.seq)).toEqual(said.map((_, i) => i + 1));
  });

  it("on a journal: recovered, and a run stopped half-way ends as the uninterrupted one, numbers and all", () => {
    const whole = play(inputs).said;
    const path = join(dir, "half.db");
    const quiet = pino({ level: "silent" });
    const half = Math.floor(inputs.length / 2);
    const first = Journal.open(path, { logger: quiet });
    const before = play(inputs.slice(0, half), first).said;
    first.close();
    const again = Journal.open(path, { logger: quiet });
    const after = play(inputs, again);
    again.close();
    expect(after.lastT).toBe(inputs[half - 1]!.t);
    const strip = (events: TableEvent[]) => events.map(({ seq: _s, ...e }) => e);
    const resumed = after.said.filter((e) => (e.seq ?? 0) > (before.at(-1)?.seq ?? 0));
    expect(strip([...before, ...resumed])).toEqual(strip(whole));
    expect([...before, ...resumed].map((e) => e.seq)).toEqual(whole.map((e) => e.seq));
  });
});

describe("one assembly", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
    });
  const product = [...files(join(REPO_ROOT, "src")), ...files(join(REPO_ROOT, "bench"))];
  /** The files of src/ and bench/ whose code (comments aside) matches `pattern`. */
  const using = (pattern: RegExp) =>
    product
      .filter((f) => pattern.test(readFileSync(f, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "")))
      .map((f) => relative(REPO_ROOT, f))
      .sort();

  it("only the assembly builds a runtime", () => {
    expect(using(/\bnew Runtime\(/)).toEqual(["src/runtime/assemble.ts"]);
  });

  it("only the configuration's adapter calls createTable (the configuration is adapted once)", () => {
    expect(using(/\bcreateTable\(/).filter((f) => f !== "src/table/core.ts")).toEqual([
      "src/runtime/tableSettings.ts",
    ]);
  });

  it("a bare core from the configuration only where nothing may be journaled, numbered anew or shown", () => {
    expect(using(/\bcreateTableFromConfig\(/)).toEqual(
      [
        // The journal commands: a checkpoint and the rows after it, read again.
        "src/app/commands/history.ts",
        "src/app/commands/journal.ts",
        // The view at an event of a log; `replay` and `demo`: a log replayed as it was.
        "src/app/commands/render.ts",
        "src/app/commands/replay.ts",
        // The floor feed's backlog: the journal replayed on a fresh core.
        "src/app/tableRun.ts",
        // The assembly itself, and the adapter that defines it.
        "src/runtime/assemble.ts",
        "src/runtime/tableSettings.ts",
        // The simulator's focus: a shadow of the table's core.
        "src/sim/scanFocus.ts",
        // The replay breakdown: the core timed alone.
        "bench/replayBreakdown.ts",
      ].sort(),
    );
  });
});
