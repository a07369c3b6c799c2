/**
 * Recovery after a crash or a power cut: the latest checkpoint (taken at a hand's end, checked with the
 * rest of the journal when it was opened) and a replay of the rows after it — the hand that was in
 * progress. Replay, not xstate's persistence, is the recovery path: timers (settle windows) are re-run
 * from each event's `t` as in any replay. Every table event gets back the number it was first said
 * under, and journaled notices are said again where they were.
 */
import type { MonotonicClock } from "../ports/ports.js";
import type { InputEvent } from "../contract/input.js";
import { alert } from "../contract/alerts.js";
import type { TableEvent } from "../contract/output.js";
import type { CoreCheckpoint, TableCore } from "../table/core.js";
import { type NumberedCore, numbered } from "../table/numbered.js";
import { parseStored } from "./db.js";
import { HAND_RECOVERED } from "./faults.js";
import type { Journal } from "./journal.js";

export interface Recovered {
  core: NumberedCore;
  /** The table events of the replayed rows, in order, with their numbers: what the displays show again. */
  replayed: TableEvent[];
  /** The checkpoint's sequence number (0: none, the whole journal was replayed). */
  checkpointSeq: number;
  /** How many journaled rows were replayed after the checkpoint. */
  replayedEvents: number;
  lastSeq: number;
  lastT: number;
  /** The wall clock stamped on the last journaled input replayed (null: none after the checkpoint). */
  lastWall: string | null;
  /**
   * What each antenna last listed, as the recovered core heard it: the bridge driver reports its first
   * snapshots against it (src/devices/bridge/session.ts, `known`), so what moved while the table was
   * down reaches the core, an antenna emptied meanwhile included.
   */
  antennas: Record<string, string[]>;
  /** The hand in progress after the replay, if any: it is a recovered hand. */
  handInProgress: number | null;
  ms: number;
}

/** Rebuilds the core from a checkpoint (or from nothing); the caller knows the configuration. */
export type CoreFactory = (checkpoint: CoreCheckpoint | undefined) => TableCore;

/** What the core is given of a journaled input: the event without the wall-clock stamp it never reads. */
export function forCore(event: InputEvent): InputEvent {
  if (event.wall === undefined) return event;
  const { wall: _wall, ...rest } = event;
  return rest as InputEvent;
}

/** Rebuilds the table from the journal; the hand index and checkpoints are brought up to date on the way. */
export function recover(journal: Journal, makeCore: CoreFactory): Recovered {
  const started = performance.now();
  const checkpoint = journal.checkpoint;
  const core = numbered(makeCore(checkpoint?.state), checkpoint?.state, journal.eventSeqBase);
  const replayed: TableEvent[] = [];
  let count = 0;
  let lastT = checkpoint?.t ?? 0;
  let lastWall: string | null = null;
  let previousSeq = checkpoint?.seq ?? 0;
  const antennas: Record<string, string[]> = { ...(checkpoint?.state.reader.reports ?? {}) };
  for (const row of journal.rowsAfterCheckpoint()) {
    journal.replaying(row);
    const stored = parseStored(row);
    if ("input" in stored) {
      const event = forCore(stored.input);
      const out = [...core.advanceTo(event.t), ...core.handle(event)];
      journal.record(out, core, row.seq);
      replayed.push(...out);
      lastWall = stored.input.wall ?? lastWall;
      if (event.kind === "tags") antennas[event.antenna] = [...event.tags];
    } else {
      // The runtime ran the windows due by a notice's time before it said the notice (Runtime.announce),
      // and what they said took the numbers before it: so here, or a timer's event would come after the
      // notice under a new number.
      const due = core.advanceTo(row.t);
      journal.record(due, core, previousSeq);
      replayed.push(...due, ...core.again(stored.notice));
    }
    count += 1;
    lastT = Math.max(lastT, row.t);
    previousSeq = row.seq;
  }
  return {
    core,
    replayed,
    checkpointSeq: checkpoint?.seq ?? 0,
    replayedEvents: count,
    lastSeq: journal.lastSeq,
    lastT,
    lastWall,
    antennas,
    handInProgress: core.snapshot().hand?.hand ?? null,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * The floor page's notice that the hand in progress was rebuilt from the journal after a restart, said
 * at `t` (the resumed clock's now: windows that ran out while the table was down come before it).
 */
export function recoveredNotice(r: Recovered, t: number = r.lastT): TableEvent[] {
  if (r.handInProgress === null) return [];
  return [
    alert(
      t,
      HAND_RECOVERED,
      `Hand ${r.handInProgress} was recovered after a restart: ${r.replayedEvents} journaled events ` +
        "replayed; check the displays against the table",
      [
        // What the dealer did while the table was down reached it at once, in the readers' first reports
        // after the restart: their order is not the order it happened in, so the table judged none of it
        // (who was dealt first, who acted in turn). Someone who saw it must.
        "Cards dealt and chips put out while the table was down were read from the readers' first reports after the restart, in no order the table could see: check with the players that the deal went round in order and that every action was in turn",
        "Compare the board, bets and stacks shown with the layout",
        "Call the floor if anything differs",
      ],
    ),
  ];
}

/**
 * Where table time resumes after a restart: the journal's last `t` plus the time the table was down, by
 * the wall clock (the last input's stamp against now). Windows open at the crash ran out while it was
 * down, and one that ran out before the crash said its event under the next number: the restart says
 * it again under that number before any notice (Runtime.announce). A wall clock set back across the
 * restart counts as no downtime: table time still never goes back, because what the windows said before
 * the crash was journaled at the time they ran to (Journal.reached), and the journal's last `t` is after it.
 */
export function resumedT(r: Pick<Recovered, "lastT" | "lastWall">, wallNow: Date): number {
  const stamped = r.lastWall === null ? Number.NaN : Date.parse(r.lastWall);
  const down = wallNow.getTime() - stamped;
  return Number.isFinite(down) && down > 0 ? r.lastT + Math.floor(down) : r.lastT;
}

/** A clock that goes on from the journal's last `t` after a restart (the process clock starts again at 0). */
export function resumedClock(lastT: number, now: () => number = () => performance.now()): MonotonicClock {
  const origin = now();
  return () => lastT + Math.floor(now() - origin);
}
