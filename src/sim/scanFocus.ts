/**
 * The host's focus for the simulated bridge (src/sim/scanRounds.ts): what `feltguard table` would send
 * as FOCUS at each moment, worked out by a second core that sees exactly the events the table's core
 * sees (the bridge model's reports and every other input), so the scan model can scan first where the
 * next card or chips should land — the same pure function of the public view as at the table
 * (src/devices/bridge/focus.ts), never the simulator's own knowledge of what comes next.
 */
import type { Config } from "../config/configSchema.js";
import type { InputEventIn } from "../contract/input.js";
import { expectedAntennas } from "../devices/bridge/focus.js";
import { tableView } from "../display/view.js";
import { createTableFromConfig } from "../runtime/tableSettings.js";
import { toInputEvent } from "./run.js";

/** The focus as the scan model asks for it. */
export interface ScanFocus {
  /** Sees every event the bridge model passes on to the table, in order. */
  observe(event: InputEventIn): void;
  /** The antennas where a tag is expected next at `t` (not before the last event observed). */
  expected(t: number): readonly string[];
}

/** A focus from a shadow of the table's core, built from the same configuration. */
export function shadowFocus(config: Config): ScanFocus {
  // A bare core, not an assembled table (src/runtime/assemble.ts): the shadow only mirrors the table's
  // state; it must journal, number and show nothing of its own.
  const core = createTableFromConfig(config);
  let last = 0;
  let cached: readonly string[] | null = null;
  const advance = (t: number) => {
    if (t < last) return;
    last = t;
    // A window that closes (a settle window, a departure) changes the state; it says so in events.
    if (core.advanceTo(t).length > 0) cached = null;
  };
  return {
    observe(event) {
      advance(event.t);
      core.handle(toInputEvent({ ...event, t: Math.max(event.t, last) } as InputEventIn));
      cached = null;
    },
    expected(t) {
      advance(t);
      cached ??= expectedAntennas(tableView(core, { tableName: "", alerts: [], readersOffline: [] }));
      return cached;
    },
  };
}
