/**
 * The seat lights and the digit displays from the public view, as the dealer-keys driver takes
 * them. Each seat has two LEDs (to act, all-in); a seat in the hand, folded or empty shows neither.
 */
import type { DigitsView, SeatLight } from "../devices/keys/dealer-keys.js";
import type { TableView } from "./view.js";

/** Every seat's two lights: lit only for the seat to act and for the seats all-in. */
export function seatLights(view: TableView): SeatLight[] {
  return view.seats.map((s) => ({ seat: s.seat, toAct: s.light === "to-act", allin: s.light === "all-in" }));
}

/** The pot while a hand is on (blank between hands) and what the seat to act must add (blank when nobody is to act). */
export function digits(view: TableView): DigitsView {
  return { pot: view.hand === null ? null : view.pot, toCall: view.toCall };
}
