/**
 * What the two games' rulings-after-hours properties share (test/sim/rulingAfterHours.test.ts and
 * test/sim/tcp/rulingAfterHours.test.ts): the steps of a live run (a hand, a supervisor's word said at
 * some moment of the batch in play, the floor ending a deal), and the felt a follower hands back.
 */
import fc from "fast-check";
import type { InputEventIn } from "../../src/contract/input.js";

/** What each antenna last reported at or before `t` (the felt a follower hands back with an ending). */
export function feltAt(events: readonly InputEventIn[], t: number): Map<string, readonly string[]> {
  const felt = new Map<string, readonly string[]>();
  for (const e of events) if (e.t <= t && e.kind === "tags") felt.set(e.antenna, e.tags);
  return felt;
}

export type Step =
  | { readonly kind: "hand" }
  | { readonly kind: "rule"; readonly at: number; readonly said: "continue" | "wait" | number }
  | { readonly kind: "follow"; readonly at: number; readonly result: "misdeal" | "void" };

/**
 * One step: mostly a hand; a word (`continue`, `wait`, or a seat ruled dead, 1 to `seats`) at a moment
 * of the batch (0 its start, 1 its end); now and then the floor ends the deal from `followFrom` on.
 */
export function rulingStep(seats: number, followFrom: number): fc.Arbitrary<Step> {
  return fc.oneof(
    { arbitrary: fc.constant<Step>({ kind: "hand" }), weight: 5 },
    {
      arbitrary: fc.record({
        kind: fc.constant("rule" as const),
        at: fc.double({ min: 0, max: 1, noNaN: true }),
        said: fc.oneof(
          fc.constant<"continue" | "wait">("continue"),
          fc.constant<"continue" | "wait">("wait"),
          fc.integer({ min: 1, max: seats }),
        ),
      }),
      weight: 3,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant("follow" as const),
        at: fc.double({ min: followFrom, max: 1, noNaN: true }),
        result: fc.constantFrom("misdeal" as const, "void" as const),
      }),
      weight: 1,
    },
  );
}
