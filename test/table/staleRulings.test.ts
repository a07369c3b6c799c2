/**
 * Rulings from a page that is out of date (docs/floor.md: "a ruling must answer an open alert"). Two
 * supervisors look at one table; one rules, the table moves on, and the other's click arrives late:
 * it must not land on the next hand's alert of the same code, nor on another seat's alert of the same
 * code. Found walking the floor's path (branch floor9); both failed before (the late misdeal ended the
 * re-deal, the late dead-hand ruling killed seat 3's hand).
 */
import { describe, expect, it } from "vitest";
import { InputEvent, type InputEventIn } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { feed, scenario, testRuntime } from "../web/harness.js";

function table(events: readonly InputEventIn[]) {
  const { runtime, setNow } = testRuntime();
  feed(runtime, setNow, events);
  /** Submits one input at `t` (parsed by the contract's schema, so a wrong field fails here). */
  const at = (t: number, e: Record<string, unknown>): TableEvent[] => {
    setNow(t);
    return runtime.submit(InputEvent.parse({ ...e, t }));
  };
  return { runtime, setNow, at };
}

const refusal = (events: readonly TableEvent[]) =>
  events.find((e) => e.kind === "alert" && e.code === "FLOOR_OP_REJECTED");

describe("a ruling from a page that is out of date", () => {
  it("a misdeal sent for hand 1 is refused once hand 2 (the re-deal) holds the same alert", () => {
    const { runtime, setNow, at } = table(scenario("misdeal-first-card"));
    // Bo rules the misdeal on hand 1 (no undo window: it takes effect at once).
    const ruled = at(2000, {
      kind: "floor",
      op: "ruling",
      ruling: "misdeal",
      code: "MISDEAL_FIRST_CARD",
      hand: 1,
      by: "Bo",
    });
    expect(ruled).toContainEqual(expect.objectContaining({ kind: "hand_end", hand: 1, result: "misdeal" }));
    // The cards come in, the re-deal starts and the dealer makes the same mistake.
    at(2500, { kind: "tags", antenna: "seat3", tags: [] });
    at(3000, { kind: "button", button: "shuffler" });
    feed(runtime, setNow, [{ t: 3300, kind: "tags", antenna: "seat3", tags: ["card:A:7d"] }]);
    expect(runtime.core.view().hand).toBe(2);
    expect(runtime.core.live?.held).toBeTruthy();

    // Ana's page still shows hand 1: her misdeal must not end hand 2.
    const late = at(4000, {
      kind: "floor",
      op: "ruling",
      ruling: "misdeal",
      code: "MISDEAL_FIRST_CARD",
      hand: 1,
      by: "Ana",
    });
    const why = refusal(late);
    expect(why?.kind === "alert" && why.text).toMatch(/sent for hand 1, but hand 2 is in play.*out of date/);
    expect(late.some((e) => e.kind === "hand_end")).toBe(false);
    expect(runtime.core.view().hand).toBe(2);
    // The same ruling for hand 2 is taken.
    const fresh = at(4100, {
      kind: "floor",
      op: "ruling",
      ruling: "continue",
      code: "MISDEAL_FIRST_CARD",
      hand: 2,
      by: "Ana",
    });
    expect(refusal(fresh)).toBeUndefined();
    expect(fresh).toContainEqual(
      expect.objectContaining({ kind: "alert_clear", code: "MISDEAL_FIRST_CARD" }),
    );
  });

  it("an undo or a void sent for a hand that has ended is refused with the reason", () => {
    const { at } = table(scenario("misdeal-first-card"));
    at(2000, {
      kind: "floor",
      op: "ruling",
      ruling: "misdeal",
      code: "MISDEAL_FIRST_CARD",
      hand: 1,
      by: "Bo",
    });
    const undo = refusal(at(2100, { kind: "floor", op: "undo", hand: 1, by: "Ana" }));
    expect(undo?.kind === "alert" && undo.text).toMatch(/sent for hand 1, but no hand is in play/);
    const voided = refusal(
      at(2200, { kind: "floor", op: "voidHand", reason: "stale page", hand: 1, by: "Ana" }),
    );
    expect(voided?.kind === "alert" && voided.text).toMatch(/sent for hand 1, but no hand is in play/);
  });

  it("a dead-hand ruling for seat 3 does not answer seat 2's HAND_DEAD (seat 3's hand lives)", () => {
    const events = scenario("hand-dead-after-substantial-action").filter(
      (e) => !(e.kind === "floor" && e.op === "ruling"),
    );
    const { at } = table(events);
    const late = at(6000, {
      kind: "floor",
      op: "ruling",
      ruling: "dead",
      seat: 3,
      code: "HAND_DEAD",
      by: "Ana",
    });
    const why = refusal(late);
    expect(why?.kind === "alert" && why.text).toMatch(/no open alert HAND_DEAD for seat 3/);
    expect(late.some((e) => e.kind === "action" && e.seat === 3)).toBe(false);
    // Seat 2's own alert is still answered by a ruling that names it.
    const right = at(6100, {
      kind: "floor",
      op: "ruling",
      ruling: "dead",
      seat: 2,
      code: "HAND_DEAD",
      by: "Ana",
    });
    expect(right).toContainEqual(expect.objectContaining({ kind: "action", seat: 2, action: "fold" }));
  });

  it("a call for the floor is answered whatever hand the page showed: it outlives the hand", () => {
    const { at } = table(
      scenario("floor-key-calls-the-floor").filter((e) => !(e.kind === "floor" && e.op === "ruling")),
    );
    const answered = at(9000, {
      kind: "floor",
      op: "ruling",
      ruling: "continue",
      code: "FLOOR_CALLED",
      hand: 99,
      by: "Ana",
    });
    expect(refusal(answered)).toBeUndefined();
    expect(answered).toContainEqual(expect.objectContaining({ kind: "alert_clear", code: "FLOOR_CALLED" }));
  });
});
