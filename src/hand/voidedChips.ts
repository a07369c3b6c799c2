/**
 * Chips of an out-of-turn action made void (TDA 53: the bet to the seat changed before its turn) are the
 * player's again: he may leave them out as part of his next push, or take them back and put out others.
 * A bridge reports chips gone K missed scans late, so a player who takes them back and pushes new ones
 * within that lag shows a zone listing both, read as one push too large (three readers, 5 missed scans,
 * seed 80 at 700 ms rounds, hand 1124: a call of 2,700 read with the 950 taken back as a raise to 3,650,
 * UNDERRAISE, and every later hand lost). Such a push waits until the old chips' departure would be
 * reported and the zone read again; the zone reading them gone ends the wait at once, and anything else
 * the table reads meanwhile (another seat, a key, a card) reads it as it stood, as a short push's wait
 * does (./chips.ts).
 */
import type { ChipTag } from "../reading/observations.js";
import type { HandContext } from "./context.js";
import { cancel, schedule, waiting } from "./timers.js";

/** The void: the chips its zone still lists are the seat's, maybe on their way back to its stack. */
export function outOfTurnVoided(h: HandContext, seat: number, tags: readonly string[]): void {
  h.voidedOutOfTurn = tags.length === 0 ? null : { seat, tags: [...tags] };
}

/**
 * The seat's zone settled with `chips` (changed last at `changedAt`): whether its read waits for the
 * voided chips, which the zone lists beside new ones. A wait under way takes the zone's latest chips;
 * it ends (false) when they no longer list the voided chips, which were taken back.
 */
export function waitsForVoidedChips(
  h: HandContext,
  seat: number,
  chips: readonly ChipTag[],
  isNew: (tag: string) => boolean,
  changedAt: number,
): boolean {
  const voided = h.voidedOutOfTurn;
  if (voided?.seat !== seat) return false;
  const listed = chips.filter((c) => voided.tags.includes(c.tag));
  const pending = waiting(h, "voidedChips");
  if (listed.length === 0) {
    h.voidedOutOfTurn = null;
    if (pending?.seat === seat) cancel(h, "voidedChips");
    return false;
  }
  if (pending?.seat === seat) {
    pending.chips = chips.map((c) => ({ tag: c.tag, denomination: c.denomination }));
    return true;
  }
  const others = chips.filter((c) => !voided.tags.includes(c.tag) && isNew(c.tag));
  if (others.length === 0) {
    // Left out alone, they are the push now: read as such, they are the seat's chips like any others.
    h.voidedOutOfTurn = null;
    return false;
  }
  // Taken back before the new chips came, they are reported gone a lag after those at the latest, and
  // the zone is read again a settle window after that report.
  schedule(h, {
    kind: "voidedChips",
    due: changedAt + h.reading.lagMs + (h.reading.settleMs ?? 0),
    since: h.t,
    seat,
    chips: chips.map((c) => ({ tag: c.tag, denomination: c.denomination })),
  });
  return true;
}

/** The wait is over (its time, or something else read first): the zone as it stood, voided chips in it. */
export function voidedChipsRead(
  h: HandContext,
  read: (seat: number, chips: readonly ChipTag[]) => void,
  pending = waiting(h, "voidedChips"),
): void {
  if (pending === undefined) return;
  cancel(h, "voidedChips");
  h.voidedOutOfTurn = null;
  read(pending.seat, pending.chips);
}
