/**
 * The simulated dealer's tray: payouts come out largest chip first, and a hand whose payouts empty a
 * column is paid on in the next smaller chips, as a dealer does at a real tray (issue 18's simulator;
 * seed 3 over 1,000 hands once stopped with "the simulated tray ran out of 1000s").
 */
import { describe, expect, it } from "vitest";
import { ChipBox, chipTotal, chipValue } from "../../../src/sim/chips.js";
import { Timeline } from "../../../src/sim/timeline.js";
import { SimTray } from "../../../src/sim/tcp/tray.js";

const DENOMINATIONS = [1, 5, 25, 100, 500, 1000, 5000, 25000];

function openTray() {
  const tl = new Timeline(0);
  const tray = new SimTray(tl, new ChipBox(DENOMINATIONS));
  tray.open();
  return { tl, tray };
}

const count = (tags: readonly string[], d: number) => tags.filter((t) => chipValue(t) === d).length;

describe("the simulated tray", () => {
  it("pays largest chip first while the columns hold them", () => {
    const { tray } = openTray();
    const paid = tray.take(6_600);
    expect(chipTotal(paid)).toBe(6_600);
    expect([count(paid, 5000), count(paid, 1000), count(paid, 500), count(paid, 100)]).toEqual([1, 1, 1, 1]);
  });

  it("a column emptied by one hand's payouts: the rest is paid in the next smaller chips", () => {
    const { tray } = openTray();
    // The float holds 4 × 25000, 10 × 5000 and 20 × 1000: a hand's payouts take every one of them.
    const first = tray.take(4 * 25_000 + 10 * 5_000 + 20 * 1_000);
    expect([count(first, 25000), count(first, 5000), count(first, 1000)]).toEqual([4, 10, 20]);
    const before = tray.value();
    const second = tray.take(3_000);
    expect(chipTotal(second)).toBe(3_000);
    expect(count(second, 1000)).toBe(0);
    expect(count(second, 500)).toBe(6);
    expect(tray.value()).toBe(before - 3_000);
  });

  it("a payout the whole tray cannot make is an error that says so", () => {
    const { tray } = openTray();
    const all = tray.value();
    expect(() => tray.take(all + 1)).toThrow(/cannot pay/);
  });
});
