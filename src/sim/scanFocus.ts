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
import { createTableFromConfig, registryFromConfig } from "../runtime/tableSettings.js";
import type { CoreCheckpoint, TableCore } from "../table/tableCore.js";
import { toInputEvent } from "./run.js";

/** The focus as the scan model asks for it. */
export interface ScanFocus {
  /** Sees every event the bridge model passes on to the table, in order. */
  observe(event: InputEventIn): void;
  /** The antennas where a tag is expected next at `t` (not before the last event observed). */
  expected(t: number): readonly string[];
  /**
   * The focus as it stands, apart from this one (the bridge model is copied at each hand's start, to
   * hear the hand again when the floor changes what the dealer does); absent: it cannot be copied.
   */
  copy?(): ScanFocus;
}

/** What the shadow's core was told since its last checkpoint: an input, or time moved on to `t`. */
type Told = { readonly event: InputEventIn } | { readonly t: number };

/**
 * Where a shadow starts: a checkpoint of its core (none: an empty table) and what it was told since:
 * the first `count` entries of `log` (shared with the shadow it was copied from, which only appends to
 * it, or replaces its last entry: `lastTold` is that entry as it was when copied).
 */
interface ShadowStart {
  readonly from: CoreCheckpoint | undefined;
  readonly log: readonly Told[];
  readonly count: number;
  readonly lastTold: Told | undefined;
  readonly last: number;
}

/**
 * Hands between two checkpoints of the shadow. A checkpoint copies the table and the reader's record
 * of every chip it has seen (the simulator's chips are new tags each hand), so one per hand would make
 * a long run's cost grow with its square; a copy followed (a ruling, rare) replays at most these hands.
 */
const HANDS_PER_CHECKPOINT = 50;

/**
 * A focus from a shadow of the table's core, built from the same configuration. Copyable: the shadow
 * keeps a checkpoint of its core taken between hands and what it was told since, so a copy is a core
 * rebuilt from that checkpoint and told the same again (as a restarted table is, src/journal), built only
 * once the copy is used (a ruling followed): copying costs nothing at each hand's start.
 */
export function shadowFocus(
  config: Config,
  start: ShadowStart = { from: undefined, log: [], count: 0, lastTold: undefined, last: 0 },
): ScanFocus {
  const registry = registryFromConfig(config);
  let built: { core: TableCore; from: CoreCheckpoint | undefined; told: Told[] } | null = null;
  let last = start.last;
  let cached: readonly string[] | null = null;
  let handsEnded = 0;
  /** The core, rebuilt from the start on first use: a bare core, not an assembled table (src/runtime/
   * assemble.ts): the shadow only mirrors the table's state; it must journal, number and show nothing. */
  const shadow = () => {
    if (built !== null) return built;
    // The checkpoint is shared with the shadow it was copied from: each core gets its own.
    const core = createTableFromConfig(config, registry, start.from && structuredClone(start.from));
    const told = start.log.slice(0, start.count);
    if (start.lastTold !== undefined) told[told.length - 1] = start.lastTold;
    for (const t of told) tell(core, t);
    built = { core, from: start.from, told };
    return built;
  };
  const tell = (core: TableCore, told: Told): boolean => {
    const said = "event" in told ? core.handle(toInputEvent(told.event)) : core.advanceTo(told.t);
    for (const e of said) if (e.kind === "hand_end") handsEnded += 1;
    return "event" in told || said.length > 0;
  };
  const advance = (t: number) => {
    if (t < last) return;
    last = t;
    const s = shadow();
    // Moving on to t1 and then t2 with nothing told between is moving on to t2 (each window still runs
    // out at its own moment): one entry, else the list grows with every scan slot the bridge asks about.
    const lastTold = s.told.at(-1);
    if (lastTold !== undefined && "t" in lastTold) s.told[s.told.length - 1] = { t };
    else s.told.push({ t });
    // A window that closes (a settle window, a departure) changes the state; it says so in events.
    if (tell(s.core, { t })) cached = null;
  };
  return {
    observe(event) {
      advance(event.t);
      const s = shadow();
      const told = { event: { ...event, t: Math.max(event.t, last) } as InputEventIn };
      tell(s.core, told);
      cached = null;
      // Between hands the core can be checkpointed: what it was told before is no longer needed.
      const checkpoint = handsEnded >= HANDS_PER_CHECKPOINT ? s.core.checkpoint() : null;
      if (checkpoint === null) s.told.push(told);
      else {
        built = { core: s.core, from: checkpoint, told: [] };
        handsEnded = 0;
      }
    },
    expected(t) {
      advance(t);
      cached ??= expectedAntennas(
        tableView(shadow().core, { tableName: "", alerts: [], readersOffline: [] }),
      );
      return cached;
    },
    copy() {
      const s = shadow();
      const count = s.told.length;
      return shadowFocus(config, { from: s.from, log: s.told, count, lastTold: s.told.at(-1), last });
    },
  };
}
