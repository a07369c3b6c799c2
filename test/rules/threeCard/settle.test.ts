import { describe, expect, it } from "vitest";
import { parseCards } from "../../../src/rules/cards.js";
import {
  dealerQualifies,
  evaluateThreeCard,
  NO_BETS,
  parsePayTable,
  settleBox,
  voidBox,
} from "../../../src/rules/threeCard/index.js";
import { lineOf, outcomeOf, settle } from "./helpers.js";

const qualifies = (s: string) => dealerQualifies(evaluateThreeCard(parseCards(s)));
const PLAYED = { ante: 10, play: 10 } as const;

describe("Settling", () => {
  it("The dealer qualifies with queen-high or better", () => {
    expect(qualifies("Qs3d2c")).toBe(true);
    expect(qualifies("QsJd9c")).toBe(true);
    expect(qualifies("KsJd9c")).toBe(true);
    expect(qualifies("AsJd9c")).toBe(true);
    expect(qualifies("2s2d3c")).toBe(true);
    expect(qualifies("3c2dAh")).toBe(true);
    expect(qualifies("JsTd8c")).toBe(false);
    expect(qualifies("7s5d2c")).toBe(false);
  });

  it("Dealer does not qualify: every remaining player wins 1 to 1 on the Ante; the Play bet is a standoff (returned)", () => {
    const s = settle(PLAYED, "9s7d4c", "JsTd8c"); // the dealer's jack-high would beat the player, but does not qualify
    expect(s.dealerQualifies).toBe(false);
    expect(outcomeOf(s, "ante")).toEqual(["win", 10]);
    expect(lineOf(s, "ante").returned).toBe(20);
    expect(outcomeOf(s, "play")).toEqual(["push", 0]);
    expect(lineOf(s, "play").returned).toBe(10);
    expect(s.playerNet).toBe(10);
    expect(s.houseNet).toBe(-10);
  });

  it("Dealer qualifies and the player's hand is better: Ante and Play both win 1 to 1", () => {
    const s = settle(PLAYED, "KsKd4c", "QsQd9c");
    expect(outcomeOf(s, "ante")).toEqual(["win", 10]);
    expect(outcomeOf(s, "play")).toEqual(["win", 10]);
    expect(s.playerNet).toBe(20);
    expect(s.houseNet).toBe(-20);
  });

  it("Dealer qualifies and beats the player: Ante and Play lose", () => {
    const s = settle(PLAYED, "KsQd4c", "AsJd9c");
    expect(outcomeOf(s, "ante")).toEqual(["lose", -10]);
    expect(outcomeOf(s, "play")).toEqual(["lose", -10]);
    expect(lineOf(s, "play").returned).toBe(0);
    expect(s.houseNet).toBe(20);
  });

  it("Equal hands: a standoff, except for the bets that do not depend on the dealer's hand", () => {
    const s = settle({ ...PLAYED, pairPlus: 5, prime: 5 }, "QhJhTh", "QdJdTd");
    expect(outcomeOf(s, "ante")).toEqual(["push", 0]);
    expect(outcomeOf(s, "play")).toEqual(["push", 0]);
    expect(outcomeOf(s, "anteBonus")).toEqual(["win", 50]); // straight flush 5 to 1 on the Ante
    expect(outcomeOf(s, "pairPlus")).toEqual(["win", 175]); // straight flush 35 to 1
    expect(outcomeOf(s, "prime")).toEqual(["win", 20]); // both hands red: 4 to 1
    expect(s.playerNet).toBe(245);
  });

  it("Equal high-card hands with a qualifying dealer are a standoff", () => {
    const s = settle(PLAYED, "AsJd9c", "AhJc9d");
    expect(outcomeOf(s, "ante")).toEqual(["push", 0]);
    expect(outcomeOf(s, "play")).toEqual(["push", 0]);
  });

  it("House-banked: each player plays against the dealer, and the house net is minus the player's", () => {
    const dealer = "QsQd9c";
    const a = settle(PLAYED, "KsKd4c", dealer);
    const b = settle(PLAYED, "JsJd4c", dealer);
    expect([a.playerNet, b.playerNet]).toEqual([20, -20]);
    for (const s of [a, b]) {
      expect(s.houseNet + s.playerNet).toBe(0);
      for (const r of s.results) expect(r.houseNet + r.playerNet).toBe(0);
    }
  });
});

