/**
 * A hand the shuffler press settled while seats still owed the rest of a call or raise
 * (src/hand/pressOwing.ts): the floor must know who owes what, but the rest may already be in the pot,
 * swept in with the last chips and reported by the bridge up to its lag (K missed scans) after the
 * press. So the debts wait the readers' lag (`reading.missedScans + 1` scan rounds, the figure every
 * late report waits): chips the pot gains in it from no bet zone pay them, in seat order; what is
 * still owed then is told to the floor, one HAND_ENDED_OWING per seat, which stays open through the
 * next hand until the floor answers it (continue). The next hand does not count those chips: it
 * takes no pot gain before its deal is complete. The wait is between-hands state, so it is part of the
 * core's checkpoint (a hand ended owing by the dealer's ok leaves the table between hands inside it):
 * a table restored there tells the floor, or is paid, exactly as the uninterrupted one.
 */
import type { AlertEvent } from "../contract/output.js";
import { say } from "../hand/alerts.js";
import type { OwedAtTheEnd } from "../hand/context.js";
import { chipTotal, type Observation } from "../reading/observations.js";

/** Debts waiting the readers' lag (plain data: the core's checkpoint keeps it). */
export interface OwedWaiting {
  hand: number;
  due: number;
  owed: OwedAtTheEnd[];
  stacks: Record<number, number>;
}

export class OwedAtThePress {
  private waiting: OwedWaiting | null = null;

  /** The debts still waiting, as plain data, or null. */
  snapshot(): OwedWaiting | null {
    return this.waiting === null ? null : structuredClone(this.waiting);
  }

  /** Restores the debts a checkpoint kept waiting. */
  restore(waiting: OwedWaiting | null): void {
    this.waiting = waiting === null ? null : structuredClone(waiting);
  }

  /** A hand ended owing at `t`: its debts wait until `due` for the pot. */
  start(
    hand: number,
    due: number,
    owed: readonly OwedAtTheEnd[],
    stacks: Record<number, number> | null,
  ): void {
    if (owed.length === 0) return;
    this.waiting = { hand, due, owed: owed.map((o) => ({ ...o })), stacks: { ...(stacks ?? {}) } };
  }

  /** When the debts still waiting are told, or null. */
  get nextDue(): number | null {
    return this.waiting?.due ?? null;
  }

  /** What the readers saw during the wait: chips the pot gained from no bet zone pay the debts. */
  observed(observations: readonly Observation[]): void {
    const w = this.waiting;
    if (w === null) return;
    for (const o of observations) {
      if (o.type !== "pot_gained") continue;
      let left = chipTotal(o.strays);
      for (const d of w.owed) {
        const paid = Math.min(left, d.owed);
        d.owed -= paid;
        left -= paid;
      }
      w.owed = w.owed.filter((d) => d.owed > 0);
    }
    if (w.owed.length === 0) this.waiting = null;
  }

  /** The lag has run out: the floor is told of what is still owed. */
  due(t: number): AlertEvent[] {
    const w = this.waiting;
    if (w === null || t < w.due) return [];
    this.waiting = null;
    return w.owed.map((d) => say.handEndedOwing(t, w.hand, d.seat, d.owed, d.code, w.stacks[d.seat] ?? 0));
  }
}
