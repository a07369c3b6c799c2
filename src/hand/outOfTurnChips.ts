/**
 * ACTION_OUT_OF_TURN's follow-up (2019 r.53): an out-of-turn action stays binding while the action to
 * its seat does not change, and its chips stay out. Chips of it taken back off the zone while it waits
 * are told (the seat puts them back); put back, they are the same action, not a new push; the action
 * counts in full when the action reaches the seat, and the alert stays open until they are out again
 * (./shortCalls.ts keeps what is still to come).
 */
import { type ChipTag, chipTotal } from "../reading/observations.js";
import { say } from "./alerts.js";
import { type HandContext, zoneAccount } from "./context.js";
import { clear, raise } from "./emit.js";
import { canBet } from "./turn.js";

/**
 * r.53: an out-of-turn action stays binding while the action to its seat does not change, and its chips
 * stay out (ACTION_OUT_OF_TURN's first step). Chips of it that leave the zone while it waits are told:
 * the seat must put them back; the action still counts in full when the action reaches the seat.
 */
export function outOfTurnChipsLeft(h: HandContext, seat: number, chips: readonly ChipTag[]): void {
  const pending = h.pendingOutOfTurn;
  if (pending?.seat !== seat || !canBet(h)) return;
  const present = new Set(chips.map((c) => c.tag));
  const gone = pending.tags.filter((t) => !present.has(t));
  if (gone.length === 0) return;
  // (Called before the zone's account drops them: it still knows their denominations.)
  const account = zoneAccount(h, seat);
  let value = 0;
  for (const t of gone) value += account.chips.get(t)?.denomination ?? 0;
  pending.tags = pending.tags.filter((t) => present.has(t));
  pending.missing = (pending.missing ?? 0) + value;
  clear(h, "ACTION_OUT_OF_TURN", seat);
  raise(h, say.outOfTurnTakenBack(h.t, seat, h.betting.toAct, pending.missing));
}

/** Chips back on the zone of a seat whose out-of-turn chips were taken back: put back, not a new push. */
export function outOfTurnChipsBack(h: HandContext, seat: number, fresh: readonly ChipTag[]): boolean {
  const pending = h.pendingOutOfTurn;
  const value = chipTotal(fresh);
  if (pending?.seat !== seat || (pending.missing ?? 0) < value || !canBet(h)) return false;
  const account = zoneAccount(h, seat);
  for (const c of fresh) account.chips.set(c.tag, { denomination: c.denomination, street: h.betting.street });
  pending.tags.push(...fresh.map((c) => c.tag));
  pending.missing = (pending.missing ?? 0) - value;
  return true;
}