describe("Ante bonus", () => {
  it("Ante bonus pays 1 to 1 for a straight", () => {
    const r = lineOf(settle(PLAYED, "9s8d7c", "Qs3d2h"), "anteBonus");
    expect([r.outcome, r.odds, r.payout, r.playerNet]).toEqual(["win", 1, 10, 10]);
  });

  it("Ante bonus pays 4 to 1 for three of a kind", () => {
    const r = lineOf(settle(PLAYED, "9s9d9c", "Qs3d2h"), "anteBonus");
    expect([r.outcome, r.odds, r.payout]).toEqual(["win", 4, 40]);
  });

  it("Ante bonus pays 5 to 1 for a straight flush", () => {
    const r = lineOf(settle(PLAYED, "3s2sAs", "Qs3d2h"), "anteBonus");
    expect([r.outcome, r.odds, r.payout]).toEqual(["win", 5, 50]);
  });

  it("Ante bonus: a straight or better is paid on the Ante whatever the dealer holds", () => {
    const beaten = settle(PLAYED, "4c3d2h", "AsKsQs"); // the dealer's straight flush beats the player's straight
    expect(outcomeOf(beaten, "ante")).toEqual(["lose", -10]);
    expect(outcomeOf(beaten, "anteBonus")).toEqual(["win", 10]);
    const unqualified = settle(PLAYED, "KcKdKh", "Js8d2c");
    expect(outcomeOf(unqualified, "anteBonus")).toEqual(["win", 40]);
  });

  it("Ante bonus: nothing below a straight (a flush, a pair, high card)", () => {
    for (const player of ["AhJh9h", "AsAd2c", "AsJd9c"]) {
      const r = lineOf(settle(PLAYED, player, "Qs3d2h"), "anteBonus");
      expect([r.outcome, r.payout, r.playerNet]).toEqual(["void", 0, 0]);
    }
  });

  it("Ante bonus: keep it a configurable table", () => {
    const table = parsePayTable({ anteBonus: { straight: 2, straightFlush: 10 } });
    expect(outcomeOf(settle(PLAYED, "9s8d7c", "Qs3d2h", table), "anteBonus")).toEqual(["win", 20]);
    expect(outcomeOf(settle(PLAYED, "9s9d9c", "Qs3d2h", table), "anteBonus")).toEqual(["win", 40]);
    expect(outcomeOf(settle(PLAYED, "9s8s7s", "Qs3d2h", table), "anteBonus")).toEqual(["win", 100]);
  });
});

describe("Pair Plus", () => {
  const pairPlus = (player: string, dealer = "AsKsQs") =>
    lineOf(settle({ pairPlus: 10 }, player, dealer), "pairPlus");

  it("Pair Plus pays 1 to 1 for a pair", () => {
    expect([pairPlus("2s2d7c").outcome, pairPlus("2s2d7c").payout]).toEqual(["win", 10]);
  });

  it("Pair Plus pays 4 to 1 for a flush", () => {
    expect([pairPlus("Kh9h2h").outcome, pairPlus("Kh9h2h").payout]).toEqual(["win", 40]);
  });

  it("Pair Plus pays 6 to 1 for a straight", () => {
    expect([pairPlus("3c2dAh").outcome, pairPlus("3c2dAh").payout]).toEqual(["win", 60]);
  });

  it("Pair Plus pays 33 to 1 for three of a kind", () => {
    expect([pairPlus("5c5d5h").outcome, pairPlus("5c5d5h").payout]).toEqual(["win", 330]);
  });

  it("Pair Plus pays 35 to 1 for a straight flush", () => {
    const r = pairPlus("JdTd9d");
    expect([r.outcome, r.odds, r.payout, r.returned, r.houseNet]).toEqual(["win", 35, 350, 360, -350]);
  });

  it("Pair Plus: pair or better wins whatever the dealer holds, else loses", () => {
    const r = pairPlus("AsJd9c", "2c3c4d");
    expect([r.outcome, r.returned, r.playerNet, r.houseNet]).toEqual(["lose", 0, -10, 10]);
    // A pair beaten by the dealer's straight flush still wins the Pair Plus bet.
    expect(pairPlus("2s2d7c", "AhKhQh").outcome).toBe("win");
  });

  it("Pair Plus: configurable", () => {
    const table = parsePayTable({ pairPlus: { straightFlush: 40, threeOfAKind: 30 } });
    const s = (p: string) => lineOf(settle({ pairPlus: 10 }, p, "AsKsQs", table), "pairPlus").payout;
    expect([s("JdTd9d"), s("5c5d5h"), s("3c2dAh"), s("Kh9h2h"), s("2s2d7c")]).toEqual([400, 300, 60, 40, 10]);
  });
});

