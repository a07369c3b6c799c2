/**
 * The house rake of a raked cash game (issue 18): a percentage of the pot, capped, taken only when
 * the pot is at least a minimum and, under "no flop, no drop", only when a flop was dealt. A pure
 * rule: the table checks the chips the dealer put on the `rake` antenna against it (RAKE_WRONG), and
 * awards the pot less the rake. Not yet wired into the hold'em hand or the simulator.
 */
import { z } from "zod";

/** A house rake schedule as the configuration gives it. */
export const RakeSchedule = z
  .object({
    /** Percent of the pot taken, e.g. 5 for 5%. */
    percent: z.number().min(0).max(100),
    /** The most taken from one pot, in chips (none: no cap). */
    cap: z.number().int().positive().optional(),
    /** No rake from a hand that ends before the flop. */
    noFlopNoDrop: z.boolean().default(true),
    /** No rake from a pot below this many chips. */
    minPot: z.number().int().min(0).default(0),
    /**
     * The rake is taken in whole units of this chip (the smallest chip the dealer drops), rounded
     * down: a dealer cannot drop part of a chip, and the rounding favours the player.
     */
    unit: z.number().int().positive().default(1),
  })
  .strict();

export type RakeSchedule = z.output<typeof RakeSchedule>;

/** What the schedule takes from a pot, and how it got there (the steps of RAKE_WRONG show it). */
export interface RakeDue {
  due: number;
  how: string;
}

/** The rake a pot owes under the schedule. */
export function rakeDue(pot: number, sawFlop: boolean, s: RakeSchedule): RakeDue {
  if (s.noFlopNoDrop && !sawFlop) return { due: 0, how: "no flop, no drop: no rake" };
  if (pot < s.minPot) return { due: 0, how: `pot ${pot} is below the minimum ${s.minPot}: no rake` };
  // Whole units only, from the exact product (no floating-point drift on e.g. 5% of 300).
  const units = Math.floor((pot * s.percent) / (100 * s.unit));
  const raw = units * s.unit;
  const capped = s.cap !== undefined && raw > s.cap;
  const due = capped ? s.cap! : raw;
  const unitWords = s.unit === 1 ? "" : `, in ${s.unit}s`;
  const how = `${s.percent}% of ${pot} = ${raw}${unitWords}${capped ? `, capped at ${s.cap}` : ""}`;
  return { due, how };
}

/** Pots with the rake taken from the main pot first (then the next, should it be smaller). */
export function rakedPots<P extends { amount: number }>(pots: readonly P[], rake: number): P[] {
  let left = rake;
  return pots.map((p) => {
    const take = Math.min(left, p.amount);
    left -= take;
    return take === 0 ? p : { ...p, amount: p.amount - take };
  });
}

/** The rake taken checked against the schedule: null when right, else what the dealer must do. */
export function checkRake(
  taken: number,
  due: RakeDue,
): { due: number; taken: number; steps: string[] } | null {
  if (taken === due.due) return null;
  const fix =
    taken > due.due
      ? `Return ${taken - due.due} from the rake to the pot`
      : `Take ${due.due - taken} more from the pot for the rake`;
  return { due: due.due, taken, steps: [`Rake due: ${due.how}`, fix, "Then push the pot"] };
}
