/** `feltguard replay`: feeds a JSON Lines input log through the core and writes the table events. */
import { readFileSync } from "node:fs";
import { formatJsonLine, InputEvent, JsonLinesError, readJsonLines } from "../contract/index.js";
import type { TableEvent } from "../contract/output.js";
import type { TableCore } from "../table/core.js";

export interface ReplayOptions {
  /** Report, skip and count invalid lines instead of stopping at the first. */
  lenient: boolean;
  out: (line: string) => void;
  diag: (line: string) => void;
}

export interface ReplaySummary {
  events: number;
  skipped: number;
  tableEvents: number;
}

/** Replays `text` (the contents of `file`) through `core`. Throws {@link JsonLinesError} unless lenient. */
export function replayText(
  text: string,
  file: string,
  core: TableCore,
  options: ReplayOptions,
): ReplaySummary {
  const summary: ReplaySummary = { events: 0, skipped: 0, tableEvents: 0 };
  // Lines are written in chunks: one write per line costs more than the core itself.
  let pending = "";
  const flush = () => {
    if (pending !== "") options.out(pending);
    pending = "";
  };
  const emit = (events: TableEvent[]) => {
    for (const e of events) pending += formatJsonLine(e);
    if (pending.length > 64 * 1024) flush();
    summary.tableEvents += events.length;
  };
  let lastT = 0;
  for (const result of readJsonLines(text, file, InputEvent)) {
    if (!result.ok) {
      flush();
      if (!options.lenient) throw result.error;
      options.diag(`skipped ${result.error.message}`);
      summary.skipped += 1;
      continue;
    }
    const event = result.value;
    // Delayed behaviour due before this event happens first, exactly as it would have live.
    emit(core.advanceTo(event.t));
    emit(core.handle(event));
    summary.events += 1;
    lastT = event.t;
  }
  emit(core.finish(lastT));
  flush();
  return summary;
}

/** Replays a file; see {@link replayText}. */
export function replayFile(file: string, core: TableCore, options: ReplayOptions): ReplaySummary {
  return replayText(readFileSync(file, "utf8"), file, core, options);
}

export { JsonLinesError };
