/**
 * The simulated Three Card Poker dealer at an alert that waits for the floor, at a live table where a
 * supervisor may rule (src/sim/tcp/session.ts): at a misdeal he waits for the floor before the house's
 * stand-in calls the misdeal, and when the supervisor lets the deal stand (`continue`) he makes it whole
 * and plays it on; at a bet changed after the deal (TCP_BET_AFTER_DEAL) he waits before the stand-in
 * lets the bets stand as they were, and a box the supervisor rules dead goes out of the hand. Kept apart
 * from the hand's script (./hand.ts), which the report plays without a supervisor.
 */
import type { Card } from "../../rules/cards.js";
import { CARDS_PER_HAND } from "../../rules/threeCard/deal.js";
import type { FloorWords } from "../floorWords.js";
import type { Timeline } from "../timeline.js";
import type { BoxPlan } from "./players.js";

type Owner = number | "dealer";

/**
 * Where the stand-in floor would call the misdeal: the dealer, who stopped for the floor, waits for a
 * supervisor (up to FLOOR_WAIT_MS); true when the supervisor ruled `continue` by then (the deal stands).
 * Without a supervisor's words (the report), false at once, nothing drawn and no time taken.
 *
 * `cardTooMany`: a hand holds a fourth card. The rules make that a misdeal whatever the floor sees, and
 * the table refuses `continue` on it (the alert offers only misdeal and void), so no `continue` is his to
 * follow there: it neither ends his wait nor lets the deal stand, and the stand-in calls the misdeal once
 * the wait is over (a supervisor's misdeal or void ends the hand through the follower). Before, a
 * `continue` heard during such a hand (the table took it on another alert) had him play on with four
 * cards, and the simulator threw ("hand must hold exactly 3 cards").
 */
export function dealStands(tl: Timeline, words: FloorWords | undefined, cardTooMany: boolean): boolean {
  if (words === undefined) return false;
  const end = words.waitEnds(tl.t, (w) => !(cardTooMany && w.ruling === "continue"));
  if (end !== null && end > tl.t) tl.wait(end - tl.t);
  return !cardTooMany && words.continued(tl.t);
}

/** Whether a box or the dealer holds more than the three cards the game deals. */
export function holdsTooMany(hands: ReadonlyMap<Owner, readonly Card[]>): boolean {
  return [...hands.values()].some((cards) => cards.length > CARDS_PER_HAND);
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
 * After the floor's `continue` on a misdeal (a hand short, the dealer's card exposed: the table refuses
 * it on a card too many, which the rules make a misdeal whatever the floor sees): a hand short gets its
 * cards, round by round as the deal gives them (a deal he stopped at the dealer's exposed card is dealt
 * to its end), and, when he dealt any, he says the deal is over again (`ok`).
 */
export function makeDealWhole(d: DealInPlay): void {
  const order = [...d.hands.keys()];
  let dealt = false;
  for (let round = 1; round <= 3; round++)
    for (const owner of order)
      if ((d.hands.get(owner)?.length ?? 0) < round) {
        d.card(owner);
        dealt = true;
      }
  if (dealt) {
    d.pitch();
    d.tl.press("ok");
  }
}

/**
 * Where the stand-in floor would rule on box `box`'s changed bet (TCP_BET_AFTER_DEAL): the dealer, who
 * put the bets back and called the floor (the alert's steps), waits for a supervisor (up to
 * FLOOR_WAIT_MS). A supervisor's `continue` (the bets as they were) or `dead` is his; without either by
 * then the house's stand-in rules `continue`. Without a supervisor's words (the report), the stand-in at
 * once, nothing drawn and no time taken. Returns the boxes a supervisor ruled dead by then.
 */
export function floorOnBet(tl: Timeline, words: FloorWords | undefined, box: number): number[] {
  const end = words?.waitEnds(tl.t) ?? null;
  if (end !== null && end > tl.t) tl.wait(end - tl.t);
  const dead = words?.deadBefore(tl.t) ?? [];
  const continued = words?.continued(tl.t) ?? false;
  if (!continued && dead.length === 0)
    tl.push({ kind: "floor", op: "ruling", ruling: "continue", code: "TCP_BET_AFTER_DEAL", seat: box });
  return dead;
}

/**
 * A box the floor ruled dead (the table folds it: it loses what a fold loses, src/hand/tcp/machine.ts
 * killBox): the dealer moves its cards to the discard (the muck) and gives a blind box's Play back to
 * the player (a folded box has no Play bet, and the table settles none); its other bets stay to be
 * settled with the hand. `plan` is changed to the box's bets as the table now holds them.
 */
export function boxOut(tl: Timeline, plan: BoxPlan, pitch: () => void): void {
  const cards = [...tl.read(`seat${plan.box}`)];
  tl.report(`seat${plan.box}`, []).wait(80);
  tl.report("muck", [...tl.read("muck"), ...cards]);
  pitch();
  if (tl.read(`play${plan.box}`).length > 0) {
    tl.report(`play${plan.box}`, []);
    pitch();
  }
  plan.bets = { ...plan.bets, play: 0 };
}
