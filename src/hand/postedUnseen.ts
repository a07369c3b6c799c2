/**
 * The forced bets the table posted at the press whose chips no reader has shown: each blind until its
 * seat's zone shows chips on the pre-flop street, the antes until the pot gains chips from no zone before
 * the deal is complete (they go straight in). Chips the pot gains from no zone while no seat is to act
 * are these first (POT_CHIPS_UNREAD only beyond them): the table counted them for their seats at the
 * press, so their reaching the pot unseen is a sweep the readers missed, not chips nobody put out. A
 * table down from before the blinds' zones were read to after the dealer swept them in (a power cut, a
 * lost bridge) finds them so in its snapshot burst; chips beyond them were really never read and are
 * still asked about (test/table/postedUnseen.test.ts, test/journal/restartBlindsSwept.test.ts).
 */
import { type ChipTag, chipTotal } from "../reading/observations.js";
import type { HandContext } from "./context.js";

/** At the press: a seat posted an ante, and a blind of which its zone does not show `blindUnseen`. */
export function posted(h: HandContext, seat: number, blindUnseen: number, ante: number): void {
  if (blindUnseen > 0) h.postedUnseen.blinds[seat] = blindUnseen;
  h.postedUnseen.antes += ante;
}

/** A seat's zone showed chips worth `value` on the pre-flop street: its blind among them. */
export function blindShown(h: HandContext, seat: number, value: number): void {
  const left = h.postedUnseen.blinds[seat];
  if (left === undefined || h.betting.street !== "preflop") return;
  if (value >= left) delete h.postedUnseen.blinds[seat];
  else h.postedUnseen.blinds[seat] = left - value;
}

/** The pot gained these chips from no zone before the deal was complete: the antes, put straight in. */
export function antesShown(h: HandContext, strays: readonly ChipTag[]): void {
  h.postedUnseen.antes = Math.max(0, h.postedUnseen.antes - chipTotal(strays));
}

/**
 * Chips worth `value` reached the pot from no zone with no seat to act: as much of them as the forced
 * bets still unseen are those, swept in. Returns how much that is (the rest is for the dealer to explain).
 */
export function postedSweptIn(h: HandContext, value: number): number {
  let left = value;
  const take = (amount: number) => {
    const taken = Math.min(amount, left);
    left -= taken;
    return amount - taken;
  };
  h.postedUnseen.antes = take(h.postedUnseen.antes);
  for (const seat of Object.keys(h.postedUnseen.blinds).map(Number)) {
    const rest = take(h.postedUnseen.blinds[seat]!);
    if (rest > 0) h.postedUnseen.blinds[seat] = rest;
    else delete h.postedUnseen.blinds[seat];
  }
  return value - left;
}
