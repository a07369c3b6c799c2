import { describe, expect, it } from "vitest";
import { buildPots, type Contribution, totalOf, uncalledBet } from "../../src/rules/pots.js";

/** Contributions from `[amount, folded?]` per seat, seats numbered from 1. */
function contribs(...entries: (number | [number, "folded"])[]): Contribution[] {
  return entries.map((e, i) =>
    typeof e === "number"
      ? { seat: i + 1, amount: e, folded: false }
      : { seat: i + 1, amount: e[0], folded: true },
  );
}

describe("pots from contributions, level by level (rule 19)", () => {
  it("everyone in for the same amount makes one pot", () => {
    expect(buildPots(contribs(100, 100, 100))).toEqual({
      pots: [{ amount: 300, eligible: [1, 2, 3] }],
      returned: null,
    });
  });

  it("rule 19: a short all-in makes a main pot and a side pot without him", () => {
    expect(buildPots(contribs(100, 300, 300)).pots).toEqual([
      { amount: 300, eligible: [1, 2, 3] },
      { amount: 400, eligible: [2, 3] },
    ]);
  });

  it("rule 19: several all-ins make a ladder of side pots", () => {
    expect(buildPots(contribs(50, 100, 200, 400, 400)).pots).toEqual([
      { amount: 250, eligible: [1, 2, 3, 4, 5] },
      { amount: 200, eligible: [2, 3, 4, 5] },
      { amount: 300, eligible: [3, 4, 5] },
      { amount: 400, eligible: [4, 5] },
    ]);
  });

  it("folded chips stay in the pots they reach; folded players are eligible for none", () => {
    expect(buildPots(contribs([60, "folded"], 100, 200, 200)).pots).toEqual([
      { amount: 360, eligible: [2, 3, 4] },
      { amount: 200, eligible: [3, 4] },
    ]);
  });

  it("an uncalled bet goes back to its seat instead of into a pot", () => {
    expect(buildPots(contribs(500, 1000))).toEqual({
      pots: [{ amount: 1000, eligible: [1, 2] }],
      returned: { seat: 2, amount: 500 },
    });
  });

  it("a bet called by a player who later folds is not uncalled: the caller's chips make a side pot", () => {
    // sp03: SB 3-bets to 300, the BB calls all-in for 60, the button (in for 100) folds.
    expect(buildPots(contribs(300, 60, [100, "folded"]))).toEqual({
      pots: [
        { amount: 180, eligible: [1, 2] },
        { amount: 80, eligible: [1] },
      ],
      returned: { seat: 1, amount: 200 },
    });
  });

  it("sp09: blinds all-in for 3 and 7 under three stacks of 20", () => {
    expect(buildPots(contribs(3, 7, 20, 20, 20))).toEqual({
      pots: [
        { amount: 15, eligible: [1, 2, 3, 4, 5] },
        { amount: 16, eligible: [2, 3, 4, 5] },
        { amount: 39, eligible: [3, 4, 5] },
      ],
      returned: null,
    });
  });

  it("sp02: the shover's single chip above the next stack comes back", () => {
    const pots = buildPots(contribs(31, 78, 151, 150));
    expect(pots.returned).toEqual({ seat: 3, amount: 1 });
    expect(pots.pots.map((p) => p.amount)).toEqual([124, 141, 144]);
    expect(totalOf(pots)).toBe(31 + 78 + 151 + 150);
  });

  it("dead money (a big-blind ante) goes into the main pot", () => {
    expect(buildPots(contribs(100, 300, 300), 30).pots[0]).toEqual({ amount: 330, eligible: [1, 2, 3] });
  });

  it("nothing is uncalled when two seats share the top amount", () => {
    expect(uncalledBet(contribs(200, 200, 50))).toBeNull();
  });

  it("refuses negative or fractional chips and a seat listed twice", () => {
    expect(() => buildPots(contribs(-1, 5))).toThrow(/whole number/);
    expect(() => buildPots(contribs(1.5, 5))).toThrow(/whole number/);
    expect(() =>
      buildPots([
        { seat: 1, amount: 5, folded: false },
        { seat: 1, amount: 5, folded: false },
      ]),
    ).toThrow(/twice/);
  });
});
