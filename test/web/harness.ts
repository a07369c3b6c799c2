/** Shared set-up for the floor page tests: a runtime on a hand-driven clock, scenarios and PHH hands as events. */
import { join } from "node:path";
import { loadConfig } from "../../src/config/config.js";
import { type InputJournal, Runtime } from "../../src/runtime/runtime.js";
import { InputEvent, type InputEventIn } from "../../src/contract/input.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { REPO_ROOT } from "../support/paths.js";
import { scenarioInputs } from "../support/scenarioFiles.js";

export const TOKEN = "floor-secret-token";

/** A runtime whose clock the test moves; timers never fire (the test calls `tick`). */
export function testRuntime(
  config = loadConfig(),
  journal?: InputJournal,
): { runtime: Runtime; setNow: (t: number) => void } {
  let now = 0;
  const runtime = new Runtime({
    ...(journal ? { journal } : {}),
    core: createTableFromConfig(config),
    clock: () => now,
    setTimer: () => ({ cancel: () => undefined }),
  });
  return { runtime, setNow: (t) => (now = Math.max(now, t)) };
}

/** The input lines of a scenario file (test/scenarios/<name>.jsonl), without its expectations. */
export function scenario(name: string): InputEventIn[] {
  return scenarioInputs(join(REPO_ROOT, "test/scenarios", `${name}.jsonl`));
}

/**
 * Feeds events to the runtime at their times, calling `after` after each one; then lets one scan round
 * pass, so that judgements waiting for the readers (the first card, the board) are made.
 */
export function feed(
  runtime: Runtime,
  setNow: (t: number) => void,
  events: readonly InputEventIn[],
  after: () => void = () => undefined,
): void {
  for (const e of events) {
    setNow(e.t);
    runtime.submit(InputEvent.parse(e));
    after();
  }
  const last = events.at(-1)?.t;
  if (last === undefined) return;
  setNow(last + loadConfig().reading.scanRoundMs);
  runtime.tick();
}

/** The face of a card tag (`card:A:As/2` → `As`), or null for a chip. */
export function faceOfTag(tag: string): string | null {
  const m = /^card:[^:]+:([2-9TJQKA][cdhs])(?:\/\d+)?$/.exec(tag);
  return m?.[1] ?? null;
}

/** The faces that appear in `text` as whole tokens (so "Th" is found in `"Th"` but not in "The"). */
export function facesIn(text: string, faces: Iterable<string>): string[] {
  return [...faces].filter((f) => new RegExp(`(?<![A-Za-z0-9])${f}(?![A-Za-z0-9])`).test(text));
}
