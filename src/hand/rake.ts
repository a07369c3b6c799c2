/**
 * The house rake of a raked cash game in the hold'em hand (issue 18): the schedule the hand carries,
 * and what it takes from the pot when the pot is awarded — from the main pot before it is split, so
 * the odd chips fall by the rules on what is left. The hand's context type is not this module's to
 * change: the schedule rides on it as an optional field of its own ({@link Raked}).
 */
import { handPots } from "../rules/betting.js";
import { type RakeDue, RakeSchedule, rakeDue } from "../rules/rake.js";

export { rakedPots } from "../rules/rake.js";
import type { HandContext } from "./context.js";

/** A hand that carries a rake schedule. */
interface Raked {
  rakeSchedule?: RakeSchedule;
}

/** Gives the hand its rake schedule (at the start). */
export function withRake(h: HandContext, schedule: RakeSchedule | undefined): void {
  if (schedule !== undefined) (h as HandContext & Raked).rakeSchedule = RakeSchedule.parse(schedule);
}

/** What the schedule takes from this hand's pot now (the pot less any uncalled bet), or null: no rake. */
export function handRake(h: HandContext): (RakeDue & { pot: number }) | null {
  const schedule = (h as HandContext & Raked).rakeSchedule;
  if (schedule === undefined) return null;
  const { pots } = handPots(h.betting);
  const pot = pots.reduce((sum, p) => sum + p.amount, 0);
  // "No flop, no drop": the flop was dealt when the betting reached it. Cards on the board are not
  // enough: a premature flop (RP-5A) goes back to the stub, and its departure is reported K scans late,
  // so a hand that ends pre-flop may still list it.
  return { ...rakeDue(pot, h.betting.street !== "preflop", schedule), pot };
}
