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
import { CLOCK_JUMP, HAND_RECOVERED } from "./faults.js";
import { type Journal, RESTART_RUNS_WINDOWS_MS } from "./journal.js";

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
 * The most downtime a restart counts into table time (journal.maxDowntimeMs), default one hour. Table
 * time should tell a reader of the log how long the table was down, as far as that can be believed: a
 * reboot or a power cut at a table lasts seconds to minutes, and every window the core keeps (a settle
 * window, a departure, the tray's judgement, a ruling's undo) is seconds long, so any downtime past it
 * changes no decision. A wall clock that says more than an hour passed is far likelier a clock put right
 * (a Pi without a battery clock that booted with a wrong date, then NTP: days to years) than a table
 * left off mid-hand for hours; counted in full, a jump of months made every later `t` of the log months
 * away from the hand it belongs to. Past the cap, table time advances by the cap and the table says so
 * (CLOCK_JUMP, journaled), naming what the wall clock claimed.
 */
export const DEFAULT_MAX_DOWNTIME_MS = 3_600_000;

/** Where table time resumes after a restart, and the downtime the wall clock claimed past the cap (if it did). */
export interface Resumption {
  t: number;
  /** The wall clock's downtime when it was more than the cap (table time counted only the cap). */
  jumpedMs: number | null;
}

/**
 * Where table time resumes after a restart (see resumedT), with what was left out past the cap.
 */
export function resumption(
  r: Pick<Recovered, "lastT" | "lastWall">,
  wallNow: Date,
  maxDowntimeMs: number = DEFAULT_MAX_DOWNTIME_MS,
  windowPending = false,
): Resumption {
  // A window pending after the replay may have run and spoken before the crash with no row of its own
  // (Journal.reached journals only those past RESTART_RUNS_WINDOWS_MS): table time resumes past it, so it
  // runs again, under its number, before anything is said.
  const least = windowPending ? r.lastT + RESTART_RUNS_WINDOWS_MS : r.lastT;
  const stamped = r.lastWall === null ? Number.NaN : Date.parse(r.lastWall);
  const down = wallNow.getTime() - stamped;
  if (!Number.isFinite(down) || down <= 0) return { t: least, jumpedMs: null };
  if (down > maxDowntimeMs)
    return { t: Math.max(least, r.lastT + maxDowntimeMs), jumpedMs: Math.floor(down) };
  return { t: Math.max(least, r.lastT + Math.floor(down)), jumpedMs: null };
}

/** The notice that the wall clock claimed more downtime than table time counts (said at `t`). */
export function clockJumpNotice(jumpedMs: number, maxDowntimeMs: number, t: number): TableEvent[] {
  const hours = (ms: number) => `${(ms / 3_600_000).toFixed(ms < 36_000_000 ? 2 : 0)} h`;
  return [
    alert(
      t,
      CLOCK_JUMP,
      `The wall clock says the table was down ${hours(jumpedMs)}, more than the ${hours(maxDowntimeMs)} a restart counts (journal.maxDowntimeMs): table time advanced by ${hours(maxDowntimeMs)}`,
      [
        "If the table was not off that long, the clock was set forward (NTP putting a wrong boot date right): journal wall-clock times before this restart may be wrong",
        "Check the clock (feltguard doctor) before matching this journal with surveillance video",
      ],
    ),
    // For the record (the log, the journal), not for the floor to answer: nothing is held open.
    { t, kind: "alert_clear", code: CLOCK_JUMP },
  ];
}

/** What a restart says at `t`: the clock's jump past the cap (if any), then the recovered hand (if any). */
export function restartNotices(
  r: Recovered,
  clockJumpedMs: number | null,
  maxDowntimeMs: number,
  t: number,
): TableEvent[] {
  const jump = clockJumpedMs === null ? [] : clockJumpNotice(clockJumpedMs, maxDowntimeMs, t);
  return [...jump, ...recoveredNotice(r, t)];
}

/**
 * Where table time resumes after a restart: the journal's last `t` plus the time the table was down, by
 * the wall clock (the last input's stamp against now), at most maxDowntimeMs. Windows open at the crash ran out while it was
 * down, and one that ran out before the crash said its event under the next number: the restart says
 * it again under that number before any notice (Runtime.announce). A wall clock set back across the
 * restart counts as no downtime: table time still never goes back, because what the windows said before
 * the crash was journaled at the time they ran to (Journal.reached), and the journal's last `t` is after it.
 */
export function resumedT(
  r: Pick<Recovered, "lastT" | "lastWall">,
  wallNow: Date,
  maxDowntimeMs: number = DEFAULT_MAX_DOWNTIME_MS,
  windowPending = false,
): number {
  return resumption(r, wallNow, maxDowntimeMs, windowPending).t;
}

/** A clock that goes on from the journal's last `t` after a restart (the process clock starts again at 0). */
export function resumedClock(lastT: number, now: () => number = () => performance.now()): MonotonicClock {
  const origin = now();
  return () => lastT + Math.floor(now() - origin);
}
