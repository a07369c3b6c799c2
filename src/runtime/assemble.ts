/**
 * The one assembly of a table: configuration + ports → the core and the runtime that feeds it. Every
 * way the program runs a table goes through here — `feltguard table` (journal, live clock, devices),
 * `run` (journal, the input file's clock), `sim` (simulated or paced clock), `sim --devices` (the
 * emulator's virtual clock) and the benchmarks — so a table is built the same way everywhere: its
 * registry and core from the configuration, recovered from the journal when there is one, every input
 * journaled before the core sees it. Devices are opened on the assembled runtime by the caller
 * (src/runtime/tableDevices.ts, the emulator link): they are ports that submit, not parts of the core.
 * The simulators (`sim` for the flop games and Three Card Poker, the room of `sim --tables`) assemble
 * theirs here too, with no journal, on their own clock.
 *
 * A bare core, built from the configuration by createTableFromConfig (src/runtime/tableSettings.ts)
 * and fed directly, is intended where events already journaled or logged are read again, or where
 * nothing may be journaled, numbered anew or shown: `replay` and `demo` (a log replayed as it was),
 * `render` (the view at an event of a log), the journal commands and recovery (a checkpoint and the
 * rows after it, src/journal/), the floor feed's backlog (the journal replayed, src/app/tableFeed.ts),
 * the simulator's focus (a shadow of the table's core, src/sim/scanFocus.ts) and the replay breakdown
 * bench (the core timed alone). test/runtime/assemble.test.ts keeps that list.
 */
import type { Config } from "../config/configSchema.js";
import {
  DEFAULT_MAX_DOWNTIME_MS,
  type Recovered,
  recover,
  resumedClock,
  resumption,
} from "../journal/recovery.js";
import type { Journal } from "../journal/journal.js";
import type { InputJournal, MonotonicClock, SetTimer, TableOutput } from "../ports/ports.js";
import type { Registry } from "../reading/registry.js";
import type { TableCore } from "../table/core.js";
import { createTableFromConfig, registryFromConfig, type TableConfig } from "./tableSettings.js";
import { Runtime } from "./runtime.js";

// What the core is built from: the validated configuration, or the part of it the core reads.
export type { TableConfig } from "./tableSettings.js";

/** The ports a table is assembled with; each left out has the default a simulation wants. */
export interface TablePorts {
  /**
   * The journal: the table is rebuilt from it (checkpoint + replay of the hand in progress) and every
   * input is appended to it before the core sees it. Left out: no journal, a new table.
   */
  journal?: Journal;
  /** What the runtime appends through (default: the journal itself; e.g. a timing wrapper). */
  appendThrough?: (journal: Journal) => InputJournal;
  /**
   * The runtime's clock, given where table time resumes (0 without a journal). Default: the process
   * clock, going on from there (a restarted table never stamps an input before its last one).
   */
  clock?: (lastT: number) => MonotonicClock;
  /**
   * Where table time resumes after a restart: the journal's last `t` plus the time the table was down
   * by the wall clock (`wall-clock`, the default on the process clock: windows open at the crash ran out
   * while it was down; src/journal/recovery.ts resumedT), or the journal's last `t` (`journal`, the
   * default with a given clock: an input file's time is its own time base).
   */
  resume?: "wall-clock" | "journal";
  /** Arms the timer for the core's next deadline (default: a real timer; a replay-paced run: none). */
  setTimer?: SetTimer;
  /** Where table events go (more can be added on the runtime). */
  outputs?: readonly TableOutput[];
  /** The tag registry (default: the configuration's). */
  registry?: Registry;
  /** The wall clock stamped on each input as `wall` (default: the real one). */
  wallClock?: () => Date;
  /** The most downtime a restart counts into table time (journal.maxDowntimeMs; default one hour). */
  maxDowntimeMs?: number;
}

export interface AssembledTable {
  /** The core as built (recovered from the journal: already numbered). */
  core: TableCore;
  runtime: Runtime;
  /** What recovery found; null without a journal. */
  recovered: Recovered | null;
  /**
   * The wall clock claimed more downtime than table time counts: how much (the caller says it,
   * clockJumpNotice). Null otherwise.
   */
  clockJumpedMs: number | null;
}

/** A timer that never fires: windows run when the next input's `t` advances the core, as in replay. */
export const noTimer: SetTimer = () => ({ cancel: () => undefined });

/** Assembles a table from its configuration and ports. */
export function assembleTable(config: TableConfig | Config, ports: TablePorts = {}): AssembledTable {
  const registry = ports.registry ?? registryFromConfig(config);
  const journal = ports.journal;
  const recovered =
    journal === undefined ? null : recover(journal, (cp) => createTableFromConfig(config, registry, cp));
  const core = recovered?.core ?? createTableFromConfig(config, registry);
  const resume = ports.resume ?? (ports.clock === undefined ? "wall-clock" : "journal");
  const resumed =
    recovered === null
      ? { t: 0, jumpedMs: null }
      : resume === "wall-clock"
        ? resumption(
            recovered,
            ports.wallClock?.() ?? new Date(),
            ports.maxDowntimeMs ?? DEFAULT_MAX_DOWNTIME_MS,
            core.nextDeadline() !== null,
          )
        : { t: recovered.lastT, jumpedMs: null };
  const lastT = resumed.t;
  const input = journal === undefined ? undefined : (ports.appendThrough?.(journal) ?? journal);
  const runtime = new Runtime({
    core,
    clock: ports.clock?.(lastT) ?? resumedClock(lastT),
    ...(input === undefined ? {} : { journal: input }),
    outputs: [...(ports.outputs ?? [])],
    ...(ports.setTimer === undefined ? {} : { setTimer: ports.setTimer }),
    ...(recovered === null ? {} : { startT: lastT }),
    ...(ports.wallClock === undefined ? {} : { wallClock: ports.wallClock }),
  });
  return { core, runtime, recovered, clockJumpedMs: resumed.jumpedMs };
}
