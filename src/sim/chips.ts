/** Chips for simulated bets: exact amounts from the chip set, as logical tags with serials unique in the hand. */

/** The chip set of the default configuration (config/default.yaml), smallest first. */
export const DEFAULT_CHIP_SET: readonly number[] = [1, 5, 25, 100, 500, 1000, 5000, 25000, 100000];

/**
 * Denominations making exactly `amount`, largest first. Greedy, so no chip is bigger than what is left to
 * make: every chip is needed, which is how the chip-reading rules tell a call from a raise (TDA 45-A).
 */
export function makeChange(amount: number, chipSet: readonly number[] = DEFAULT_CHIP_SET): number[] {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`cannot make ${amount} in chips`);
  const denoms = chipSet.slice().sort((a, b) => b - a);
  const out: number[] = [];
  let left = amount;
  for (const d of denoms) {
    while (left >= d) {
      out.push(d);
      left -= d;
    }
  }
  if (left !== 0) throw new RangeError(`${amount} cannot be made exactly from chips ${chipSet.join(", ")}`);
  return out;
}

/** The denomination of a logical chip tag (`chip:500:17` → 500), or `null` for any other tag. */
export function chipValue(tag: string): number | null {
  const m = /^chip:(\d+):/.exec(tag);
  return m ? Number(m[1]) : null;
}

/** The total of the chip tags in a set (other tags count nothing). */
export function chipTotal(tags: readonly string[]): number {
  return tags.reduce((sum, tag) => sum + (chipValue(tag) ?? 0), 0);
}

/** Hands out chip tags with serials unique across the hand. */
export class ChipBox {
  private serial = 0;

  constructor(private readonly chipSet: readonly number[] = DEFAULT_CHIP_SET) {}

  /** Fresh tags worth exactly `amount`, largest chip first. */
  take(amount: number): string[] {
    return makeChange(amount, this.chipSet).map((d) => `chip:${d}:${++this.serial}`);
  }
}
