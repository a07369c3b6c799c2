import { describe, expect, it } from "vitest";
import { DEFAULT_PAY_TABLE, PayTableConfig, parsePayTable } from "../../../src/rules/threeCard/index.js";

describe("Pay-table configuration", () => {
  it("The defaults are the digest's tables", () => {
    expect(DEFAULT_PAY_TABLE).toEqual({
      anteBonus: { straight: 1, threeOfAKind: 4, straightFlush: 5 },
      pairPlus: { pair: 1, flush: 4, straight: 6, threeOfAKind: 33, straightFlush: 35 },
      prime: { playerOneColour: 3, dealerOneColourToo: 4, dealerColourMustMatch: false },
      foldForfeitsSideBets: false,
    });
    expect(parsePayTable()).toEqual(DEFAULT_PAY_TABLE);
    expect(parsePayTable(undefined)).toEqual(DEFAULT_PAY_TABLE);
  });

  it("A house overrides single lines; the other lines keep their defaults", () => {
    const t = parsePayTable({ pairPlus: { straightFlush: 40 }, foldForfeitsSideBets: true });
    expect(t.pairPlus).toEqual({ pair: 1, flush: 4, straight: 6, threeOfAKind: 33, straightFlush: 40 });
    expect(t.anteBonus).toEqual(DEFAULT_PAY_TABLE.anteBonus);
    expect(t.foldForfeitsSideBets).toBe(true);
  });

  it("Odds must be positive numbers", () => {
    expect(() => parsePayTable({ pairPlus: { pair: 0 } })).toThrow();
    expect(() => parsePayTable({ anteBonus: { straight: -1 } })).toThrow();
    expect(() => parsePayTable({ prime: { playerOneColour: "3" } })).toThrow();
    expect(PayTableConfig.safeParse({ foldForfeitsSideBets: "yes" }).success).toBe(false);
  });
});
