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
import { applyAction, findSeat } from "../rules/betting.js";
import { type ChipTag, chipTotal } from "../reading/observations.js";
import { say } from "./alerts.js";
import type { HandContext, HandTimer } from "./context.js";
import { clear, isOpen, raise } from "./emit.js";
import { cancel, schedule, waiting } from "./timers.js";

const CODE = "CHIPS_TAKEN_BACK";

/**
 * The chips left the seat's zone unread and went nowhere seen. If with them the seat would have made
 * the call that ends the river's betting, the dealer may have pushed them to the winner with the pot,
 * whose departure the bridge reports K scans late, and be about to press the shuffler: the alert waits
 * the readers' lag from the zone's emptying (`emptiedAt`; this comes K scan rounds after it, the reading's
 * window for the pot's report). The press, or the board reported collected, in that wait reads them as
 * the call (./chips.ts takenBackReadAtTheEnd);
 * the seat acting ends the wait (`endTakenBackWait`). Found by sim --focus seed 20 with settleWindowMs
 * 900 at 600 ms rounds: 17 false CHIPS_TAKEN_BACK, each a river call pushed with the pot and the press
 * 0.6–2 s after.
 */
export function chipsWentNowhere(
  h: HandContext,
  seat: number,
  chips: readonly ChipTag[],
  emptiedAt: number,
): void {
  const s = findSeat(h.betting, seat);
  const to = (s?.bet ?? 0) + chipTotal(chips);
  const due = emptiedAt + h.reading.lagMs + 1;
  if (
    s !== undefined &&
    h.betting.toAct === seat &&
    due > h.t &&
    endsTheRiver(h, seat, to, s.bet + s.stack)
  ) {
    schedule(h, { kind: "takenBackWait", due, since: h.t, seat, to, chips: chips.map((c) => ({ ...c })) });
    return;
  }
  tellTakenBack(h, seat, chips);
}

/** Whether a call to `to` (or the seat's all-in, `everything`) by the seat to act ends the river's betting. */
function endsTheRiver(h: HandContext, seat: number, to: number, everything: number): boolean {
  if (h.betting.street !== "river" || h.betting.phase !== "betting") return false;
  if (to !== h.betting.currentBet && to !== everything) return false;
  const after = applyAction(h.betting, { seat, type: "call" });
  return after.ok && after.state.phase !== "betting";
}

/** The wait is over with the seat still to act: CHIPS_TAKEN_BACK is told. */
export function takenBackWaitOver(h: HandContext, wait: Extract<HandTimer, { kind: "takenBackWait" }>): void {
  tellTakenBack(h, wait.seat, wait.chips);
}

/**
 * The seat acts while the alert waits: with its chips back out (its bet reaches `to`) nothing is told;
 * anything else tells the alert first, and its follow-up comes with the action (`actedAfterTakingBack`).
 */
export function endTakenBackWait(h: HandContext, seat: number, type: ActionType, to: number): void {
  const wait = waiting(h, "takenBackWait");
  if (wait === undefined || wait.seat !== seat) return;
  cancel(h, "takenBackWait");
  if (type !== "fold" && type !== "check" && to >= wait.to) return;
  tellTakenBack(h, seat, wait.chips);
}

/** CHIPS_TAKEN_BACK is told, and what puts it right kept. */
function tellTakenBack(h: HandContext, seat: number, chips: readonly ChipTag[]): void {
  if (!raise(h, say.chipsTakenBack(h.t, seat, chipTotal(chips)))) return;
  noteTakenBack(h, seat, chips);
}

/**
 * The chips left the seat's zone unread and went nowhere: what puts the alert right is kept. Between
 * rounds they were put out for the street to come (a player acting before its cards are read): they are
 * put right by its first bet there.
 */
function noteTakenBack(h: HandContext, seat: number, chips: readonly ChipTag[]): void {
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
 * The chips the seat to act took back on this street, if it has not put them out again (told, or the
 * alert still waiting): the dealer ending the hand (the shuffler press, the river's board collected)
 * reads them as its action (./chips.ts takenBackReadAtTheEnd). Null otherwise.
 */
export function takenBackAtTheEnd(h: HandContext): { seat: number; chips: ChipTag[] } | null {
  const seat = h.betting.toAct;
  if (seat === null || h.result !== null || h.betting.phase !== "betting") return null;
  const wait = waiting(h, "takenBackWait");
  if (wait?.seat === seat) return { seat, chips: wait.chips };
  const back = h.takenBack[seat];
  if (back === undefined || back.next === true || back.street !== h.betting.street) return null;
  return back.chips !== undefined && isOpen(h, CODE, seat) ? { seat, chips: back.chips } : null;
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
