/**
 * The simulated Three Card Poker dealer at a misdeal, at a live table where a supervisor may rule
 * (src/sim/tcp/session.ts): he waits for the floor before the house's stand-in calls the misdeal, and
 * when the supervisor lets the deal stand (`continue`) he makes it whole and plays it on. Kept apart
 * from the hand's script (./hand.ts), which the report plays without a supervisor.
 */
import type { Card } from "../../rules/cards.js";
import { cardTag } from "../deck.js";
import type { FloorWords } from "../floorWords.js";
import type { Timeline } from "../timeline.js";
import { TCP_SIM_DECK } from "./hand.js";

type Owner = number | "dealer";

/**
 * Where the stand-in floor would call the misdeal: the dealer, who stopped for the floor, waits for a
 * supervisor (up to FLOOR_WAIT_MS); true when the supervisor ruled `continue` by then (the deal stands).
 * Without a supervisor's words (the report), false at once, nothing drawn and no time taken.
 */
export function dealStands(tl: Timeline, words: FloorWords | undefined): boolean {
  if (words === undefined) return false;
  const end = words.waitEnds(tl.t);
  if (end !== null && end > tl.t) tl.wait(end - tl.t);
  return words.continued(tl.t);
}

/** What making the deal whole needs of the hand's script. */
export interface DealInPlay {
  readonly tl: Timeline;
  /**
   * The cards each box and the dealer hold (changed here), in the order of the deal: each had its first
   * card in the first round, the boxes in order, then the dealer.
   */
  readonly hands: Map<Owner, Card[]>;
  /** Deals one card from the stub to `owner`, at the hand's pace. */
  card(owner: Owner): void;
  /** The time one card takes the dealer at the hand's pace. */
  pitch(): void;
}

/**
 * After the floor's `continue` on a misdeal: a card too many is set aside off the felt (the last one
 * given; not on the muck, where a box's cards are its fold), a hand short gets its cards, round by
 * round as the deal gives them (a deal he stopped at the dealer's exposed card is dealt to its end),
 * and, when he dealt any, he says the deal is over again (`ok`).
 */
export function makeDealWhole(d: DealInPlay): void {
  const { tl } = d;
  const order = [...d.hands.keys()];
  for (const owner of order) {
    const cards = d.hands.get(owner) ?? [];
    const antenna = owner === "dealer" ? "dealer" : `seat${owner}`;
    while (cards.length > 3) {
      const tag = cardTag(TCP_SIM_DECK, cards.pop()!);
      tl.report(
        antenna,
        tl.read(antenna).filter((t) => t !== tag),
      );
      d.pitch();
    }
  }
  let dealt = false;
  for (let round = 1; round <= 3; round++)
    for (const owner of order)
      if ((d.hands.get(owner)?.length ?? 0) < round) {
        d.card(owner);
        dealt = true;
      }
  if (dealt) {
    d.pitch();
    tl.press("ok");
  }
}
