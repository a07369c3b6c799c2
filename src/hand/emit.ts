/** Putting table events out from the hand, keeping track of which alerts are open. */
import type { AlertEvent } from "../contract/output.js";
import type { AlertCode } from "./alerts.js";
import type { HandContext } from "./context.js";

const key = (code: string, seat?: number) => (seat === undefined ? code : `${code}:${seat}`);

/** Raises an alert once: the same code for the same seat is not repeated while it is open. */
export function raise(h: HandContext, alert: AlertEvent): boolean {
  const k = key(alert.code, alert.seat);
  if (h.open.includes(k)) return false;
  h.open.push(k);
  h.out.push(alert);
  return true;
}

/** Clears an open alert (no output if it was not open). */
export function clear(h: HandContext, code: AlertCode, seat?: number): void {
  const k = key(code, seat);
  const i = h.open.indexOf(k);
  if (i < 0) return;
  h.open.splice(i, 1);
  h.out.push({ t: h.t, kind: "alert_clear", code, ...(seat === undefined ? {} : { seat }) });
}

/** Whether an alert is open. */
export function isOpen(h: HandContext, code: AlertCode, seat?: number): boolean {
  return h.open.includes(key(code, seat));
}

/** Clears every open alert of a code, whatever its seat. */
export function clearCode(h: HandContext, code: AlertCode): void {
  for (const k of h.open.filter((k) => k === code || k.startsWith(`${code}:`))) {
    const seat = k.split(":")[1];
    clear(h, code, seat === undefined ? undefined : Number(seat));
  }
}
