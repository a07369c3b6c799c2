import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, fullDeck } from "../../src/rules/cards.js";
import { buildPots, type Contribution, totalOf } from "../../src/rules/pots.js";
import { type Game, oddChipOrder, settleShowdown } from "../../src/rules/showdown.js";

const DECK = fullDeck();
const SEATS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** 2–10 seats with what each put in (in units of `unit` chips) and whether he folded. */
const contributions = (unit: number) =>
  fc
    .uniqueArray(
      fc.record({
        seat: fc.integer({ min: 1, max: 10 }),
        amount: fc.integer({ min: 0, max: 400 }).map((n) => n * unit),
        folded: fc.boolean(),
      }),
      { minLength: 2, maxLength: 10, selector: (c) => c.seat },
    )
    .filter((cs) => cs.some((c) => !c.folded && c.amount > 0));

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe("pot properties", () => {
  it("the pots and the uncalled bet add up to the contributions plus dead money", () => {
    fc.assert(
      fc.property(contributions(1), fc.integer({ min: 0, max: 50 }), (cs, dead) => {
        expect(totalOf(buildPots(cs, dead))).toBe(sum(cs.map((c) => c.amount)) + dead);
      }),
    );
  });

  it("only live seats that put in the pot's level are eligible, and each side pot has fewer of them", () => {
    fc.assert(
      fc.property(contributions(1), (cs) => {
        const { pots } = buildPots(cs);
        const bySeat = new Map(cs.map((c) => [c.seat, c]));
        for (let i = 0; i < pots.length; i++) {
          const pot = pots[i]!;
          expect(pot.amount).toBeGreaterThan(0);
          for (const seat of pot.eligible) expect(bySeat.get(seat)?.folded).toBe(false);
          if (i > 0) {
            expect(pot.eligible.length).toBeLessThan(pots[i - 1]!.eligible.length);
            for (const seat of pot.eligible) expect(pots[i - 1]!.eligible).toContain(seat);
          }
        }
      }),
    );
  });
});

/** A deal of random cards: a board and hole cards for every live seat. */
function deal(game: Game, cs: readonly Contribution[], order: readonly number[]) {
  const holeCount = game === "omaha" ? 4 : 2;
  const board: Card[] = order.slice(0, 5).map((i) => DECK[i]!);
  let next = 5;
  const hands = cs
    .filter((c) => !c.folded)
    .map((c) => {
      const hole = order.slice(next, next + holeCount).map((i) => DECK[i]!);
      next += holeCount;
      return { seat: c.seat, hole };
    });
  return { board, hands };
}

describe("showdown properties", () => {
  const showdowns = fc
    .record({
      game: fc.constantFrom<Game>("holdem", "omaha"),
      unit: fc.constantFrom(1, 5, 25),
      button: fc.integer({ min: 1, max: 10 }),
      order: fc.shuffledSubarray(
        Array.from({ length: 52 }, (_, i) => i),
        { minLength: 45, maxLength: 45 },
      ),
    })
    .chain((s) => contributions(s.unit).map((cs) => ({ ...s, cs })));

  it("awards add up to the pots, nobody wins more from a pot than it holds, winners are eligible", () => {
    fc.assert(
      fc.property(showdowns, ({ game, unit, button, order, cs }) => {
        const { pots } = buildPots(cs);
        const { board, hands } = deal(game, cs, order);
        const awards = settleShowdown({
          game,
          board,
          hands,
          pots,
          button,
          seatOrder: SEATS,
          oddChipUnit: unit,
        });
        expect(sum(awards.map((a) => a.amount))).toBe(sum(pots.map((p) => p.amount)));
        pots.forEach((pot, index) => {
          const fromPot = awards.filter((a) => a.pot === index);
          expect(sum(fromPot.map((a) => a.amount))).toBe(pot.amount);
          for (const a of fromPot) {
            expect(a.amount).toBeLessThanOrEqual(pot.amount);
            expect(pot.eligible).toContain(a.seat);
          }
        });
        // Side pots are pushed before the main pot.
        const potOrder = awards.map((a) => a.pot);
        expect(potOrder).toEqual([...potOrder].sort((a, b) => b - a));
      }),
      { numRuns: 300 },
    );
  });

  it("split shares differ by at most one chip unit, the bigger ones nearest the button's left", () => {
    fc.assert(
      fc.property(showdowns, ({ game, unit, button, order, cs }) => {
        const { pots } = buildPots(cs);
        const { board, hands } = deal(game, cs, order);
        const awards = settleShowdown({
          game,
          board,
          hands,
          pots,
          button,
          seatOrder: SEATS,
          oddChipUnit: unit,
        });
        const clockwise = oddChipOrder(button, SEATS);
        pots.forEach((_, index) => {
          const shares = awards
            .filter((a) => a.pot === index)
            .sort((a, b) => clockwise.indexOf(a.seat) - clockwise.indexOf(b.seat))
            .map((a) => a.amount);
          for (let i = 1; i < shares.length; i++) {
            expect(shares[i]).toBeLessThanOrEqual(shares[i - 1]!);
            expect(shares[0]! - shares[i]!).toBeLessThanOrEqual(unit);
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});
