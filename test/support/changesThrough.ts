/**
 * What a core shows of itself after every input of a log, with consecutive repeats folded: the trace
 * the chart-state and `core.live` tests compare against what the chart promises.
 */
import type { InputEvent } from "../../src/contract/index.js";
import type { TableCore } from "../../src/table/core.js";

/** `read(core)` after each clock advance and each input, then after the log ends; repeats folded. */
export function changesThrough<T>(core: TableCore, inputs: InputEvent[], read: (core: TableCore) => T): T[] {
  const seen: T[] = [];
  const note = () => {
    const now = read(core);
    if (seen.length === 0 || JSON.stringify(seen.at(-1)) !== JSON.stringify(now)) seen.push(now);
  };
  for (const e of inputs) {
    core.advanceTo(e.t);
    note();
    core.handle(e);
    note();
  }
  core.finish(inputs.at(-1)?.t ?? 0);
  note();
  return seen;
}
