/** Input logs of several PHH hands dealt one after another on the simulated table, for the journal tests. */
import { join } from "node:path";
import { loadConfig } from "../../src/config/config.js";
import { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { readPhhFile } from "../../src/rules/phh/read.js";
import { phhToInputEvents } from "../../src/sim/phhScript.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { PHH_ROOT } from "../support/paths.js";

/** The PHH files of the first `count` Pluribus hands (six-handed no-limit, no antes). */
export function pluribusFiles(count: number, start = 1): string[] {
  return Array.from({ length: count }, (_, i) => join(PHH_ROOT, `pluribus/100/${start + i}.phh`));
}

/**
 * The hands dealt in turn: each begins with its floor set-up (stacks reset by `seat` ops), and between
 * hands the dealer clears every antenna, as a real dealer collects the cards and pushes the pot.
 */
export function tableInput(files: readonly string[]): InputEvent[] {
  const out: InputEvent[] = [];
  let t = 0;
  files.forEach((file, i) => {
    const { events } = phhToInputEvents(readPhhFile(file), { startT: t, seed: i + 1 });
    const last = new Map<string, number>();
    for (const e of events) {
      const parsed = InputEvent.parse(e);
      out.push(parsed);
      if (parsed.kind === "tags") last.set(parsed.antenna, parsed.tags.length);
      t = parsed.t;
    }
    t += 1000;
    for (const [antenna, n] of last) if (n > 0) out.push({ t: (t += 20), kind: "tags", antenna, tags: [] });
    t += 1000;
  });
  return out;
}

/** What an uninterrupted replay of `events` says (as `feltguard replay` does). */
export function straightReplay(events: readonly InputEvent[]): {
  perEvent: TableEvent[][];
  final: TableEvent[];
} {
  const core = createTableFromConfig(loadConfig());
  const perEvent = events.map((e) => [...core.advanceTo(e.t), ...core.handle(e)]);
  return { perEvent, final: core.finish(events.at(-1)?.t ?? 0) };
}
