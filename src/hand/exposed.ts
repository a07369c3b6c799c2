/**
 * The `exposed` key during the deal (r.33-A1, A6; poker-rules.md §3): the first or second card of the
 * deal exposed by the dealer, or a second exposed card, is a misdeal; another is replaced. Judged a scan
 * round after the key, once the exposed card is reported, on the number of cards dealt by then.
 */
import { say } from "./alerts.js";
import type { HandContext } from "./context.js";
import { holdForMisdeal, misdealPossible } from "./deal.js";
import { collectionDue } from "./dealtPast.js";
import { raise } from "./emit.js";
import { afterOneRound, schedule } from "./timers.js";

/** The dealer pressed `exposed`: judged one scan round later, once the exposed card has been reported. */
export function cardExposed(h: HandContext): void {
  if (h.dealComplete) return;
  h.timers.push({ kind: "exposed", due: afterOneRound(h) });
  h.timers.sort((a, b) => a.due - b.due);
}

/**
 * A card was exposed by dealer error: the first or second of the deal, or a second one, is a misdeal.
 * Counted as the deal stood a round after the key; but a card of the last hand read as dealt again on its
 * seat may still be the collected card, listed K scans late (the collection is judged the readers' lag
 * after the press): the count waits for that judgement, less such cards it found collected (six seats, 5
 * missed scans, seed 86 at 600 ms rounds, hand 5247: the second card exposed, counted third with seat
 * 1's 6c read as dealt again beside it; no misdeal told, and the re-deal's press refused).
 */
export function judgeExposed(h: HandContext, timer: { counted?: number; inDoubt?: string[] } = {}): void {
  const inDoubt = timer.inDoubt ?? dealtAgainInDoubt(h);
  const counted = timer.counted ?? h.cardsDealt;
  const due = collectionDue(h);
  if (inDoubt.length > 0 && due !== null) {
    schedule(h, { kind: "exposed", due: due + 1, counted, inDoubt });
    return;
  }
  const stayed = (tag: string) => Object.values(h.hole).some((cards) => cards.includes(tag));
  const dealt = counted - inDoubt.filter((tag) => !stayed(tag)).length;
  h.exposures += 1;
  let why: string | null = null;
  if (dealt <= 2) why = `the ${dealt <= 1 ? "first" : "second"} card of the deal was exposed`;
  else if (h.exposures >= 2) why = "two cards were exposed during the deal";
  if (why !== null && misdealPossible(h) && raise(h, say.misdealExposed(h.t, why))) {
    holdForMisdeal(h, "MISDEAL_EXPOSED");
  }
}

/** The cards of the last hand read as dealt again on their seat while that may still be the collected card. */
function dealtAgainInDoubt(h: HandContext): string[] {
  if (collectionDue(h) === null) return [];
  const tags: string[] = [];
  for (const [seat, cards] of Object.entries(h.hole))
    for (const tag of cards) if (h.staleWhere[tag] === `seat${seat}`) tags.push(tag);
  return tags;
}
