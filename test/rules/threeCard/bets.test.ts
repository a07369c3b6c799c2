import { describe, expect, it } from "vitest";
import {
  type BetLimits,
  checkBetChange,
  checkBlindPlay,
  isBetChangeAllowed,
  isBlindPlayReady,
  NO_BETS,
  type PlayerBox,
  type ThreeCardBets,
  validateBets,
} from "../../../src/rules/threeCard/index.js";

const LIMITS: BetLimits = { min: 5, max: 500 };
const bets = (b: Partial<ThreeCardBets>): ThreeCardBets => ({ ...NO_BETS, ...b });
const codes = (b: Partial<ThreeCardBets>) => validateBets(bets(b), LIMITS).map((v) => v.code);
const box = (n: number, blind: boolean, b: Partial<ThreeCardBets>): PlayerBox => ({
  box: n,
  blind,
  bets: bets(b),
});

describe("Bets", () => {
  it("Bets are placed before any card is dealt and cannot be changed once any card is drawn", () => {
    expect(isBetChangeAllowed(0)).toBe(true);
    expect(isBetChangeAllowed(1)).toBe(false);
    expect(isBetChangeAllowed(12)).toBe(false);
    const before = bets({ ante: 10, pairPlus: 5 });
    const raised = bets({ ante: 10, pairPlus: 25 });
    expect(checkBetChange(before, raised, { blind: false, cardsDrawn: 0 })).toEqual({
      allowed: true,
      kind: "betting",
    });
    expect(checkBetChange(before, raised, { blind: false, cardsDrawn: 1 }).allowed).toBe(false);
    expect(checkBetChange(before, bets({ ante: 10 }), { blind: false, cardsDrawn: 3 }).allowed).toBe(false);
    expect(
      checkBetChange(before, bets({ ante: 20, play: 20, pairPlus: 5 }), { blind: false, cardsDrawn: 3 })
        .allowed,
    ).toBe(false);
    expect(checkBetChange(before, before, { blind: false, cardsDrawn: 3 })).toEqual({
      allowed: true,
      kind: "none",
    });
  });

  it("After looking at his cards (blind hands excepted), a player places a Play bet equal to the Ante: a decision, not a change", () => {
    const before = bets({ ante: 10, pairPlus: 5 });
    const played = bets({ ante: 10, play: 10, pairPlus: 5 });
    expect(checkBetChange(before, played, { blind: false, cardsDrawn: 6 })).toEqual({
      allowed: true,
      kind: "playDecision",
    });
    // A Play bet other than the Ante, or on a blind box (whose Play was due before the deal), is a change.
    expect(
      checkBetChange(before, bets({ ante: 10, play: 20, pairPlus: 5 }), { blind: false, cardsDrawn: 6 })
        .allowed,
    ).toBe(false);
    expect(checkBetChange(before, played, { blind: true, cardsDrawn: 6 }).allowed).toBe(false);
    // No Ante, no Play.
    expect(
      checkBetChange(bets({ pairPlus: 5 }), bets({ pairPlus: 5, play: 5 }), { blind: false, cardsDrawn: 6 })
        .allowed,
    ).toBe(false);
  });

  it("Every bet is within the table minimum and maximum", () => {
    expect(codes({ ante: 5, pairPlus: 500, prime: 5 })).toEqual([]);
    expect(codes({ ante: 4 })).toEqual(["BELOW_MINIMUM"]);
    expect(codes({ ante: 10, pairPlus: 501 })).toEqual(["ABOVE_MAXIMUM"]);
    expect(validateBets(bets({ ante: 10, prime: 1 }), LIMITS)[0]).toMatchObject({
      code: "BELOW_MINIMUM",
      bet: "prime",
    });
    // An empty circle is no bet, so the minimum does not apply to it.
    expect(codes({ pairPlus: 10 })).toEqual([]);
  });

  it("Bets are whole chips, never negative", () => {
    expect(codes({ ante: -10 })).toContain("NOT_WHOLE_CHIPS");
    expect(codes({ ante: 10.5 })).toContain("NOT_WHOLE_CHIPS");
    expect(codes({ ante: Number.NaN })).toContain("NOT_WHOLE_CHIPS");
  });

  it("A player must bet Ante, Pair Plus, or both", () => {
    expect(codes({ ante: 10 })).toEqual([]);
    expect(codes({ pairPlus: 10 })).toEqual([]);
    expect(codes({ ante: 10, pairPlus: 10 })).toEqual([]);
    expect(codes({ play: 10 })).toContain("NO_ANTE_OR_PAIR_PLUS");
    expect(codes({})).toEqual([]); // an empty box is not played at all
  });

  it("A Prime bet needs an Ante or a Pair Plus bet beside it", () => {
    expect(codes({ prime: 10 })).toContain("PRIME_WITHOUT_ANTE_OR_PAIR_PLUS");
    expect(codes({ ante: 10, prime: 10 })).toEqual([]);
    expect(codes({ pairPlus: 10, prime: 10 })).toEqual([]);
  });

  it("The Play bet is equal to the Ante", () => {
    expect(codes({ ante: 10, play: 10 })).toEqual([]);
    expect(codes({ ante: 10, play: 20 })).toEqual(["PLAY_NOT_EQUAL_ANTE"]);
  });

  it("A player may play only one hand open; any other hand (box) he plays must be played blind", () => {
    expect(checkBlindPlay([box(1, false, { ante: 10 }), box(2, true, { ante: 10, play: 10 })])).toEqual([]);
    expect(checkBlindPlay([box(1, true, { pairPlus: 10 }), box(2, true, { ante: 10, play: 10 })])).toEqual(
      [],
    );
    const two = checkBlindPlay([
      box(1, false, { ante: 10 }),
      box(2, false, { ante: 10 }),
      box(3, false, { pairPlus: 5 }),
    ]);
    expect(two.map((v) => [v.code, v.box])).toEqual([
      ["MORE_THAN_ONE_OPEN_BOX", 2],
      ["MORE_THAN_ONE_OPEN_BOX", 3],
    ]);
  });

  it("If a blind box has an Ante he must put the equal Play bet down before any card is drawn", () => {
    expect(isBlindPlayReady(box(2, true, { ante: 10 }))).toBe(false);
    expect(isBlindPlayReady(box(2, true, { ante: 10, play: 5 }))).toBe(false);
    expect(isBlindPlayReady(box(2, true, { ante: 10, play: 10 }))).toBe(true);
    expect(isBlindPlayReady(box(2, true, { pairPlus: 10 }))).toBe(true); // no Ante, no Play due
    expect(isBlindPlayReady(box(1, false, { ante: 10 }))).toBe(true); // the open box decides after looking
    const v = checkBlindPlay([box(1, false, { ante: 10 }), box(2, true, { ante: 10 })]);
    expect(v.map((x) => [x.code, x.box])).toEqual([["BLIND_PLAY_MISSING", 2]]);
  });
});
