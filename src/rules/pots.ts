/**
 * Main and side pots from what each player put in over the whole hand, level by level (rule 19):
 * every all-in amount of a live player closes a level; folded players' chips stay in the pots they
 * reach but they are eligible for none.
 */

/** What one seat put into the pot over the whole hand (blinds, antes and bets). */
export interface Contribution {
  readonly seat: number;
  readonly amount: number;
  readonly folded: boolean;
}

/** One pot: its chips and the live seats that can win it, in seat-number order. */
export interface Pot {
  amount: number;
  eligible: number[];
}

/** Chips of the top contributor that nobody matched: they go back to the seat, not into a pot. */
export interface UncalledBet {
  seat: number;
  amount: number;
}

/** The pots of a hand, index 0 the main pot, then side pots in order, and any uncalled bet. */
export interface Pots {
  pots: Pot[];
  returned: UncalledBet | null;
}

function check(contribs: readonly Contribution[]): void {
  const seats = new Set<number>();
  for (const c of contribs) {
    if (!Number.isSafeInteger(c.amount) || c.amount < 0) {
      throw new Error(`seat ${c.seat}: contribution must be a whole number of chips ≥ 0, got ${c.amount}`);
    }
    if (seats.has(c.seat)) throw new Error(`seat ${c.seat} contributes twice`);
    seats.add(c.seat);
  }
}

/**
 * The uncalled part of the biggest contribution: what a live top contributor put in beyond the next
 * biggest contribution (folded or not, since a call that later folded still matched the bet).
 */
export function uncalledBet(contribs: readonly Contribution[]): UncalledBet | null {
  let top: Contribution | undefined;
  let second = 0;
  for (const c of contribs) {
    if (!top || c.amount > top.amount) {
      second = top?.amount ?? 0;
      top = c;
    } else if (c.amount > second) {
      second = c.amount;
    }
  }
  if (!top || top.folded || top.amount <= second) return null;
  return { seat: top.seat, amount: top.amount - second };
}

/**
 * Builds the main pot and side pots from each seat's total contribution for the hand; `deadMoney`
 * (e.g. a big-blind ante, which nobody matches) goes into the main pot.
 */
export function buildPots(contribs: readonly Contribution[], deadMoney = 0): Pots {
  check(contribs);
  if (!Number.isSafeInteger(deadMoney) || deadMoney < 0)
    throw new Error(`dead money must be ≥ 0, got ${deadMoney}`);
  const returned = uncalledBet(contribs);
  const inPots = (c: Contribution): number => c.amount - (returned?.seat === c.seat ? returned.amount : 0);

  const live = contribs.filter((c) => !c.folded);
  const levels = [...new Set(live.map(inPots))].filter((a) => a > 0).sort((a, b) => a - b);
  const pots: Pot[] = [];
  let floor = 0;
  for (const level of levels) {
    let amount = 0;
    for (const c of contribs) amount += Math.max(0, Math.min(inPots(c), level) - floor);
    const eligible = live
      .filter((c) => inPots(c) >= level)
      .map((c) => c.seat)
      .sort((a, b) => a - b);
    pots.push({ amount, eligible });
    floor = level;
  }

  // Dead chips above every live player's total (only seen in odd records) join the last pot.
  let dead = 0;
  for (const c of contribs) dead += Math.max(0, inPots(c) - floor);
  const last = pots[pots.length - 1];
  if (dead > 0) {
    if (last) last.amount += dead;
    else pots.push({ amount: dead, eligible: [] });
  }
  if (deadMoney > 0) {
    const main = pots[0];
    if (main) main.amount += deadMoney;
    else pots.push({ amount: deadMoney, eligible: live.map((c) => c.seat).sort((a, b) => a - b) });
  }
  return { pots, returned };
}

/** Total chips in the pots plus any uncalled bet; always equals the sum of the contributions. */
export function totalOf(pots: Pots): number {
  return pots.pots.reduce((sum, p) => sum + p.amount, 0) + (pots.returned?.amount ?? 0);
}
