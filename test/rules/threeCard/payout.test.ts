import { describe, expect, it } from "vitest";
import { checkPayout, payoutDue } from "../../../src/rules/threeCard/index.js";
import { lineOf, settle } from "./helpers.js";

describe("PAYOUT_WRONG: payouts checked against the pay table", () => {
  // Straight flush against a qualifying dealer: Ante 1 to 1, Play 1 to 1, Ante bonus 5 to 1, Pair Plus 35 to 1.
  const s = settle({ ante: 10, play: 10, pairPlus: 25 }, "9h8h7h", "QsJd3c");

  it("the Ante bonus is paid on the Ante's stake at its own odds", () => {
    const due = payoutDue(lineOf(s, "anteBonus"));
    expect(due).toMatchObject({ bet: "bonus", due: 50 });
    expect(due?.how).toContain("the Ante at 5 to 1 = 50");
  });

  it("Pair Plus on a straight flush pays 35 to 1", () => {
    expect(payoutDue(lineOf(s, "pairPlus"))).toMatchObject({ bet: "pairplus", due: 875 });
  });

  it("a right payout is no alert", () => {
    expect(checkPayout(lineOf(s, "pairPlus"), 875, 3)?.wrong).toBeNull();
  });

  it("an underpay says how much to add and shows the pay table's sum", () => {
    const c = checkPayout(lineOf(s, "pairPlus"), 850, 3);
    expect(c?.wrong).toBe("under");
    expect(c?.steps[0]).toMatch(/^Due: Pair Plus: .*Pair Plus pays 35 to 1; 25 at 35 to 1 = 875$/);
    expect(c?.steps[1]).toBe("Add 25 to the payout beside box 3's Pair Plus");
  });

  it("an overpay says how much to take back to the tray", () => {
    const c = checkPayout(lineOf(s, "ante"), 20, 1);
    expect(c).toMatchObject({ due: 10, paid: 20, wrong: "over" });
    expect(c?.steps[1]).toBe("Take 10 back from the payout beside box 1's Ante to the tray");
  });

  it("Prime pays 4 to 1 when the dealer's three are of one colour too", () => {
    const p = settle({ ante: 10, play: 10, prime: 10 }, "2h5d9h", "KcQs3c");
    expect(payoutDue(lineOf(p, "prime"))).toMatchObject({ bet: "prime", due: 40 });
    expect(checkPayout(lineOf(p, "prime"), 30, 2)?.wrong).toBe("under");
  });

  it("a losing or pushed line owes no payout", () => {
    const lost = settle({ ante: 10, play: 10 }, "9s7d4c", "KsKd2c");
    expect(payoutDue(lineOf(lost, "ante"))).toBeNull();
    expect(checkPayout(lineOf(lost, "play"), 0, 1)).toBeNull();
  });
});
