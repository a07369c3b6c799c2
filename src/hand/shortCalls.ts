/**
 * UNDERCALL's follow-up (2019 r.51: an undercall heads-up or against the opening bet is a call), and
 * UNDERRAISE's (r.52: corrected to the minimum on its street, which the table counts at once). The
 * table counts the whole call at once; the seat owes the rest. Before the bets are pulled the dealer
 * has it brought up on the zone (src/hand/chips.ts correctionMade); once they are in the pot, the rest
 * goes into the pot, or on the emptied zone before the next street: either pays it, and chips the pot
 * gains unseen are that payment before they are anyone's bet. A street begun with the debt unpaid is
 * told, with the steps that now apply.
 */
import { liveSeats, type Street } from "../rules/betting.js";
import { say } from "./alerts.js";
import type { HandContext } from "./context.js";
import { clear, isOpen, raise } from "./emit.js";

/**
 * UNDERCALL's follow-up once the bets were pulled in short (2019 r.51: the undercall is a call, so the
 * seat owes the rest): `amount` of it reached the pot (or the emptied zone, before the next street).
 * Paid in full, the alert is done. The table counted the whole call already: the chips are no bet.
 */
export function payShortCall(h: HandContext, seat: number, amount: number): void {
  const debt = h.shortCalls[seat];
  if (debt === undefined || amount <= 0) return;
  debt.owed -= amount;
  if (debt.owed > 0) return;
  delete h.shortCalls[seat];
  clear(h, debt.code ?? "UNDERCALL", seat);
}

/** What the seats still owe on undercalls whose bets were pulled into the pot, in seat order. */
export function owedToThePot(h: HandContext): { seat: number; owed: number }[] {
  const debts: { seat: number; owed: number }[] = [];
  for (const seat in h.shortCalls) {
    const d = h.shortCalls[seat]!;
    if (d.owed > 0 && (d.pulled || d.street !== h.betting.street || h.betting.phase !== "betting"))
      debts.push({ seat: Number(seat), owed: d.owed });
  }
  return debts;
}

/** Chips the pot gained unseen pay what seats owe on undercalls first; returns what is left. */
export function payIntoThePot(h: HandContext, amount: number): number {
  let left = amount;
  for (const d of owedToThePot(h)) {
    const paid = Math.min(left, d.owed);
    payShortCall(h, d.seat, paid);
    left -= paid;
  }
  return left;
}

/**
 * A street began with an undercall not completed, or an underraise not brought up: the bets were pulled
 * in short. r.51 makes the undercall a call all the same; r.52 corrected the underraise to the minimum
 * on its street, and every later action there faced the minimum. Either way the seat owes the rest,
 * into the pot now (on its zone it would be a bet on the new street). Told once, in place of the steps
 * that asked for it on the zone; not told again if the dealer acknowledged the alert (ok).
 */
export function tellShortCallsPulled(h: HandContext): void {
  for (const seat in h.shortCalls) {
    const d = h.shortCalls[seat]!;
    if (d.pulled || d.street === h.betting.street || d.owed <= 0 || d.code === "ACTION_OUT_OF_TURN") continue;
    d.pulled = true;
    const n = Number(seat);
    const code = d.code ?? "UNDERCALL";
    if (!isOpen(h, code, n)) continue;
    clear(h, code, n);
    const pulledShort = code === "UNDERRAISE" ? say.underraisePulled : say.undercallPulled;
    raise(h, pulledShort(h.t, n, d.owed, committedOn(h, n, d.street), h.betting.street));
  }
}

/** The seat's total on a street, as the table counted it. */
function committedOn(h: HandContext, seat: number, street: Street): number {
  const c = h.committed[seat];
  return c?.street === street ? c.to : 0;
}

/**
 * Whether a seat still in the pot owes on an undercall or an underraise whose alert is open: r.52 puts
 * it right "on the river, before the showdown starts", so the showdown waits for the chips (on the
 * zone, or into the pot) or the dealer's `ok`; the pots are not pushed a bet short.
 */
export function shortAtTheShowdown(h: HandContext): boolean {
  return liveSeats(h.betting).some((s) => {
    const d = h.shortCalls[s.seat];
    return d !== undefined && d.owed > 0 && isOpen(h, d.code ?? "UNDERCALL", s.seat);
  });
}
