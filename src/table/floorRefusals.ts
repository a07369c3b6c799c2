/**
 * Why the table refuses a floor operation: a `FLOOR_OP_REJECTED` notice whose text the floor page shows
 * as the reason, so that a supervisor knows what to do instead. Shared by the ruling desk and the set-up
 * that waits for the hand to end.
 */
import type { RulingName } from "../contract/input.js";
import { floorOpRejected } from "../contract/alerts.js";
import type { AlertEvent } from "../contract/output.js";

/** The core's refusal of a floor operation (an info alert the floor page shows as the reason). */
export function rejected(t: number, op: string, reason: string): AlertEvent {
  return floorOpRejected(t, op, reason);
}

/** Why a ruling that changed nothing is refused. */
export function nothingToRule(ruling: RulingName, code: string | undefined): string {
  if (code === "READER_OFFLINE")
    return "a reader away is not ruled on: its alert clears when the reader is back (the readers panel shows it)";
  return `a ${ruling} ruling changes nothing${code === undefined ? "" : ` for ${code}`}: nothing was applied`;
}
