/**
 * The simulated dealer's chip tray (issue 18): five columns under `tray1` … `tray5`, one or two
 * denominations to a column as a dealer stacks them, with the chip tags it holds. Losing bets go in,
 * payouts come out, the cage's fills keep every denomination stocked; what it holds is the ground
 * truth the table's `tray` events are checked against.
 */
import type { ChipBox } from "../chips.js";
import { chipValue } from "../chips.js";
import type { Timeline } from "../timeline.js";

/** The tray's antennas (config/tcp.yaml). */
export const TRAY_ANTENNAS = ["tray1", "tray2", "tray3", "tray4", "tray5"] as const;

/** The column a denomination is stacked in. */
function columnOf(denomination: number): string {
  if (denomination <= 5) return "tray1";
  if (denomination <= 25) return "tray2";
  if (denomination <= 100) return "tray3";
  if (denomination <= 500) return "tray4";
  return "tray5";
}

/** Denominations the dealer pays with, and how many of each a fill brings the tray back up to. */
const STOCK: Readonly<Record<number, number>> = {
  1: 20,
  5: 40,
  25: 40,
  100: 40,
  500: 20,
  1000: 20,
  5000: 10,
  25000: 4,
};
/** Below this many of a denomination the floor orders a fill before the next hand. */
const LOW = 0.5;

export class SimTray {
  private readonly chips = new Map<number, string[]>();
  /** Chips the cage brought over the run (value). */
  filled = 0;
  /** Chips sent back to the cage over the run (value). */
  credited = 0;
  /** Chips palmed from the tray over the run (value, ground truth). */
  palmed = 0;

  constructor(
    private readonly tl: Timeline,
    private readonly box: ChipBox,
  ) {}

  /** The tray's value now. */
  value(): number {
    let sum = 0;
    for (const [d, tags] of this.chips) sum += d * tags.length;
    return sum;
  }

  /**
   * Between hands: chips beyond twice the stock go back to the cage (a credit), and a denomination
   * running low is topped up (a fill); each a floor operation, then the chips leave or land.
   */
  restock(): void {
    this.credit();
    this.fill();
  }

  private credit(): void {
    const credit: Record<string, number> = {};
    const gone: string[] = [];
    for (const [d, full] of Object.entries(STOCK)) {
      const list = this.chips.get(Number(d)) ?? [];
      if (list.length <= 2 * full) continue;
      credit[d] = list.length - full;
      gone.push(...list.splice(0, list.length - full));
      this.credited += Number(d) * credit[d]!;
    }
    if (gone.length === 0) return;
    this.tl.push({ kind: "floor", op: "credit", chips: credit, by: "cage" });
    this.tl.wait(200);
    this.report(new Set(gone.map((tag) => columnOf(chipValue(tag) ?? 0))));
  }

  private fill(): void {
    const fill: Record<string, number> = {};
    for (const [d, full] of Object.entries(STOCK)) {
      const have = this.chips.get(Number(d))?.length ?? 0;
      if (have < full * LOW) fill[d] = full - have;
    }
    if (Object.keys(fill).length === 0) return;
    this.tl.push({ kind: "floor", op: "fill", chips: fill, by: "cage" });
    const tags: string[] = [];
    for (const [d, n] of Object.entries(fill)) {
      for (let i = 0; i < n; i++) tags.push(...this.box.take(Number(d)));
      this.filled += Number(d) * n;
    }
    this.tl.wait(200);
    this.put(tags);
  }

  /** The float before the first hand, reported as the tray reads it. */
  open(): void {
    const tags: string[] = [];
    for (const [d, n] of Object.entries(STOCK))
      for (let i = 0; i < n; i++) tags.push(...this.box.take(Number(d)));
    this.put(tags);
  }

  /** Chips go into the tray (a losing bet, change, a payout taken back). */
  put(tags: readonly string[]): void {
    const touched = new Set<string>();
    for (const tag of tags) {
      const d = chipValue(tag) ?? 0;
      const list = this.chips.get(d) ?? [];
      list.push(tag);
      this.chips.set(d, list);
      touched.add(columnOf(d));
    }
    this.report(touched);
  }

  /**
   * Chips worth `amount` come out of the tray, largest first. The tray is restocked between hands,
   * but one hand's payouts can empty a column (several big Pair Plus hands at once): the dealer then
   * pays the rest of it in the next smaller chips, as at a real tray.
   */
  take(amount: number): string[] {
    const out: string[] = [];
    const touched = new Set<string>();
    let left = amount;
    for (const d of Object.keys(STOCK)
      .map(Number)
      .sort((a, b) => b - a)) {
      const list = this.chips.get(d) ?? [];
      // From the bottom of the column: a chip just dropped in is not cut straight back out.
      while (left >= d && list.length > 0) {
        out.push(list.shift()!);
        left -= d;
        touched.add(columnOf(d));
      }
    }
    if (left !== 0) throw new Error(`the simulated tray cannot pay ${amount}: ${left} short of chips`);
    this.report(touched);
    return out;
  }

  /** One chip leaves the tray for the dealer's pocket: the largest he can reach below 1000. */
  palm(): number {
    for (const d of [500, 100, 25]) {
      const tag = this.chips.get(d)?.pop();
      if (tag === undefined) continue;
      this.report(new Set([columnOf(d)]));
      this.palmed += d;
      return d;
    }
    return 0;
  }

  private report(columns: ReadonlySet<string>): void {
    for (const column of TRAY_ANTENNAS) {
      if (!columns.has(column)) continue;
      const tags = [...this.chips].filter(([d]) => columnOf(d) === column).flatMap(([, list]) => list);
      this.tl.report(column, tags);
    }
  }
}
