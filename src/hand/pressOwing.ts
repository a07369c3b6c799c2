/**
 * The shuffler pressed while the showdown waits only for a debt: the rest of an undercall (r.51) or an
 * underraise (r.52) that the seat has not put in. The dealer has ended the hand at the table (the pot
 * pushed, the cards gathered, the next deal begun), so the table catches up with him: the hand is
 * settled at the press as the rules count the bet (the table counted it so when it read the short
 * push; `ok` settles it the same way), and the debts are handed to the core, which tells the floor of
 * each (HAND_ENDED_OWING) unless the chips reach the pot within the readers' lag (src/table/owedAtThePress.ts).
 * Refusing the press (SHUFFLER_DURING_HAND) left the hand waiting for chips that never came, and the
 * next hand's cards and chips were read into it: every later hand was lost. A showdown waiting for
 * anything else (a HAND_DEAD ruling, a board procedure) is not settled by a press: that is the floor's.
 */
import { liveSeats } from "../rules/betting.js";
import type { HandContext, OwedAtTheEnd } from "./context.js";
import { clear, isOpen } from "./emit.js";
import { isHeld } from "./hold.js";
import { procedureOf } from "./procedure.js";
import { settleHand } from "./settle.js";
import { shortAtTheShowdown } from "./shortCalls.js";
import { showdownWaitsForTheFloor } from "./tabledHands.js";

/** The debts the showdown waits for: seats still in the pot owing on an open UNDERCALL or UNDERRAISE. */
function owingAtTheShowdown(h: HandContext): OwedAtTheEnd[] {
  const owing: OwedAtTheEnd[] = [];
  for (const s of liveSeats(h.betting)) {
    const d = h.shortCalls[s.seat];
    if (d === undefined || d.owed <= 0 || d.code === "ACTION_OUT_OF_TURN") continue;
    const code = d.code ?? "UNDERCALL";
    if (isOpen(h, code, s.seat)) owing.push({ seat: s.seat, owed: d.owed, code });
  }
  return owing;
}

/** Whether the showdown waits for nothing but seats' debts: a shuffler press settles it. */
export function waitsOnlyOnDebts(h: HandContext): boolean {
  return (
    h.result === null &&
    !isHeld(h) &&
    h.betting.phase === "showdown" &&
    procedureOf(h).kind === "none" &&
    !showdownWaitsForTheFloor(h) &&
    shortAtTheShowdown(h)
  );
}

/**
 * The shuffler press: the hand is settled on the bets as counted; each debt's dealer alert is closed
 * (its step can no longer be done at this hand) and kept in `owedAtTheEnd` for the floor.
 */
export function pressedOwing(h: HandContext): void {
  if (!waitsOnlyOnDebts(h)) return;
  const owing = owingAtTheShowdown(h);
  for (const o of owing) {
    delete h.shortCalls[o.seat];
    clear(h, o.code, o.seat);
  }
  h.owedAtTheEnd = owing;
  settleHand(h);
}
