/**
 * `sim --devices` cannot have its dealer follow the floor: the hands' tags are the bridge emulator's
 * script, compiled from the hands dealt up front and loaded from a file before the board powers up
 * (src/sim/deviceRun.ts); the emulator takes only `run <ms>` on its stdin, so once it runs, nothing can
 * put a card back in the shoe or take a dead hand's cards to the muck. Following would need a live
 * place/remove command in the emulator and the hands dealt as they are played. Until then a ruling made
 * on the floor page is taken by the table (and journaled) but the simulated dealer plays on as dealt:
 * this says so, at the start and at each ruling, instead of leaving the supervisor to find it out.
 */
import type { InputEvent } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { Runtime } from "../runtime/runtime.js";

/** Why, in one line (the CLI's note at the start of a watched run). */
export const RULINGS_NOT_FOLLOWED =
  "the simulated dealer does not follow rulings with --devices: his hands are the bridge emulator's " +
  "script, loaded before the board powers up (leave out --devices to have him follow the floor)";

/** What the floor ruled, in words; null for operations that are not rulings on a hand. */
function ruled(event: InputEvent): string | null {
  if (event.kind !== "floor") return null;
  if (event.op === "voidHand") return "void";
  if (event.op === "undo") return "undo";
  if (event.op !== "ruling") return null;
  return event.ruling === "dead" && event.seat !== undefined ? `dead on seat ${event.seat}` : event.ruling;
}

/** Tells `say` of each ruling the table took that the simulated dealer will not follow. */
export function tellRulingsNotFollowed(runtime: Runtime, say: (line: string) => void): void {
  runtime.addInputObserver((event: InputEvent, out: readonly TableEvent[]) => {
    const what = ruled(event);
    if (what === null) return;
    if (out.some((e) => e.kind === "alert" && e.code === "FLOOR_OP_REJECTED")) return;
    const by = event.kind === "floor" && event.by !== undefined ? ` by ${event.by}` : "";
    say(`the table took the floor's ${what}${by}; ${RULINGS_NOT_FOLLOWED}`);
  });
}
