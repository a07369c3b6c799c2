/** The end of a replayed hand: pots built from contributions, each settled on its own, chips pushed to seats. */
import { handContributions } from "../bettingContributions.js";
import type { BettingState } from "../bettingTypes.js";
import type { Card } from "../cards.js";
import type { GameDef } from "../games.js";
import { buildPots, type Pot } from "../pots.js";
import { rakedPots } from "../rake.js";
import { type ShownHand, settleShowdown } from "../showdown.js";

/** What the dealer saw at the end of the hand. */
export interface HandEnd {
  readonly state: BettingState;
  readonly game: GameDef;
  readonly board: readonly Card[];
  /** The cards each live seat tabled; a live seat missing here mucked and cannot win. */
  readonly tabled: ReadonlyMap<number, readonly Card[]>;
  /** All seats of the table in clockwise order (for the odd chip, which goes left of the button). */
  readonly seatOrder: readonly number[];
  /** Chips the house raked, taken from the main pot first before it is settled (default none). */
  readonly rake?: number;
}

/** Chips won per seat: uncontested pots go to their only contender, contested ones by the showdown rules. */
export function settleHand(end: HandEnd): Map<number, number> {
  const { state } = end;
  const { contribs, deadMoney } = handContributions(state);
  // A live hand that was not tabled is mucked: its chips stay in, it is eligible for nothing (rule 13).
  const uncontested = state.phase === "uncontested";
  const marked = contribs.map((c) => ({
    ...c,
    folded: c.folded || (!uncontested && !end.tabled.has(c.seat)),
  }));
  const built = buildPots(marked, deadMoney);
  const { returned } = built;
  const pots = rakedPots(built.pots, end.rake ?? 0);
  const won = new Map<number, number>();
  const add = (seat: number, amount: number) => won.set(seat, (won.get(seat) ?? 0) + amount);
  if (returned) add(returned.seat, returned.amount);
  const contested: Pot[] = [];
  for (const pot of pots) {
    const only = pot.eligible.length === 1 ? pot.eligible[0] : undefined;
    if (only !== undefined) add(only, pot.amount);
    else if (pot.amount > 0) contested.push(pot);
  }
  if (contested.length === 0) return won;
  const hands: ShownHand[] = [...end.tabled].map(([seat, hole]) => ({
    seat,
    hole,
  }));
  const awards = settleShowdown({
    game: end.game.evaluation,
    board: end.board,
    hands,
    pots: contested,
    button: state.button,
    seatOrder: end.seatOrder,
  });
  for (const a of awards) add(a.seat, a.amount);
  return won;
}
