/** The end of a hand: pots awarded (side pots first, odd chips per pot), stacks, `hand_end`. */
import type { HandEndEvent } from "../contract/output.js";
import { handPots, liveSeats, totalPot } from "../rules/betting.js";
import type { Card } from "../rules/cards.js";
import { settleShowdown } from "../rules/showdown.js";
import type { HandContext, HandResult } from "./context.js";
import { facesByTag } from "./deck.js";
import { handRake, rakedPots } from "./rake.js";
import { handsShown } from "./tabledHands.js";

/** Settles a hand whose betting is over: a showdown, or the last player standing. */
export function settleHand(h: HandContext): void {
  const stacks: Record<number, number> = {};
  for (const s of h.betting.seats) stacks[s.seat] = s.stack;
  const live = liveSeats(h.betting);
  // A raked cash game: the house's rake comes out of the pot before it is awarded (src/hand/rake.ts).
  const rake = handRake(h)?.due ?? 0;
  handsShown(h);
  if (live.length === 1) {
    const winner = live[0]!.seat;
    const amount = totalPot(h.betting) - rake;
    h.out.push({ t: h.t, kind: "award", seat: winner, amount, pot: 0, hand: "uncontested" });
    stacks[winner] = (stacks[winner] ?? 0) + amount;
  } else {
    h.out.push({ t: h.t, kind: "street", street: "showdown", board: [...h.board.cards] });
    const { pots, returned } = handPots(h.betting);
    if (returned) stacks[returned.seat] = (stacks[returned.seat] ?? 0) + returned.amount;
    for (const a of showdownAwards(h, h.board.cards, rakedPots(pots, rake))) {
      h.out.push({ t: h.t, kind: "award", seat: a.seat, amount: a.amount, pot: a.pot, hand: a.hand });
      stacks[a.seat] = (stacks[a.seat] ?? 0) + a.amount;
    }
  }
  endHand(h, "complete", stacks, rake);
}

/** The showdown's awards on `board`, of `pots` (the hand's, raked, by default). */
export function showdownAwards(
  h: HandContext,
  board: readonly Card[],
  pots = rakedPots(handPots(h.betting).pots, handRake(h)?.due ?? 0),
): ReturnType<typeof settleShowdown> {
  return settleShowdown({
    game: h.def.evaluation,
    board: [...board],
    hands: liveSeats(h.betting).map((s) => ({ seat: s.seat, hole: holeFaces(h, s.seat) })),
    pots,
    button: h.positions.button,
    seatOrder: Array.from({ length: h.seatCount }, (_, i) => i + 1),
    oddChipUnit: h.oddChipUnit,
  });
}

/** Ends the hand with these stacks (a misdeal or a void puts back the stacks from before it). */
export function endHand(h: HandContext, result: HandResult, stacks: Record<number, number>, rake = 0): void {
  h.result = result;
  h.finalStacks = stacks;
  // `rake` (an added field): what the house took from the pot, in a raked game.
  const event: HandEndEvent & { rake?: number } = {
    t: h.t,
    kind: "hand_end",
    hand: h.hand,
    result,
    stacks: Object.fromEntries(Object.entries(stacks).map(([seat, chips]) => [String(seat), chips])),
    ...(rake > 0 ? { rake } : {}),
  };
  h.out.push(event);
}

/** The faces of a seat's hole cards, as the registry read them. */
function holeFaces(h: HandContext, seat: number): Card[] {
  const byTag = facesByTag(h);
  return (h.hole[seat] ?? []).flatMap((tag) => byTag.get(tag) ?? []);
}
