/**
 * Putting alerts out from a hand, keeping track of which are open: one alert per code and seat (or
 * box) while it is open. Shared by the hold'em and Three Card Poker hands, whose contexts both carry
 * the time, the open alerts and the outbox.
 */
import type { AlertEvent, TableEvent } from "../contract/output.js";

/** What a hand keeps for its alerts. */
export interface AlertLedger {
  t: number;
  /** Open alerts, as `CODE` or `CODE:seat`. */
  open: string[];
  out: TableEvent[];
  /** How many steps of each open alert (by `CODE` or `CODE:seat`) the dealer was told are done. */
  stepsDone?: Record<string, number>;
}

const key = (code: string, seat?: number) => (seat === undefined ? code : `${code}:${seat}`);
const ofCode = (k: string, code: string) => k === code || k.startsWith(`${code}:`);

/** Raises an alert once: the same code for the same seat is not repeated while it is open. */
export function raise(h: AlertLedger, alert: AlertEvent): boolean {
  const k = key(alert.code, alert.seat);
  if (h.open.includes(k)) return false;
  h.open.push(k);
  if (h.stepsDone) delete h.stepsDone[k];
  h.out.push(alert);
  return true;
}

/**
 * Raises an alert that may stand several times under one code, each for its own cause (two tags
 * misplaced, two cards in conflict): every cause is told, and one clear closes them all.
 */
export function raiseEach(h: AlertLedger, alert: AlertEvent): void {
  const k = key(alert.code, alert.seat);
  if (!h.open.includes(k)) h.open.push(k);
  h.out.push(alert);
}

/** Clears an open alert (no output if it was not open). */
export function clear(h: AlertLedger, code: string, seat?: number): void {
  const i = h.open.indexOf(key(code, seat));
  if (i < 0) return;
  h.open.splice(i, 1);
  if (h.stepsDone) delete h.stepsDone[key(code, seat)];
  h.out.push({ t: h.t, kind: "alert_clear", code, ...(seat === undefined ? {} : { seat }) });
}

/** Whether an alert is open. */
export function isOpen(h: AlertLedger, code: string, seat?: number): boolean {
  return h.open.includes(key(code, seat));
}

/** Whether any alert of this code is open, whatever its seat. */
export function anyOpen(h: AlertLedger, code: string): boolean {
  return h.open.some((k) => ofCode(k, code));
}

/** Clears every open alert of a code (of one seat when `seat` is given). */
export function clearCode(h: AlertLedger, code: string, seat?: number): void {
  for (const k of h.open.filter((k) => ofCode(k, code))) {
    const s = k.split(":")[1];
    const n = s === undefined ? undefined : Number(s);
    if (seat === undefined || n === seat) clear(h, code, n);
  }
}

/**
 * Tells the dealer that the first `done` steps of an open alert are done (`alert_step`), when that is
 * not what he was told (fewer after an `undo`): the dealer panel then shows the step the table waits for.
 */
export function stepsDone(h: AlertLedger, code: string, done: number, seat?: number): void {
  const k = key(code, seat);
  if (!h.open.includes(k) || done === (h.stepsDone?.[k] ?? 0)) return;
  (h.stepsDone ??= {})[k] = done;
  h.out.push({ t: h.t, kind: "alert_step", code, ...(seat === undefined ? {} : { seat }), done });
}

/**
 * The table's `ok` cleared this alert (and said so): the ledger forgets it without a second
 * `alert_clear`.
 */
export function acknowledged(h: AlertLedger, code: string, seat?: number): void {
  const i = h.open.indexOf(key(code, seat));
  if (i < 0) return;
  h.open.splice(i, 1);
  if (h.stepsDone) delete h.stepsDone[key(code, seat)];
}
