/**
 * The rake of a raked cash game in the simulator (issue 18): once the pot is awarded the dealer makes
 * the rake from the pot, puts it on the plate (`rake` antenna) and drops it; RAKE_WRONG's injector puts
 * one chip too many or too few there (or a chip where nothing was due), waits for the table to say so,
 * and puts it right before the drop.
 */
import { RakeSchedule } from "../rules/rake.js";
import type { FlopDealer } from "./dealer.js";
import type { Injector } from "./hooks.js";
import { chance, type Rng } from "./random.js";

/** `sim --rake` when the configuration has no schedule: 5% capped at 500, no flop no drop (a common house rake). */
export const SIM_RAKE: RakeSchedule = RakeSchedule.parse({ percent: 5, cap: 500 });

/** The dealer puts `amount` on the plate, then drops it. */
export function placeRake(d: FlopDealer, amount: number): void {
  if (amount <= 0) return;
  const chips = d.felt.chips(amount);
  d.felt.pause(300, 600).add("rake", ...chips);
  d.felt.pause(1200, 2000).remove("rake", ...chips);
  d.felt.pause(200, 400);
}

/** A rake one chip off the schedule, put right on the plate once the table says so. */
export function rakeWrong(rng: Rng): Injector {
  return {
    code: "RAKE_WRONG",
    onRake(d, due) {
      const unit = d.setup.rake?.unit ?? 1;
      // Short only where something stays on the plate: an empty plate reads as no rake put down at all.
      const over = due.due < 2 * unit || chance(rng, 0.5);
      const right = d.felt.chips(over ? due.due : due.due - unit);
      const odd = d.felt.chips(unit);
      d.felt.pause(300, 600).add("rake", ...right, ...(over ? odd : []));
      d.truth(
        "RAKE_WRONG",
        `rake ${over ? due.due + unit : due.due - unit} on the plate, ${due.due} due (${due.how})`,
      );
      // He reads the panel and puts the plate right, then drops the rake.
      d.felt.pause(2500, 4000);
      if (over) d.felt.remove("rake", ...odd);
      else d.felt.add("rake", ...odd);
      const plate = [...d.felt.read("rake")];
      d.felt.pause(1200, 2000).remove("rake", ...plate);
      d.felt.pause(200, 400);
      return true;
    },
  };
}
