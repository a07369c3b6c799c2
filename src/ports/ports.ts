/**
 * The table's ports: what the runtime needs from the world around the core, declared below everyone
 * who implements or uses them. The journal implements `InputJournal`, the displays, the floor page and
 * the feed are `TableOutput`s, the live and simulated clocks are `MonotonicClock` + `SetTimer`, and
 * the drivers are `DevicePort`s. Declaring them here (not in src/runtime/) lets the journal and the
 * displays implement them without importing the runtime, and lets the runtime assemble a table from
 * the journal (src/runtime/assemble.ts) without a folder loop.
 */
import type { InputEvent } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { TableCore } from "../table/core.js";

/** Where input events are kept before the core sees them (the SQLite journal at the table). */
export interface InputJournal {
  /** Appends one event; returns its sequence number. Must not throw: a failing journal says so itself. */
  append(event: InputEvent): number;
  /** Alerts the journal raised about itself (e.g. it stopped journaling); the runtime outputs them. */
  takeAlerts?(): TableEvent[];
  /** Journals the table's own notices (numbered) where they are said, so a replay says them again. */
  notice?(events: readonly TableEvent[]): void;
  /**
   * Journals that the table's windows ran to `t` and said something, before it is said: a replay runs
   * them to the same `t` at the same place, so what they said keeps its numbers and a restart resumes
   * no earlier, whatever the wall clock says.
   */
  reached?(t: number): void;
}

/** Something that shows or forwards table events (a display, the floor page, a log). */
export type TableOutput = (events: readonly TableEvent[], core: TableCore) => void;

/** A clock: whole milliseconds, never decreasing. */
export type MonotonicClock = () => number;

/** Arms a timer for the core's next deadline (real at the table, virtual or none in a simulation). */
export type SetTimer = (ms: number, run: () => void) => { cancel(): void };

/** The live clock: milliseconds since the process started, as integers. */
export const processClock: MonotonicClock = () => Math.floor(performance.now());

/** A device driver the table opened: it submits input events, and is stopped with the table. */
export interface DevicePort {
  stop(): Promise<void>;
}
