/**
 * The dealer's `undo` key (issue #16 item 4): it takes back the dealer's last key — `check`, `fold`,
 * `raise` or `exposed` — within the current action, i.e. before anything else has happened at the
 * table (chips read, a card arrived, another key, a ruling). The hand goes back to exactly where it was
 * before the key: the hand keeps a plain-data copy of itself from just before each such key.
 *
 * What the floor must decide is never taken back by the dealer: if the key has already raised a
 * floor-severity alert (e.g. the `exposed` key judged a misdeal), the undo is refused.
 */
import type { ButtonName } from "../contract/input.js";
import type { AlertEvent } from "../contract/output.js";
import { alert, CATALOGUE, isAlertCode } from "./alerts.js";
import type { HandContext } from "./context.js";
import type { Observation } from "../reading/observations.js";

/** Keys the dealer may take back. */
export type UndoableKey = "check" | "fold" | "raise" | "exposed";
const UNDOABLE = new Set<ButtonName>(["check", "fold", "raise", "exposed"]);

/** The hand as it was before the last undoable key (without its outbox and this record). */
export type Before = Omit<HandContext, "out" | "undoable">;

/** Before a key: remember the hand if the key may be taken back, else forget what was remembered. */
export function beforeKey(h: HandContext, key: ButtonName): void {
  if (key === "undo") return;
  if (!UNDOABLE.has(key)) {
    h.undoable = null;
    return;
  }
  const { out: _out, undoable: _undoable, ...rest } = h;
  h.undoable = { key: key as UndoableKey, before: structuredClone(rest) };
}

/** The table moved on (chips read, a card arrived): the last key can no longer be taken back. */
export function movedOn(h: HandContext, observations: readonly Observation[]): void {
  if (h.undoable === null) return;
  const moved = observations.some(
    (o) =>
      o.type === "card_arrived" ||
      o.type === "pot_gained" ||
      o.type === "chips_taken_back" ||
      (o.type === "zone_settled" && o.added.length > 0),
  );
  if (moved) h.undoable = null;
}

/** The `undo` key. */
export function undoKey(h: HandContext): void {
  const u = h.undoable;
  if (u === null) {
    h.out.push(refused(h.t, "there is no key to take back: the action has moved on since"));
    return;
  }
  const raisedSince = h.open.filter((k) => !u.before.open.includes(k));
  const forFloor = raisedSince.filter((k) => {
    const code = k.split(":")[0] ?? "";
    return isAlertCode(code) && CATALOGUE[code].severity === "floor";
  });
  if (forFloor.length > 0) {
    h.out.push(refused(h.t, `the ${u.key} key raised ${forFloor.join(", ")}: the floor rules on it`));
    return;
  }
  const seat = u.key === "check" || u.key === "fold" ? u.before.betting.toAct : null;
  const t = h.t;
  Object.assign(h, structuredClone(u.before), { t, undoable: null });
  // Alerts the key raised are gone with it.
  for (const k of raisedSince) {
    const [code = "", s] = k.split(":");
    h.out.push({ t, kind: "alert_clear", code, ...(s === undefined ? {} : { seat: Number(s) }) });
  }
  h.out.push({ t, kind: "key_undone", key: u.key, ...(seat === null ? {} : { seat }) });
}

function refused(t: number, why: string): AlertEvent {
  return alert(t, "UNDO_REFUSED", `The undo key was refused: ${why}`, [
    "Call the floor if the table has read an action wrongly",
  ]);
}
