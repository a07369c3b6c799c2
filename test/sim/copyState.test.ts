/**
 * The copy a simulated table is dealt again from (src/sim/copyState.ts): what it keeps (classes, shared
 * objects, a generator where it stands) and what it refuses rather than copy wrongly.
 */
import { describe, expect, it } from "vitest";
import { copyState } from "../../src/sim/copyState.js";
import { mulberry32 } from "../../src/sim/random.js";
import { Stub } from "../../src/sim/deck.js";

describe("copyState", () => {
  it("copies a generator where it stands: the copy draws what the original would, and apart", () => {
    const rng = mulberry32(42);
    rng();
    rng();
    const copy = copyState(rng);
    const ahead = [rng(), rng(), rng()];
    expect([copy(), copy(), copy()]).toEqual(ahead);
    expect(copy()).toBe(rng());
  });

  it("keeps a shared generator shared, and each object's class", () => {
    const cards = mulberry32(7);
    const table = { rngs: { cards }, stub: new Stub(cards), seats: new Map([[1, { stack: 500 }]]) };
    const copy = copyState(table);
    expect(copy.stub).toBeInstanceOf(Stub);
    expect(copy.rngs.cards).not.toBe(cards);
    // The stub's generator is the dealer's: the copy's stub draws from the copy's generator.
    copy.rngs.cards();
    table.rngs.cards();
    copy.stub.reshuffle();
    table.stub.reshuffle();
    expect(copy.stub.draw()).toBe(table.stub.draw());
    copy.seats.get(1)!.stack = 0;
    expect(table.seats.get(1)!.stack).toBe(500);
  });

  it("refuses what it cannot copy field by field (a Date's time is in no field)", () => {
    expect(() => copyState({ at: new Date(0) })).toThrow(/Date/);
  });
});
