/**
 * The dealer's chip tray, the house float (issue 18): what it should hold, hand after hand. The tray's
 * antennas (`tray`, `tray1` …) are read when a hand's movement is known; the tray then should hold
 * what it held after the last hand, plus the cage's fills, minus its credits, plus what the hand
 * collected, minus what it paid, plus the rake. The `tray` event says so, and TRAY_VARIANCE (floor)
 * names the denomination and box most likely behind a difference (src/rules/tray.ts).
 *
 * The tray is judged a configured window after the hand's chips stopped moving (`tray.judgeAfterMs`),
 * not at once: its reader is slow (a column of 20 chips takes up to a quarter second to inventory and
 * the tray reader scans its columns in turn, hardware.md) and a chip dropped in it is reported a scan
 * round or more later. The next shuffler press judges it at once: the hand is over by then.
 */
import type { FloorTrayOp } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import { alert } from "../hand/alerts.js";
import type { ChipTag } from "../reading/observations.js";
import { type BoxMovement, type ChipCount, reconcileTray } from "../rules/tray.js";

/** Whether an antenna lies under the tray. */
export function isTrayAntenna(antenna: string): boolean {
  return /^tray\d*$/.test(antenna);
}

/** The ledger's plain data (part of the core's checkpoint). */
export interface TraySnapshot {
  /** What the tray should hold now, by denomination; null until it is first read. */
  float: Record<number, number> | null;
  pending: { due: number; boxes: BoxMovement[]; rake: Record<number, number> } | null;
}

export class TrayLedger {
  private float: Record<number, number> | null = null;
  private pending: TraySnapshot["pending"] = null;

  constructor(
    private readonly antennas: readonly string[],
    private readonly judgeAfterMs: number,
  ) {}

  /** Whether the table has a tray to read. */
  get present(): boolean {
    return this.antennas.length > 0;
  }

  /** When the tray is next judged, or null. */
  get due(): number | null {
    return this.pending?.due ?? null;
  }

  /** A hand begins: the first one with chips in the tray learns the float as the tray reads. */
  handStarts(chipsOn: (antenna: string) => ChipTag[]): void {
    if (!this.present || this.float !== null) return;
    const read = this.read(chipsOn);
    if (Object.keys(read).length > 0) this.float = read;
  }

  /** A hand's chips stopped moving at `t`: the tray is judged `judgeAfterMs` later. */
  handMoved(t: number, boxes: BoxMovement[], rake: ChipCount = {}): void {
    if (!this.present) return;
    this.pending = { due: t + this.judgeAfterMs, boxes, rake: { ...rake } };
  }

  /** The cage's fill (chips brought to the tray) or credit (chips taken from it). */
  trayOp(op: FloorTrayOp): void {
    const sign = op.op === "fill" ? 1 : -1;
    const float = (this.float ??= {});
    for (const [d, n] of Object.entries(op.chips)) float[Number(d)] = (float[Number(d)] ?? 0) + sign * n;
  }

  /** Judges the tray now if a hand's movement waits for it (its window ran out, or the next hand begins). */
  judge(t: number, chipsOn: (antenna: string) => ChipTag[]): TableEvent[] {
    const p = this.pending;
    if (p === null) return [];
    this.pending = null;
    const after = this.read(chipsOn);
    const before = this.float;
    // A tray never read before (empty when the hand began) is learned now: there is nothing to compare.
    if (before === null) {
      this.float = after;
      return [];
    }
    const r = reconcileTray({ before, after, boxes: p.boxes, rake: p.rake });
    // The tray as read is what it holds from now on: a variance is the floor's to rule, once.
    this.float = after;
    const out: TableEvent[] = [{ t, kind: "tray", expected: r.expected, read: r.read, variance: r.variance }];
    if (r.variance !== 0) out.push(varianceAlert(t, r));
    return out;
  }

  snapshot(): TraySnapshot {
    return structuredClone({ float: this.float, pending: this.pending });
  }

  restore(s: TraySnapshot): void {
    this.float = structuredClone(s.float);
    this.pending = structuredClone(s.pending);
  }

  private read(chipsOn: (antenna: string) => ChipTag[]): Record<number, number> {
    const count: Record<number, number> = {};
    for (const a of this.antennas)
      for (const c of chipsOn(a)) count[c.denomination] = (count[c.denomination] ?? 0) + 1;
    return count;
  }
}

function varianceAlert(t: number, r: ReturnType<typeof reconcileTray>) {
  const sign = r.variance > 0 ? "over" : "short";
  const likely = r.likely;
  const source =
    likely === null
      ? ""
      : `: most likely ${Math.abs(likely.off)} × ${likely.denomination}` +
        (likely.box === null ? "" : `, moved for box ${likely.box}`);
  const steps = [
    `The tray should hold ${r.expected}; it reads ${r.read}`,
    likely === null
      ? "Count the tray by denomination"
      : `Count the ${likely.denomination}s in the tray${likely.box === null ? "" : ` and check box ${likely.box}'s payout and collection`}`,
    "Call the floor: the variance is recorded",
  ];
  const a = alert(t, "TRAY_VARIANCE", `Tray ${sign} by ${Math.abs(r.variance)}${source}`, steps);
  return {
    ...a,
    variance: r.variance,
    ...(likely === null ? {} : { denomination: likely.denomination, box: likely.box }),
  };
}
