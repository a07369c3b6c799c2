/**
 * The table's events numbered (`seq`, shared/spec/events.md): a consumer that has seen number N drops
 * anything at or below N, so a number must mean one event for the life of the table. Numbers are given
 * at the core's public boundary, in the order its events leave it, and the counter is part of the
 * checkpoint: a replay from a checkpoint gives every event the number it had when it was first said.
 */
import { formatNumberedLine } from "../contract/jsonl.js";
import type { TableEvent } from "../contract/output.js";
import type { CoreCheckpoint, TableCore } from "./core.js";
import type { TableState } from "./state.js";

/** A checkpoint of a numbered core: the core's own, plus the last number given. */
export interface NumberedCheckpoint extends CoreCheckpoint {
  eventSeq: number;
}

/** The last number a checkpoint records (0: none given yet, or a checkpoint from before numbering). */
export function checkpointEventSeq(cp: CoreCheckpoint | undefined): number {
  const n = (cp as Partial<NumberedCheckpoint> | undefined)?.eventSeq;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : 0;
}

export class NumberedCore implements TableCore {
  private last: number;

  constructor(
    /** The core it numbers. */
    readonly inner: TableCore,
    lastSeq = 0,
  ) {
    this.last = lastSeq;
  }

  /** The number of the last event given out (0 before the first). */
  get lastEventSeq(): number {
    return this.last;
  }

  handle(event: Parameters<TableCore["handle"]>[0]): TableEvent[] {
    return this.number(this.inner.handle(event));
  }

  advanceTo(t: number): TableEvent[] {
    return this.number(this.inner.advanceTo(t));
  }

  finish(t: number): TableEvent[] {
    return this.number(this.inner.finish(t));
  }

  nextDeadline(): number | null {
    return this.inner.nextDeadline();
  }

  snapshot(): TableState {
    return this.inner.snapshot();
  }

  view(): ReturnType<TableCore["view"]> {
    return this.inner.view();
  }

  privateView(): ReturnType<TableCore["privateView"]> {
    return this.inner.privateView();
  }

  get live(): TableCore["live"] {
    return this.inner.live;
  }

  get pendingRuling(): TableCore["pendingRuling"] {
    return this.inner.pendingRuling;
  }

  checkpoint(): NumberedCheckpoint | null {
    const cp = this.inner.checkpoint();
    return cp === null ? null : { ...cp, eventSeq: this.last };
  }

  /** Numbers events from the same counter: the core's, and those the runtime announces (journal notices). */
  number(events: readonly TableEvent[]): TableEvent[] {
    // A copy of each event, not the event numbered in place: the core may keep one it returned (a pending
    // alert) and a number written into it would change what it says later. Most inputs say nothing: no
    // closure or copy then.
    const out: TableEvent[] = [];
    for (let i = 0; i < events.length; i++) out.push({ ...(events[i] as TableEvent), seq: (this.last += 1) });
    return out;
  }

  /**
   * One event of the inner core's numbered and written as its JSON line: the line of the event
   * {@link number} would give, without the numbered copy (`feltguard replay`, which writes every event).
   */
  line(event: TableEvent): string {
    return formatNumberedLine(event, (this.last += 1));
  }

  /**
   * Events said before with their numbers (a journaled notice, replayed): they keep them, and the
   * counter goes on after them.
   */
  again(events: readonly TableEvent[]): TableEvent[] {
    for (const e of events) if (e.seq !== undefined && e.seq > this.last) this.last = e.seq;
    return [...events];
  }
}

/** The core numbered, going on from a checkpoint's counter (or from `base` for a table with no checkpoint yet). */
export function numbered(core: TableCore, from?: CoreCheckpoint, base = 0): NumberedCore {
  return new NumberedCore(core, from === undefined ? base : checkpointEventSeq(from));
}
