import { describe, expect, it } from "vitest";
import { type Card, parseCards } from "../../src/rules/cards.js";
import { buildPots, type Contribution } from "../../src/rules/pots.js";
import { type Award, type Game, oddChipOrder, settleShowdown, splitPot } from "../../src/rules/showdown.js";

const cards = (s: string): Card[] => parseCards(s.replaceAll(" ", ""));
const SEATS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

interface Player {
  seat: number;
  hole: string;
  put: number;
  folded?: boolean;
}

/** Builds the pots from what each player put in and settles them; returns awards and the uncalled bet. */
function settle(game: Game, board: string, button: number, players: Player[], oddChipUnit?: number) {
  const contribs: Contribution[] = players.map((p) => ({
    seat: p.seat,
    amount: p.put,
    folded: p.folded ?? false,
  }));
  const { pots, returned } = buildPots(contribs);
  const hands = players.filter((p) => !p.folded).map((p) => ({ seat: p.seat, hole: cards(p.hole) }));
  const awards = settleShowdown({
    game,
    board: cards(board),
    hands,
    pots,
    button,
    seatOrder: SEATS,
    oddChipUnit,
  });
  return { pots, returned, awards };
}

function totals(awards: Award[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of awards) out[a.seat] = (out[a.seat] ?? 0) + a.amount;
  return out;
}

