/**
 * The floor's set-up operations (seat, stack, button, level, game, break…) as the core applies them:
 * between hands at once; while the table still reads a hand, the floor may already see it over (the
 * readers' lag), so the operation waits that long for the hand's end, then applies or is refused. A
 * misdeal's re-deal keeps the table as it was, so what waited for that hand is refused.
 */
import type { TableEvent } from "../contract/output.js";
import { applyFloorSetup } from "./floorOps.js";
import { rejected } from "./floorRefusals.js";
import type { TableState } from "./state.js";

type SetupOp = Parameters<typeof applyFloorSetup>[1];

export class FloorSetup {
  /** Operations refused only because the hand was not over yet, and until when they wait. */
  private readonly waiting: { event: SetupOp; until: number }[] = [];

  constructor(private readonly state: TableState) {}

  /** When the first waiting operation runs out of wait, or null. */
  get nextDue(): number | null {
    return this.waiting[0]?.until ?? null;
  }

  /** A set-up operation; `handInPlay`: the table still reads a hand, which may end within `lagMs`. */
  apply(event: SetupOp, handInPlay: boolean, lagMs: number): TableEvent[] {
    const outcome = applyFloorSetup(this.state, event);
    if (outcome.applied) return [];
    if (outcome.handInProgress && handInPlay) {
      this.waiting.push({ event, until: event.t + lagMs });
      return [];
    }
    return [rejected(event.t, event.op, outcome.reason)];
  }

  /**
   * Operations that waited for the hand's end: applied now, or refused when their wait ran out
   * (`refuse`: the hand ended in a misdeal, whose re-deal keeps the table as it was).
   */
  settle(t: number, handInPlay: boolean, refuse: boolean): TableEvent[] {
    const out: TableEvent[] = [];
    const keep: typeof this.waiting = [];
    for (const w of this.waiting) {
      if (handInPlay && w.until > t) {
        keep.push(w);
        continue;
      }
      if (refuse) {
        out.push(
          rejected(t, w.event.op, "the misdealt hand is dealt again as it was; do it after the re-deal"),
        );
        continue;
      }
      const outcome = applyFloorSetup(this.state, w.event);
      if (!outcome.applied) out.push(rejected(t, w.event.op, outcome.reason));
    }
    this.waiting.splice(0, this.waiting.length, ...keep);
    return out;
  }
}
