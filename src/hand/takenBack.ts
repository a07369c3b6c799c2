/**
 * CHIPS_TAKEN_BACK's follow-up (2019 r.49–50: chips put over the line may have to stay in). The alert
 * asks the dealer to have the seat put the chips back out if they were a bet, and to carry on if they
 * never were one. The table sees the first: once the seat's bet this street reaches what it had put out
 * (or it is all-in), the alert is done. It cannot see the second: a seat that acts without the chips
 * back out (a fold, a check, a smaller call, part of them back, or a later street) may have slipped or
 * may owe a bet the floor must rule on. That is told once, saying so, and the alert waits for the
 * dealer's `ok` (never a bet) or the floor (it was a bet).
 */
import type { ActionType } from "../rules/betting.js";
import { findSeat } from "../rules/betting.js";
import { type ChipTag, chipTotal } from "../reading/observations.js";
import { say } from "./alerts.js";
import type { HandContext } from "./context.js";
import { clear, isOpen, raise } from "./emit.js";

const CODE = "CHIPS_TAKEN_BACK";

/**
 * The chips left the seat's zone unread and went nowhere: what puts the alert right is kept. Between
 * rounds they were put out for the street to come (a player acting before its cards are read): they are
 * put right by its first bet there.
 */
export function noteTakenBack(h: HandContext, seat: number, chips: readonly ChipTag[]): void {
  const between = h.betting.phase !== "betting";
  const bet = between ? 0 : (findSeat(h.betting, seat)?.bet ?? 0);
  const amount = chipTotal(chips);
  h.takenBack[seat] = {
    street: h.betting.street,
    to: bet + amount,
    amount,
    chips: chips.map((c) => ({ ...c })),
    ...(between ? { next: true } : {}),
  };
}

/**
 * The seat to act, if it took chips back on this street and has not put them out again: a shuffler press
 * reads them as its action (./chips.ts takenBackReadAtThePress). Null otherwise.
 */
export function takenBackAtThePress(h: HandContext): number | null {
  const seat = h.betting.toAct;
  if (seat === null || h.result !== null || h.betting.phase !== "betting") return null;
  const back = h.takenBack[seat];
  if (back === undefined || back.next === true || back.street !== h.betting.street) return null;
  return back.chips !== undefined && isOpen(h, CODE, seat) ? seat : null;
}

/** The seat acted (`type`, on `street`): the chips it took back are out again, or it did something else. */
export function actedAfterTakingBack(h: HandContext, seat: number, type: ActionType, street: string): void {
  const back = h.takenBack[seat];
  const s = findSeat(h.betting, seat);
  if (back === undefined || s === undefined) return;
  if (!isOpen(h, CODE, seat)) {
    // The dealer's ok (or the floor) answered it.
    delete h.takenBack[seat];
    return;
  }
  const sameStreet = back.next === true ? back.street !== street : back.street === street;
  // The action's bet on its street: the round may have closed with it (bets collected), so from the record.
  const bet = sameStreet ? (h.committed[seat]?.to ?? s.bet) : 0;
  if (sameStreet && (bet >= back.to || (s.stack === 0 && type !== "fold"))) {
    delete h.takenBack[seat];
    clear(h, CODE, seat);
    return;
  }
  if (back.told === true) return;
  back.told = true;
  const from = back.to - back.amount;
  const did = !sameStreet
    ? `acted on the next street`
    : bet > from && type !== "fold"
      ? `put back ${bet - from} of them`
      : type === "fold"
        ? "folded"
        : type === "check"
          ? "checked"
          : `made it ${bet}`;
  clear(h, CODE, seat);
  raise(h, say.chipsNotPutBack(h.t, seat, back.amount, did));
}
