/**
 * The one assembly of a table (src/runtime/assemble.ts): the same input gives the same table events
 * whichever way the table is assembled, and a table assembled on a journal is recovered from it — a
 * run stopped half-way and assembled again ends where one uninterrupted run ends, under the same numbers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
