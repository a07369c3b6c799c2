/** Drives the controller core with the device events of PHH hands and compares its hand_end with the record. */
import { join } from "node:path";
import { type Config, loadConfig } from "../../src/config/config.js";
import { InputEvent, type InputEventIn } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { type CorpusEntry, isReplayable, listCorpus } from "../../src/rules/phh/corpus.js";
import { readPhhFile } from "../../src/rules/phh/read.js";
import type { PaceMode } from "../../src/sim/pace.js";
import { type NoiseOptions, type PhhScript, phhToInputEvents } from "../../src/sim/phhScript.js";
import { ScanRounds, scanLayout } from "../../src/sim/scanRounds.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";

import { PHH_ROOT } from "../support/paths.js";

export { PHH_ROOT };

/** The one alert a correct hand may raise: all-in with betting over, hands face up (r.14). */
const ALLOWED_ALERTS = new Set(["ALLIN_TABLE_HANDS"]);

/** Every hand the engine replay can check. */
export function eligibleHands(): CorpusEntry[] {
  return listCorpus(PHH_ROOT).filter(isReplayable);
}

/**
 * The default configuration, except that a big-blind ante is posted before the blind: PokerKit does so, and
 * the recorded finishing stacks depend on it when the big blind cannot cover both (side-pots/sp04).
 */
function phhConfig(scanMs?: number): Config {
  const config = loadConfig();
  return {
    ...config,
    house: { bbAnteOrder: "ante-first" },
    ...(scanMs === undefined ? {} : { reading: { ...config.reading, scanRoundMs: scanMs } }),
  };
}

/** How a hand is dealt: the pace of the dealer and players, and the readers' scan round (none: every change reported at once). */
export interface DealingOptions {
  readonly pace: PaceMode;
  readonly scanMs?: number;
}

export const FIXED: DealingOptions = { pace: "fixed" };
/** Issue 13's target: random pace, 200 ms scan rounds. */
export const RANDOM_200: DealingOptions = { pace: "random", scanMs: 200 };

/** The true felt's events as the configured bridge reports them in scan rounds of `scanMs`. */
export function scanned(events: readonly InputEventIn[], scanMs: number): InputEventIn[] {
  const config = phhConfig(scanMs);
  const scan = new ScanRounds({
    roundMs: scanMs,
    missedScans: config.reading.missedScans,
    antennas: scanLayout(config),
  });
  return [...scan.push(events), ...scan.flush()];
}

/** Feeds the events to a fresh core the way replay does: the clock advanced to each event, then the event. */
export function runCore(events: readonly InputEventIn[], scanMs?: number): TableEvent[] {
  const core = createTableFromConfig(phhConfig(scanMs));
  const out: TableEvent[] = [];
  let lastT = 0;
  for (const e of events) {
    out.push(...core.advanceTo(e.t));
    out.push(...core.handle(InputEvent.parse(e)));
    lastT = e.t;
  }
  out.push(...core.finish(lastT));
  return out;
}

/** What went wrong with one hand on the simulated table, or `null` when its hand_end matches the record. */
export function deviceProblem(
  path: string,
  seed: number,
  noise: NoiseOptions,
  dealing: DealingOptions = FIXED,
): string | null {
  let script: PhhScript;
  try {
    script = phhToInputEvents(readPhhFile(join(PHH_ROOT, path)), { seed, noise, pace: dealing.pace });
  } catch (e) {
    return `${path}: not converted: ${(e as Error).message}`;
  }
  const { scanMs } = dealing;
  const out = runCore(scanMs === undefined ? script.events : scanned(script.events, scanMs), scanMs);
  const alerts = out.flatMap((e) =>
    e.kind === "alert" && !ALLOWED_ALERTS.has(e.code) ? [`${e.code}@${e.t}`] : [],
  );
  const ends = out.filter((e) => e.kind === "hand_end");
  const end = ends[0];
  const problems: string[] = [];
  if (alerts.length > 0) problems.push(`alerts ${alerts.join(", ")}`);
  if (end === undefined) problems.push("no hand_end");
  else {
    if (ends.length > 1) problems.push(`${ends.length} hand_end events`);
    if (end.result !== "complete") problems.push(`result ${end.result}`);
    const got = Object.fromEntries(script.seats.map((s) => [s, end.stacks[String(s)]]));
    if (script.seats.some((s) => got[s] !== script.expectedStacks[s])) {
      problems.push(`stacks ${JSON.stringify(got)}, expected ${JSON.stringify(script.expectedStacks)}`);
    }
  }
  const how = `seed ${seed}${noiseName(noise)}, pace ${script.profile}${scanMs === undefined ? "" : `, scan ${scanMs} ms`}`;
  return problems.length === 0 ? null : `${path} (${how}): ${problems.join("; ")}`;
}

function noiseName(noise: NoiseOptions): string {
  const on = Object.entries(noise).flatMap(([k, v]) => (v ? [k] : []));
  return on.length === 0 ? "" : `, ${on.join("+")}`;
}

/** Runs the hands clean and with noise, dealt as `dealing` says; returns one line per failing run. */
export function deviceFailures(entries: readonly CorpusEntry[], dealing: DealingOptions = FIXED): string[] {
  const noisy: NoiseOptions = { flicker: true, splitBets: true };
  return entries.flatMap((e, i) =>
    [deviceProblem(e.path, i + 1, {}, dealing), deviceProblem(e.path, i + 1, noisy, dealing)].filter(
      (p) => p !== null,
    ),
  );
}

/** A readable failure summary: the count and the first few lines. */
export function summary(failures: readonly string[], runs: number): string {
  return `${failures.length} of ${runs} runs failed${failures.length > 0 ? `:\n${failures.slice(0, 15).join("\n")}` : ""}`;
}
