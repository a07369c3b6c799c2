/**
 * Reconciling the dealer's chip tray after a hand (issue 18, `tray` event and TRAY_VARIANCE): the
 * tray read now against the tray before the hand, plus what the house collected, minus what it paid,
 * plus the rake, and the denomination and box most likely behind a variance. A pure rule; the table
 * does not read `tray` antennas yet.
 */

/** Chips by denomination: denomination → how many. */
export type ChipCount = Readonly<Record<number, number>>;

/** What one box's settlement moved through the tray, by denomination. */
export interface BoxMovement {
  box: number;
  /** Losing bets taken into the tray. */
  collected: ChipCount;
  /** Payout chips taken from the tray. */
  paid: ChipCount;
}

export interface TrayHand {
  before: ChipCount;
  after: ChipCount;
  boxes: readonly BoxMovement[];
  /** Rake dropped through the tray in a raked game (chips), by denomination. */
  rake?: ChipCount;
}

export interface TrayReconciliation {
  /** Chips (value): before + collected − paid + rake. */
  expected: number;
  read: number;
  /** read − expected: negative when chips are missing. */
  variance: number;
  /** The denomination whose count is furthest off, and the box whose movement used it most; null when none. */
  likely: { denomination: number; off: number; box: number | null } | null;
}

/** The value of a chip count. */
export function valueOf(c: ChipCount): number {
  let sum = 0;
  for (const [d, n] of Object.entries(c)) sum += Number(d) * n;
  return sum;
}

function add(into: Map<number, number>, c: ChipCount | undefined, sign: number): void {
  for (const [d, n] of Object.entries(c ?? {})) into.set(Number(d), (into.get(Number(d)) ?? 0) + sign * n);
}

/** The tray after a hand against what the hand should have left in it. */
export function reconcileTray(h: TrayHand): TrayReconciliation {
  const expectedCount = new Map<number, number>();
  add(expectedCount, h.before, 1);
  for (const b of h.boxes) {
    add(expectedCount, b.collected, 1);
    add(expectedCount, b.paid, -1);
  }
  add(expectedCount, h.rake, 1);
  let expected = 0;
  for (const [d, n] of expectedCount) expected += d * n;
  const read = valueOf(h.after);
  const variance = read - expected;
  if (variance === 0) return { expected, read, variance, likely: null };
  // The denomination whose count is furthest off in value names the likely source: a palmed or
  // misplaced chip shows there, whatever the dealer did with change elsewhere.
  let likely: { denomination: number; off: number } | null = null;
  const denominations = new Set([...expectedCount.keys(), ...Object.keys(h.after).map(Number)]);
  for (const d of [...denominations].sort((a, b) => b - a)) {
    const off = (h.after[d] ?? 0) - (expectedCount.get(d) ?? 0);
    if (off !== 0 && (likely === null || Math.abs(off * d) > Math.abs(likely.off * likely.denomination)))
      likely = { denomination: d, off };
  }
  if (likely === null) return { expected, read, variance, likely: null };
  const d = likely.denomination;
  // The box whose payout or collection moved most chips of that denomination.
  let box: number | null = null;
  let most = 0;
  for (const b of h.boxes) {
    const moved = (b.collected[d] ?? 0) + (b.paid[d] ?? 0);
    if (moved > most) [box, most] = [b.box, moved];
  }
  return { expected, read, variance, likely: { ...likely, box } };
}
