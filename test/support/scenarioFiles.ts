/**
 * Scenario files: input events of the contract followed by what the table must say — `expect`
 * lines (a table event that must appear, in order, with the fields it gives) and `absent` lines (an
 * alert code that must not appear). Shared by the hold'em and Three Card Poker scenario tests.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { expect } from "vitest";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";

export interface ScenarioFile {
  name: string;
  /** The input lines, as written (not yet validated). */
  inputs: Record<string, unknown>[];
  /** Every line, expectations included, in file order. */
  lines: Record<string, unknown>[];
  /** Changes to the default configuration (a `config` line), if any. */
  config?: Record<string, unknown>;
}

/** The scenario files of a folder, by name. */
export function scenarioFiles(dir: string): ScenarioFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => readScenario(join(dir, f)));
}

/** One scenario file. */
export function readScenario(path: string): ScenarioFile {
  const lines = readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const config = lines.find((l) => "config" in l)?.config as Record<string, unknown> | undefined;
  return {
    name: basename(path).replace(/\.jsonl$/, ""),
    inputs: lines.filter((l) => !("expect" in l) && !("absent" in l) && !("config" in l)),
    lines,
    ...(config === undefined ? {} : { config }),
  };
}

/** A scenario file's input events, validated (its expectation lines left out). */
export function scenarioInputs(path: string): InputEvent[] {
  return readScenario(path).inputs.map((l) => InputEvent.parse(l));
}

/** Whether `event` has every field of `want` (objects compared deeply). */
export function matches(event: TableEvent, want: Record<string, unknown>): boolean {
  return Object.entries(want).every(
    ([k, v]) => JSON.stringify((event as Record<string, unknown>)[k]) === JSON.stringify(v),
  );
}

/** Checks the table events `out` against the scenario's expect and absent lines. */
export function checkScenario(file: ScenarioFile, out: readonly TableEvent[]): void {
  let from = 0;
  for (const line of file.lines) {
    if ("expect" in line) {
      const want = line.expect as Record<string, unknown>;
      const at = out.findIndex((e, i) => i >= from && matches(e, want));
      expect(
        at,
        `expected ${JSON.stringify(want)} after event ${from} in:\n${out.map((e) => JSON.stringify(e)).join("\n")}`,
      ).toBeGreaterThanOrEqual(0);
      from = at + 1;
    } else if ("absent" in line) {
      const hit = out.find((e) => e.kind === "alert" && e.code === line.absent);
      expect(hit, `no ${String(line.absent)} alert`).toBeUndefined();
    }
  }
}

/** Every code has a scenario where it must appear and one where it must not. */
export function expectPositiveAndNegative(files: readonly ScenarioFile[], codes: readonly string[]): void {
  const text = files.flatMap((f) => f.lines.map((l) => JSON.stringify(l))).join("\n");
  for (const code of codes) {
    expect(text, code).toContain(`"expect":{"kind":"alert","code":"${code}"`);
    expect(text, code).toContain(`"absent":"${code}"`);
  }
}
