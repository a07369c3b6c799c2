/**
 * Applying a player's action to the betting state and saying so: the `action` event, substantial
 * action (§4), and what the end of a betting round sets in motion.
 */
import type { ActionName } from "../contract/output.js";
import { type ActionType, applyAction, findSeat, legalActions, liveSeats } from "../rules/betting.js";
import { say } from "./alerts.js";
import type { HandContext } from "./context.js";
import { raise } from "./emit.js";
import { actedAfterTakingBack, endTakenBackWait } from "./takenBack.js";

/** Applies an action of the seat to act; returns false (with an info alert) when the rules refuse it. */
export function act(h: HandContext, seat: number, type: ActionType, to?: number): boolean {
  const before = findSeat(h.betting, seat);
  if (!before) return false;
  const street = h.betting.street;
  // The chips the action puts in, as the rules pay them (up to its total, or all-in). Not from the stack
  // after it: a round the action closes gives back what nobody matched at once (a call over a big blind
  // all-in for less than the small blind was told as "-25 to 75").
  const target = type === "call" ? h.betting.currentBet : (to ?? before.bet);
  const amount =
    type === "fold" || type === "check" ? 0 : Math.min(before.stack, Math.max(0, target - before.bet));
  endTakenBackWait(h, seat, type, before.bet + amount);
  const result = applyAction(h.betting, { seat, type, ...(to === undefined ? {} : { to }) });
  if (!result.ok) {
    h.out.push(say.actionRejected(h.t, seat, result.error.message));
    return false;
  }
  h.betting = result.state;
  h.raiseDeclared = false;
  h.streetActions += 1;
  h.committed[seat] = { street, to: before.bet + amount };
  h.out.push({
    t: h.t,
    kind: "action",
    seat,
    action: type as ActionName,
    amount,
    to: before.bet + amount,
    allin: amount > 0 && amount === before.stack,
  });
  noteSubstantial(h, type === "check" ? "check" : type === "fold" ? "fold" : "chips");
  actedAfterTakingBack(h, seat, type, street);
  return true;
}

/** The all-in of the seat to act: everything he has, read as a call, bet or raise. */
export function actAllIn(h: HandContext, seat: number): boolean {
  const s = findSeat(h.betting, seat);
  if (!s) return false;
  const everything = s.bet + s.stack;
  if (everything <= h.betting.currentBet) return act(h, seat, "call");
  // Pot-limit and limit: an all-in declared above the largest legal raise is that raise.
  const maxTo = legalActions(h.betting)?.maxTo ?? everything;
  const to = Math.min(everything, maxTo);
  if (to <= h.betting.currentBet) return act(h, seat, "call");
  return act(h, seat, h.betting.currentBet === 0 ? "bet" : "raise", to);
}

/** §4: two consecutive actions in turn with chips in one of them, or any three actions. */
function noteSubstantial(h: HandContext, kind: "check" | "fold" | "chips"): void {
  h.actionsInTurn.push(kind);
  const n = h.actionsInTurn.length;
  const last = h.actionsInTurn[n - 1];
  const prev = h.actionsInTurn[n - 2];
  if (n >= 3 || (n >= 2 && (last === "chips" || prev === "chips"))) h.substantial = true;
}

/** Seats still in the hand and not dead. */
export function liveSeatNumbers(h: HandContext): number[] {
  return liveSeats(h.betting).map((s) => s.seat);
}

/** Alerts once that all hands must be tabled (rule 14), when an all-in has ended the betting. */
export function announceAllIn(h: HandContext): void {
  if (h.allinAnnounced) return;
  const live = liveSeats(h.betting);
  if (!live.some((s) => s.stack === 0)) return;
  h.allinAnnounced = true;
  raise(
    h,
    say.allinTableHands(
      h.t,
      live.map((s) => s.seat),
    ),
  );
}
