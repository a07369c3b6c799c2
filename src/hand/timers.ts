/**
 * Judgements that wait for the readers: scheduled as plain data in the hand's context, run when the
 * table's clock reaches them (the core asks for the next one as it does for the settle windows), so
 * replay and recovery run them at the same moments.
 */
import type { HandTimer } from "./context.js";

interface Timed {
  timers: HandTimer[];
}

/**
 * When a judgement that allows for one scan round falls due: at the end of the round. The reports of
 * one round lie less than a round apart (each antenna at its slot, in channel order); a report exactly
 * one round later is the next round's, the same antenna's slot again (events.md, "Reading at any pace"),
 * and windows due at a time run before that time's reports, so it is judged as later. Counting it in
 * (the round's end included) merged a board's next report into the street's judgement: at 600 ms rounds
 * a turn dealt one round after the flop's last report read as a four-card flop, and the hand was lost
 * (bench anyPace, seed 2). Without scan rounds (0) there is nothing to allow for.
 */
export function afterOneRound(h: { t: number; reading: { scanRoundMs: number } }): number {
  return h.t + h.reading.scanRoundMs;
}

/**
 * When a card that left before now is known gone: the bridge reports it K missed scans late (the lag),
 * and the reader waits the departure window on top (a lifted corner is not a departure).
 */
export function departureKnown(h: { t: number; reading: { lagMs: number; departMs?: number } }): number {
  return h.t + h.reading.lagMs + (h.reading.departMs ?? 0);
}

/**
 * When chips a bet zone was reported emptied of now, unread, are surely reported by the pot if they were
 * swept there: K scan rounds and 1 ms (src/reading/chipZones.ts emptiedDue, where the reasons are).
 */
export function sweepReported(h: { t: number; reading: { lagMs: number; scanRoundMs: number } }): number {
  return h.t + h.reading.lagMs - h.reading.scanRoundMs + 1;
}

/** Whether a moment is within one scan round before now (less than a round ago; see afterOneRound). */
export function withinOneRound(h: { t: number; reading: { scanRoundMs: number } }, since: number): boolean {
  return h.t - since < h.reading.scanRoundMs;
}

/** Schedules a judgement; one of a kind (and seat) at a time — the earliest stands. */
export function schedule(h: Timed, timer: HandTimer): void {
  if (h.timers.some((x) => sameJudgement(x, timer))) return;
  h.timers.push(timer);
  h.timers.sort((a, b) => a.due - b.due);
}

/** Whether a judgement of this kind is waiting. */
export function waiting<K extends HandTimer["kind"]>(
  h: Timed,
  kind: K,
): Extract<HandTimer, { kind: K }> | undefined {
  return h.timers.find((x): x is Extract<HandTimer, { kind: K }> => x.kind === kind);
}

/** Drops a waiting judgement (what it waited for came in time): of every seat, or of this seat only. */
export function cancel(h: Timed, kind: HandTimer["kind"], seat?: number): void {
  h.timers = h.timers.filter(
    (x) => x.kind !== kind || (seat !== undefined && "seat" in x && x.seat !== seat),
  );
}

/** Takes the judgements due at or before `t` out of the context, earliest first. */
export function takeDue(h: Timed, t: number): HandTimer[] {
  const due = h.timers.filter((x) => x.due <= t);
  if (due.length > 0) h.timers = h.timers.filter((x) => x.due > t);
  return due;
}

/**
 * The earliest judgement that waited since some moment (board cards): chips that changed before then
 * belong before it, later ones after it. Null when none does.
 */
export function nextSince(h: Timed): number | null {
  const first = h.timers[0];
  return first !== undefined && "since" in first ? (first.since ?? null) : null;
}

/** The earliest judgement's time, or null. */
export function nextDue(h: Timed): number | null {
  return h.timers[0]?.due ?? null;
}

function sameJudgement(a: HandTimer, b: HandTimer): boolean {
  if (a.kind !== b.kind) return false;
  return !("seat" in a && "seat" in b) || a.seat === b.seat;
}
