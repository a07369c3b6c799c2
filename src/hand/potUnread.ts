/**
 * POT_CHIPS_UNREAD's follow-up. The pot gained chips no bet zone held while no seat was to act: the
 * table counted them for nobody and asks the dealer whose they are (events.md: where the seat cannot
 * be decided, the table asks). Its steps: give a player's chips back (or call the floor), or carry on
 * if they were the pot's already (a sweep the table missed). The table sees the first: chips leaving
 * the pot, read once the pot has been steady for the settle window (a chip lifted and put back within
 * it is no move). Chips of that value gone from the pot close the alert; part of it is told (the rest
 * is still in the pot). It cannot see the second, nor whose hands the chips went back to: the alert
 * says so and waits for the dealer's `ok`. A second unread gain while it is open is told with the sum.
 */
import type { ChipTag } from "../reading/observations.js";
import { say } from "./alerts.js";
import type { HandContext } from "./context.js";
import { clear, isOpen, raise } from "./emit.js";

const CODE = "POT_CHIPS_UNREAD";

/** The pot gained `amount` counted for nobody, among these chips straight from a stack. */
export function potChipsUnread(h: HandContext, amount: number, strays: readonly ChipTag[]): void {
  const open = h.unreadInPot !== null && isOpen(h, CODE);
  const before = open ? h.unreadInPot! : { amount: 0, givenBack: 0, pot: [] };
  const pot = new Map(before.pot);
  for (const c of strays) pot.set(c.tag, c.denomination);
  h.unreadInPot = { amount: before.amount + amount, givenBack: before.givenBack, pot: [...pot] };
  if (open) clear(h, CODE);
  raise(h, say.potChipsUnread(h.t, before.amount - before.givenBack + amount));
}

/** The pot's chips as read once it settled: what left it since is given back. */
export function potRead(h: HandContext, chips: readonly ChipTag[]): void {
  const unread = h.unreadInPot;
  if (unread === null) return;
  if (!isOpen(h, CODE)) {
    // The dealer's ok answered it.
    h.unreadInPot = null;
    return;
  }
  const now = new Set(chips.map((c) => c.tag));
  let left = 0;
  for (const [tag, denomination] of unread.pot) if (!now.has(tag)) left += denomination;
  unread.pot = chips.map((c) => [c.tag, c.denomination]);
  if (left === 0) return;
  unread.givenBack += left;
  if (unread.givenBack >= unread.amount) {
    h.unreadInPot = null;
    clear(h, CODE);
    return;
  }
  clear(h, CODE);
  raise(h, say.potChipsPartlyBack(h.t, unread.givenBack, unread.amount));
}
