/**
 * The rake plate of a raked cash game (issue 18, `rake` antenna): after a raked hand the dealer puts
 * the rake taken from the pot on the plate before he drops it. The table checks it against what the
 * schedule took from the pot (the hand's `hand_end.rake`): RAKE_WRONG with the sum while it differs,
 * cleared when it is right; when the plate is emptied the rake has been dropped (into the tray, whose
 * reconciliation counts it).
 */
import type { AlertEvent, TableEvent } from "../contract/output.js";
import { alert } from "../hand/alerts.js";
import { type ChipTag, chipTotal } from "../reading/observations.js";
import { checkRake, type RakeDue } from "../rules/rake.js";

/** The plate while one hand's rake is on its way: what is due, and what was last read there. */
export interface RakePlate {
  due: RakeDue;
  read: ChipTag[] | null;
  wrong: boolean;
}

/** A raked hand ended: its rake is expected on the plate. */
export function expectRake(due: RakeDue): RakePlate {
  return { due, read: null, wrong: false };
}

/**
 * The plate read `chips`: RAKE_WRONG raised or cleared. Returns the events, and the chips dropped when
 * the plate was emptied after a rake was read on it (the hand's rake is then done).
 */
export function plateRead(
  p: RakePlate,
  t: number,
  chips: ChipTag[],
): { events: TableEvent[]; dropped: ChipTag[] | null } {
  const events: TableEvent[] = [];
  if (chips.length === 0) {
    // Emptied: the rake as last read was dropped (a wrong one stays the floor's to see in the tray).
    return { events, dropped: p.read ?? [] };
  }
  p.read = chips;
  const wrong = checkRake(chipTotal(chips), p.due);
  if (p.wrong) events.push({ t, kind: "alert_clear", code: "RAKE_WRONG" });
  p.wrong = wrong !== null;
  if (wrong !== null) events.push(rakeWrong(t, wrong));
  return { events, dropped: null };
}

/** The next hand begins with no rake read: a rake was due and none was put on the plate. */
export function plateUnread(p: RakePlate, t: number): TableEvent[] {
  if (p.read !== null || p.due.due === 0) return [];
  const wrong = checkRake(0, p.due);
  return wrong === null ? [] : [rakeWrong(t, wrong)];
}

function rakeWrong(t: number, w: NonNullable<ReturnType<typeof checkRake>>): AlertEvent {
  return alert(t, "RAKE_WRONG", `Rake on the plate ${w.taken}, due ${w.due}`, w.steps);
}
