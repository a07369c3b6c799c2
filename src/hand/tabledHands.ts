/**
 * Rule 14's follow-up (ALLIN_TABLE_HANDS): once a player is all-in and all betting is complete, every
 * hand in the pot is tabled face up before the rest of the board. The table cannot see a card's face,
 * so it checks what it can: the tabled hands stay on their seat antennas, where it reads them for the
 * showdown. A hand that goes to the muck before the showdown was mucked unseen (r.14) and is dead
 * unless identifiable (r.13): the floor rules on it (HAND_DEAD). The alert is done when the dealer goes
 * on with the board (its next burn or board card: the hands were turned before it, step 1 counting as
 * done with step 2, as for the other procedures), or at the showdown when the board was already out.
 */
import { findSeat, liveSeats } from "../rules/betting.js";
import { updateSeat } from "../rules/bettingOrder.js";
import { say } from "./alerts.js";
import type { HandContext } from "./context.js";
import { clear, isOpen, raise } from "./emit.js";

/** Whether the hand is in rule 14's run-out: all-in, betting complete, the hands dealt. */
function inRunout(h: HandContext): boolean {
  return h.result === null && h.betting.phase === "runout" && h.dealComplete && h.allinAnnounced;
}

/** The dealer burns or deals the next board card: the hands were tabled before it (step 1 done). */
export function dealtOnAfterTabling(h: HandContext): void {
  if (isOpen(h, "ALLIN_TABLE_HANDS")) clear(h, "ALLIN_TABLE_HANDS");
}

/** The showdown: the hands are shown now, whatever was left of the alert is done with them. */
export function handsShown(h: HandContext): void {
  dealtOnAfterTabling(h);
}

/**
 * A seat's hole card reached the muck during the run-out. Returns whether it was that (the caller then
 * does not read it as a fold or an action out of turn: nobody acts in a run-out).
 */
export function muckedInRunout(h: HandContext, seat: number): boolean {
  if (!inRunout(h)) return false;
  const s = findSeat(h.betting, seat);
  if (!s || s.folded) return true;
  raise(h, say.allinHandMucked(h.t, seat));
  return true;
}

/**
 * Whether the showdown waits for the floor: a hand still in the pot is HAND_DEAD, unruled. The award
 * depends on the ruling (r.13), so the pots are not pushed before it; the ruling is an input, and the
 * hand settles after it.
 */
export function showdownWaitsForTheFloor(h: HandContext): boolean {
  return liveSeats(h.betting).some((s) => isOpen(h, "HAND_DEAD", s.seat));
}

/**
 * The floor ruled a hand dead during the run-out or at the showdown: no action will reach it, so it is
 * out of the pot now (it keeps what it put in; it is no longer eligible to win any pot).
 */
export function killInRunout(h: HandContext, seat: number): boolean {
  if (h.betting.phase !== "runout" && h.betting.phase !== "showdown") return false;
  h.betting = updateSeat(h.betting, seat, (s) => ({ ...s, folded: true }));
  return true;
}

/**
 * Hands the floor ruled dead that no action reached to fold (an all-in seat is never to act): once the
 * betting is over (the run-out, the showdown) they are out of the pots, as a fold leaves them.
 */
export function foldDeadHands(h: HandContext): void {
  if (h.betting.phase !== "runout" && h.betting.phase !== "showdown") return;
  for (const seat of h.dead) if (findSeat(h.betting, seat)?.folded === false) killInRunout(h, seat);
}
