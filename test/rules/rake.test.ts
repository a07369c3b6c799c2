import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkRake, RakeSchedule, rakeDue } from "../../src/rules/rake.js";

const FIVE_CAP_300 = RakeSchedule.parse({ percent: 5, cap: 300, minPot: 100, unit: 5 });

describe("RAKE_WRONG: the house rake schedule", () => {
  it("takes the percentage in whole units of the smallest chip, rounded down", () => {
    expect(rakeDue(1230, true, FIVE_CAP_300)).toEqual({ due: 60, how: "5% of 1230 = 60, in 5s" });
    expect(rakeDue(1290, true, FIVE_CAP_300).due).toBe(60);
  });

  it("is capped", () => {
    expect(rakeDue(10_000, true, FIVE_CAP_300)).toEqual({
      due: 300,
      how: "5% of 10000 = 500, in 5s, capped at 300",
    });
  });

  it("no flop, no drop", () => {
    expect(rakeDue(1000, false, FIVE_CAP_300).due).toBe(0);
    expect(rakeDue(1000, false, { ...FIVE_CAP_300, noFlopNoDrop: false }).due).toBe(50);
  });

  it("takes nothing from a pot below the minimum, and from one at it", () => {
    expect(rakeDue(99, true, FIVE_CAP_300).due).toBe(0);
    expect(rakeDue(100, true, FIVE_CAP_300).due).toBe(5);
  });

  it("a right rake is no alert; a wrong one says what to move", () => {
    const due = rakeDue(1230, true, FIVE_CAP_300);
    expect(checkRake(60, due)).toBeNull();
    expect(checkRake(100, due)?.steps).toEqual([
      "Rake due: 5% of 1230 = 60, in 5s",
      "Return 40 from the rake to the pot",
      "Then push the pot",
    ]);
    expect(checkRake(50, due)?.steps[1]).toBe("Take 10 more from the pot for the rake");
  });

  it("a bad schedule is refused with what was expected", () => {
    expect(() => RakeSchedule.parse({ percent: 150 })).toThrow(/percent/);
    expect(() => RakeSchedule.parse({ percent: 5, capp: 3 })).toThrow(/capp/);
  });

  it("property: never more than the cap or the percentage, a whole number of units, 0 without a flop", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom(1, 5, 25),
        (pot, flop, percent, cap, unit) => {
          const s = RakeSchedule.parse({ percent, cap, unit });
          const { due } = rakeDue(pot, flop, s);
          expect(due).toBeLessThanOrEqual(cap);
          expect(due).toBeLessThanOrEqual((pot * percent) / 100);
          expect(due % unit === 0 || due === cap).toBe(true);
          if (!flop) expect(due).toBe(0);
        },
      ),
    );
  });
});
