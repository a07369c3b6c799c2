import { describe, expect, it } from "vitest";
import { nextPositions, positionsFromButton } from "../../src/rules/positions.js";

const TEN = 10;

describe("TDA 30: dead button — the big blind always moves forward one player", () => {
  it("moves button, small blind and big blind one seat each hand with everyone present", () => {
    const first = positionsFromButton(1, [1, 2, 3, 4], TEN);
    expect(first).toEqual({ button: 1, sb: 2, bb: 3, sbPos: 2 });
    const second = nextPositions(first!, [1, 2, 3, 4], TEN);
    expect(second).toEqual({ button: 2, sb: 3, bb: 4, sbPos: 3 });
    expect(nextPositions(second!, [1, 2, 3, 4], TEN)).toEqual({ button: 3, sb: 4, bb: 1, sbPos: 4 });
  });

  it("a busted small blind: the button goes to his empty seat (dead button)", () => {
    const last = { button: 1, sb: 2, bb: 3, sbPos: 2 };
    // Seat 2 busted in that hand.
    expect(nextPositions(last, [1, 3, 4, 5], TEN)).toEqual({ button: 2, sb: 3, bb: 4, sbPos: 3 });
  });

  it("a busted big blind: no small blind next hand, then a dead button the hand after", () => {
    const last = { button: 1, sb: 2, bb: 3, sbPos: 2 };
    // Seat 3 busted: the big blind still moves forward one player, to seat 4.
    const next = nextPositions(last, [1, 2, 4, 5], TEN);
    expect(next).toEqual({ button: 2, sb: null, bb: 4, sbPos: 3 });
    // Nobody pays the big blind twice; the button lands on the empty seat 3.
    expect(nextPositions(next!, [1, 2, 4, 5], TEN)).toEqual({ button: 3, sb: 4, bb: 5, sbPos: 4 });
  });

  it("skips empty seats when the big blind moves forward", () => {
    const last = { button: 8, sb: 9, bb: 10, sbPos: 9 };
    expect(nextPositions(last, [2, 5, 8, 9, 10], TEN)).toEqual({ button: 9, sb: 10, bb: 2, sbPos: 10 });
  });

  it("a button placed on an empty seat by the floor is a dead button", () => {
    expect(positionsFromButton(3, [1, 2, 4, 6], TEN)).toEqual({ button: 3, sb: 4, bb: 6, sbPos: 4 });
  });
});

describe("TDA 32: heads-up — the button is the small blind", () => {
  it("places the button on the small blind from a floor-set button", () => {
    expect(positionsFromButton(4, [2, 4], TEN)).toEqual({ button: 4, sb: 4, bb: 2, sbPos: 4 });
  });

  it("alternates the big blind between the two players", () => {
    const hu = { button: 4, sb: 4, bb: 2, sbPos: 4 };
    const next = nextPositions(hu, [2, 4], TEN);
    expect(next).toEqual({ button: 2, sb: 2, bb: 4, sbPos: 2 });
    expect(nextPositions(next!, [2, 4], TEN)).toEqual(hu);
  });

  it("from three players to two: nobody gets the big blind twice in a row", () => {
    const cases = [
      { busted: 1, expected: { button: 3, sb: 3, bb: 2 } }, // the button busts
      { busted: 2, expected: { button: 3, sb: 3, bb: 1 } }, // the small blind busts
      { busted: 3, expected: { button: 2, sb: 2, bb: 1 } }, // the big blind busts
    ];
    for (const { busted, expected } of cases) {
      const last = { button: 1, sb: 2, bb: 3, sbPos: 2 };
      const left = [1, 2, 3].filter((s) => s !== busted);
      const next = nextPositions(last, left, TEN);
      expect(next).toMatchObject(expected);
      expect(next?.bb).not.toBe(last.bb);
    }
  });

  it("no hand with fewer than two players", () => {
    expect(positionsFromButton(1, [1], TEN)).toBeNull();
    expect(nextPositions({ button: 1, sb: 2, bb: 3, sbPos: 2 }, [5], TEN)).toBeNull();
  });
});