describe("Prime", () => {
  const prime = (player: string, dealer: string, table = parsePayTable()) =>
    lineOf(settle({ pairPlus: 5, prime: 10 }, player, dealer, table), "prime");

  it("Prime: the player's three cards all of one colour pay 3 to 1", () => {
    const r = prime("2h9dKh", "As5d2c");
    expect([r.outcome, r.odds, r.payout, r.returned]).toEqual(["win", 3, 30, 40]);
    expect(prime("2c9sKc", "Ah5d3c").payout).toBe(30);
  });

  it("Prime: if the dealer's three cards are also all of one colour, 4 to 1", () => {
    const r = prime("2h9dKh", "AhTd3d");
    expect([r.outcome, r.odds, r.payout]).toEqual(["win", 4, 40]);
  });

  it("Prime: otherwise it loses (the player's cards not all of one colour), even if the dealer's are", () => {
    const r = prime("2h9sKh", "AhTd3d");
    expect([r.outcome, r.playerNet, r.houseNet]).toEqual(["lose", -10, 10]);
  });

  it("Prime: the dealer's hand and qualification do not matter, only the colour of his cards", () => {
    expect(prime("2h9dKh", "7c5s2c").payout).toBe(40); // a non-qualifying dealer, all black
    expect(prime("2h9dKh", "AsAcAd").payout).toBe(30); // trips beat the player, mixed colours
  });

  it("In a dispute caused by an ambiguity of the rules, the decision favours the player: Prime 4 to 1 with the dealer all of one colour, whichever colour", () => {
    expect(prime("2h9dKh", "7c5s2c").odds).toBe(4);
    const strict = parsePayTable({ prime: { dealerColourMustMatch: true } });
    expect(prime("2h9dKh", "7c5s2c", strict).odds).toBe(3);
    expect(prime("2h9dKh", "7d5h2d", strict).odds).toBe(4);
  });

  it("Prime: configurable", () => {
    const table = parsePayTable({ prime: { playerOneColour: 2, dealerOneColourToo: 5 } });
    expect(prime("2h9dKh", "As5d2c", table).payout).toBe(20);
    expect(prime("2h9dKh", "AhTd3d", table).payout).toBe(50);
  });
});

describe("The deal and the decision", () => {
  it("After looking at his cards a player either folds — losing the Ante to the house — or places a Play bet equal to the Ante", () => {
    const folded = settle({ ante: 10 }, "AsKdQc", "Js8d2c");
    expect(folded.folded).toBe(true);
    expect(outcomeOf(folded, "ante")).toEqual(["lose", -10]);
    expect(folded.results.some((r) => r.bet === "play")).toBe(false);
    expect(outcomeOf(folded, "anteBonus")).toEqual(["void", 0]); // a forfeited Ante earns no bonus
    expect(folded.playerNet).toBe(-10);
    expect(() => settle({ ante: 10, play: 20 }, "AsKdQc", "Js8d2c")).toThrow(RangeError);
    expect(() => settle({ ante: 10, play: 5 }, "AsKdQc", "Js8d2c")).toThrow(RangeError);
  });

  it("Players with Pair Plus and/or Prime bets stay in for those bets, which do not depend on the dealer's hand", () => {
    const s = settle({ ante: 10, pairPlus: 10, prime: 10 }, "7h7d2h", "AsKsQs");
    expect(s.folded).toBe(true);
    expect(outcomeOf(s, "pairPlus")).toEqual(["win", 10]);
    expect(outcomeOf(s, "prime")).toEqual(["win", 40]);
    expect(s.playerNet).toBe(-10 + 10 + 40);
  });

  it("House setting: whether a fold also forfeits Pair Plus and Prime", () => {
    const table = parsePayTable({ foldForfeitsSideBets: true });
    const s = settle({ ante: 10, pairPlus: 10, prime: 10 }, "7h7d2h", "AsKsQs", table);
    expect(outcomeOf(s, "pairPlus")).toEqual(["lose", -10]);
    expect(outcomeOf(s, "prime")).toEqual(["lose", -10]);
    expect(s.playerNet).toBe(-30);
    // The setting touches only folded boxes.
    const played = settle({ ...PLAYED, pairPlus: 10 }, "7h7d2h", "AsKsQs", table);
    expect(outcomeOf(played, "pairPlus")).toEqual(["win", 10]);
  });

  it("Three cards face down to each box and to the dealer: settlement needs three distinct cards each, none shared", () => {
    const bets = { ...NO_BETS, ...PLAYED };
    const box = (player: string, dealer: string) => () =>
      settleBox({ bets, player: parseCards(player), dealer: parseCards(dealer) });
    expect(box("AsKd", "Qs3d2h")).toThrow(RangeError);
    expect(box("AsKdQc", "Qs3d2h4h")).toThrow(RangeError);
    expect(box("AsKdQc", "As3d2h")).toThrow(/share/);
  });

  it("A bet is good for one hand only: settlement resolves every placed bet", () => {
    const s = settle({ ante: 10, play: 10, pairPlus: 5, prime: 5 }, "AsKdQc", "Js8d2c");
    expect(s.results.map((r) => r.bet)).toEqual(["ante", "play", "anteBonus", "pairPlus", "prime"]);
    for (const r of s.results) expect(["win", "lose", "push", "void"]).toContain(r.outcome);
  });

  it("A Pair Plus box without an Ante plays only Pair Plus (and Prime)", () => {
    const s = settle({ pairPlus: 10, prime: 10 }, "2s2d7c", "Js8d2c");
    expect(s.results.map((r) => r.bet)).toEqual(["pairPlus", "prime"]);
    expect(s.folded).toBe(false);
  });

  it("Players may not exchange cards or share hand information; doing so may void the hand: every bet is returned", () => {
    const results = voidBox({ ante: 10, play: 10, pairPlus: 5, prime: 0 });
    expect(results.map((r) => [r.bet, r.outcome, r.returned, r.playerNet])).toEqual([
      ["ante", "void", 10, 0],
      ["play", "void", 10, 0],
      ["pairPlus", "void", 5, 0],
    ]);
  });
});