describe("settling a showdown", () => {
  it("rule 19: side pots awarded separately, side pot first (sp01)", () => {
    const { awards, returned } = settle("holdem", "2h 7s 9d Jc 4s", 3, [
      { seat: 1, hole: "Ac Ad", put: 50 },
      { seat: 2, hole: "Kc Kd", put: 100 },
      { seat: 3, hole: "Qc Qd", put: 200 },
    ]);
    expect(returned).toEqual({ seat: 3, amount: 100 });
    expect(awards).toEqual([
      { seat: 2, amount: 100, pot: 1, hand: "pair of kings" },
      { seat: 1, amount: 150, pot: 0, hand: "pair of aces" },
    ]);
  });

  it("rule 18: odd chip to first seat left of the button", () => {
    const split = (button: number) =>
      settle("holdem", "Ks 7h 2c 9d 4s", button, [
        { seat: 3, hole: "Ac Kd", put: 15 },
        { seat: 8, hole: "Ad Kc", put: 15 },
        { seat: 9, hole: "8h 8d", put: 5, folded: true },
      ]).awards;
    // Button 5: the order is 6, 7, 8 … so seat 8 is the first winner left of the button.
    expect(split(5)).toEqual([
      { seat: 8, amount: 18, pot: 0, hand: "pair of kings" },
      { seat: 3, amount: 17, pot: 0, hand: "pair of kings" },
    ]);
    // Button 9: the order wraps round to 10, 1, 2, 3 … so seat 3 gets it.
    expect(totals(split(9))).toEqual({ 3: 18, 8: 17 });
  });

  it("rule 18: two odd chips in a three-way split go to the first two winners left of the button", () => {
    expect(splitPot(100, [7, 2, 4])).toEqual(
      new Map([
        [7, 34],
        [2, 33],
        [4, 33],
      ]),
    );
  });

  it("rule 18: pots split to the smallest chip in play", () => {
    const { awards } = settle(
      "holdem",
      "Ks 7h 2c 9d 4s",
      1,
      [
        { seat: 2, hole: "Ac Kd", put: 25 },
        { seat: 3, hole: "Ad Kc", put: 25 },
        { seat: 4, hole: "8h 8d", put: 25 },
      ],
      25,
    );
    expect(totals(awards)).toEqual({ 2: 50, 3: 25 });
    expect(splitPot(35, [1, 2], 5)).toEqual(
      new Map([
        [1, 20],
        [2, 15],
      ]),
    );
  });

  it("rule 19 and 18: each pot is split on its own, never merged first (sp09: 36/34, not 35/35)", () => {
    const { pots, awards } = settle("holdem", "Ks 7h 2c 9d 4s", 5, [
      { seat: 1, hole: "Qc 3c", put: 3 },
      { seat: 2, hole: "Js Td", put: 7 },
      { seat: 3, hole: "Ac Kd", put: 20 },
      { seat: 4, hole: "Ad Kc", put: 20 },
      { seat: 5, hole: "8h 8d", put: 20 },
    ]);
    expect(pots.map((p) => p.amount)).toEqual([15, 16, 39]);
    expect(awards.map((a) => [a.pot, a.seat, a.amount])).toEqual([
      [2, 3, 20],
      [2, 4, 19],
      [1, 3, 8],
      [1, 4, 8],
      [0, 3, 8],
      [0, 4, 7],
    ]);
    expect(totals(awards)).toEqual({ 3: 36, 4: 34 });
  });

  it("rule 18: a tie in every pot puts each pot's odd chip on the first winner left of the button (sp02)", () => {
    const { awards, returned } = settle("holdem", "9s Ts 2h Jd 3c", 4, [
      { seat: 1, hole: "2c 3d", put: 31 },
      { seat: 2, hole: "4h 5c", put: 78 },
      { seat: 3, hole: "7h 8c", put: 151 },
      { seat: 4, hole: "7d 8d", put: 150 },
    ]);
    expect(returned).toEqual({ seat: 3, amount: 1 });
    expect(totals(awards)).toEqual({ 3: 205, 4: 204 });
    expect(new Set(awards.map((a) => a.hand))).toEqual(new Set(["straight, jack high"]));
  });

  it("a folded player's chips go to the winner of the pot they reached (sp03)", () => {
    const { awards } = settle("holdem", "2c 7d 9s Jd 3c", 3, [
      { seat: 1, hole: "Ah As", put: 300 },
      { seat: 2, hole: "Kh Ks", put: 60 },
      { seat: 3, hole: "Qh Qs", put: 100, folded: true },
    ]);
    expect(awards).toEqual([
      { seat: 1, amount: 80, pot: 1, hand: "pair of aces" },
      { seat: 1, amount: 180, pot: 0, hand: "pair of aces" },
    ]);
  });

  it("Omaha: trip aces take the main pot, queens beat sevens for the side pot (sp05)", () => {
    const { awards } = settle("omaha", "Ad 7c 2s 5h Kd", 3, [
      { seat: 1, hole: "As Ah Ks Kh", put: 300 },
      { seat: 2, hole: "9c 8c 7d 6d", put: 1000 },
      { seat: 3, hole: "Qd Qc Jd Ts", put: 1000 },
    ]);
    expect(awards).toEqual([
      { seat: 3, amount: 1400, pot: 1, hand: "pair of queens" },
      { seat: 1, amount: 900, pot: 0, hand: "three of a kind, aces" },
    ]);
  });

  it("orders odd chips clockwise from the seat after the button", () => {
    expect(oddChipOrder(4, [2, 4, 7, 9])).toEqual([7, 9, 2, 4]);
    expect(() => oddChipOrder(5, [2, 4, 7, 9])).toThrow(/button seat 5/);
  });

  it("refuses a card that is in two places", () => {
    expect(() =>
      settleShowdown({
        game: "holdem",
        board: cards("Ks 7h 2c 9d 4s"),
        hands: [
          { seat: 1, hole: cards("Ac Kd") },
          { seat: 2, hole: cards("Ac Qd") },
        ],
        pots: [{ amount: 10, eligible: [1, 2] }],
        button: 1,
        seatOrder: SEATS,
      }),
    ).toThrow(/Ac of seat 2/);
  });

  it("refuses an eligible seat that shows no hand", () => {
    expect(() =>
      settleShowdown({
        game: "holdem",
        board: cards("Ks 7h 2c 9d 4s"),
        hands: [{ seat: 1, hole: cards("Ac Kd") }],
        pots: [{ amount: 10, eligible: [1, 2] }],
        button: 1,
        seatOrder: SEATS,
      }),
    ).toThrow(/seat 2 is eligible/);
  });
});
