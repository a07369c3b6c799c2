/** Writes a long input log for the replay benchmark: PHH hands dealt as device events, back to back. */
import { createWriteStream } from "node:fs";
import { join, resolve } from "node:path";
import { formatJsonLine, type InputEventIn } from "../src/contract/index.js";
import { isReplayable, listCorpus } from "../src/rules/phh/corpus.js";
import { readPhhFile } from "../src/rules/phh/read.js";
import { phhToInputEvents } from "../src/sim/phhScript.js";

/** The shared PHH data, beside the repository as in CI. */
export const PHH_ROOT = resolve(import.meta.dirname, "../../shared/data/phh");

/**
 * Writes at least `minEvents` input events to `file`: six-handed Pluribus hands, each on a fresh
 * table set-up (the floor re-seats stacks between hands, as PHH stacks reset every hand).
 */
export async function writeReplayLog(
  file: string,
  minEvents: number,
): Promise<{ events: number; hands: number }> {
  const entries = listCorpus(PHH_ROOT).filter((e) => isReplayable(e) && e.path.startsWith("pluribus/"));
  const out = createWriteStream(file);
  let events = 0;
  let hands = 0;
  let t = 0;
  let first = true;
  const onTable = new Map<string, number>();
  while (events < minEvents) {
    // The dealer collects every card and chip of the last hand before the next shuffle (r.21).
    for (const [antenna, count] of onTable) {
      if (count === 0) continue;
      t += 50;
      out.write(formatJsonLine({ t, kind: "tags", antenna, tags: [] }));
      events += 1;
    }
    onTable.clear();
    t += 2000;
    const entry = entries[hands % entries.length]!;
    const script = phhToInputEvents(readPhhFile(join(PHH_ROOT, entry.path)), { seed: hands + 1, startT: t });
    for (const e of script.events) {
      // After the first hand only stacks are reset; seats, game and level stay.
      const isSetup = e.kind === "floor" && (e.op === "seat" || e.op === "game" || e.op === "level");
      const line: InputEventIn =
        !first && isSetup && e.op === "seat"
          ? { t: e.t, kind: "floor", op: "stack", seat: e.seat, stack: e.stack }
          : e;
      if (!first && isSetup && e.op !== "seat") continue;
      out.write(formatJsonLine(line as Record<string, unknown>));
      if (e.kind === "tags") onTable.set(e.antenna, e.tags.length);
      events += 1;
      t = Math.max(t, e.t);
    }
    t += 5000;
    first = false;
    hands += 1;
  }
  await new Promise<void>((r) => out.end(r));
  return { events, hands };
}
