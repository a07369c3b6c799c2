import { describe, expect, it } from "vitest";
import { type BoxMovement, reconcileTray, valueOf } from "../../src/rules/tray.js";

const BEFORE = { 5: 100, 25: 100, 100: 40 };

describe("TRAY_VARIANCE: the tray against what the hand should have left", () => {
  const boxes: BoxMovement[] = [
    { box: 1, collected: { 25: 2 }, paid: {} },
    { box: 3, collected: {}, paid: { 100: 3, 5: 1 } },
  ];

  it("a tray that moved exactly as the hand says has no variance", () => {
    const after = { 5: 99, 25: 102, 100: 37 };
    const r = reconcileTray({ before: BEFORE, after, boxes });
    expect(r).toEqual({ expected: valueOf(after), read: valueOf(after), variance: 0, likely: null });
  });

  it("change made in the tray (five 5s for a 25) is no variance", () => {
    const after = { 5: 104, 25: 101, 100: 37 };
    expect(reconcileTray({ before: BEFORE, after, boxes }).variance).toBe(0);
  });

  it("a chip palmed from the tray: the variance, its denomination and the box that was paid in it", () => {
    const after = { 5: 99, 25: 102, 100: 36 };
    const r = reconcileTray({ before: BEFORE, after, boxes });
    expect(r.variance).toBe(-100);
    expect(r.likely).toEqual({ denomination: 100, off: -1, box: 3 });
  });

  it("the rake dropped through the tray is expected in it", () => {
    const after = { 5: 100, 25: 102 + 1, 100: 40 };
    const r = reconcileTray({ before: BEFORE, after, boxes: [boxes[0]!], rake: { 25: 1 } });
    expect(r.variance).toBe(0);
  });
});
