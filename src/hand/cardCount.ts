/**
 * A card too many on a seat (a misdeal before substantial action, a dead hand after it), judged a scan
 * round after it came (./deal.ts holeCardArrived schedules it), when the round's chips are read.
 */
import { say } from "./alerts.js";
import type { HandContext } from "./context.js";
import { holdForMisdeal, mayBeCollected, misdealPossible } from "./deal.js";
import { raise } from "./emit.js";
import { schedule, waiting } from "./timers.js";

/**
 * One scan round after a seat got a card too many: a misdeal before substantial action, else a dead hand.
 * Not while one of its cards is the last hand's, on this seat, that may still be the collected card
 * listed K scans late (mayBeCollected): judged 1 ms after the deck's collection, by when it has left or
 * stays for good (reading.missedScans 5, seed 207 at 600 ms rounds: a false MISDEAL_CARD_COUNT). Put
 * off, it reads first only the chips that changed before now (`since`), what it would have read now:
 * not a push still landing then, read as it stood (the same seed: a false UNDERCALL).
 */
export function judgeCardCount(h: HandContext, seat: number): void {
  const count = h.hole[seat]?.length ?? 0;
  if (count <= h.def.holeCards) return;
  const collected = waiting(h, "deckCollected");
  if (collected !== undefined && mayBeCollected(h, seat)) {
    schedule(h, { kind: "cardCount", due: collected.due + 1, seat, since: h.t });
    return;
  }
  if (misdealPossible(h)) {
    if (raise(h, say.misdealCardCount(h.t, seat, count, h.def.holeCards)))
      holdForMisdeal(h, "MISDEAL_CARD_COUNT");
  } else {
    raise(h, say.handDead(h.t, seat, `it holds ${count} cards; the game deals ${h.def.holeCards}`));
  }
}
