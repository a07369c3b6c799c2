/** Shared by the PHH tests: the corpus location and a replay that reports mismatches readably. */
import { join } from "node:path";
import { type CorpusEntry, isReplayable, listCorpus } from "../../src/rules/phh/corpus.js";
import { readPhhFile } from "../../src/rules/phh/read.js";
import { replayHand } from "../../src/rules/phh/replay.js";

import { PHH_ROOT } from "../support/paths.js";

export { PHH_ROOT };

/** Every hand the replay can check. */
export function replayableHands(): CorpusEntry[] {
  return listCorpus(PHH_ROOT).filter(isReplayable);
}

/** Replays the hands and returns one line per hand that did not reproduce `finishing_stacks`. */
export function replayAll(entries: readonly CorpusEntry[]): string[] {
  const failures: string[] = [];
  for (const e of entries) {
    try {
      const r = replayHand(readPhhFile(join(PHH_ROOT, e.path)));
      if (!r.matches) failures.push(`${e.path}: got [${r.finalStacks}], expected [${r.expected}]`);
    } catch (err) {
      failures.push((err as Error).message);
    }
  }
  return failures;
}
