/** The host's focus (expectation-driven scanning): a pure function of the public table view. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  expectedAntennas,
  FocusFollower,
  type FocusView,
  focusChannels,
} from "../../../src/devices/bridge/focus.js";
import { MAX_FOCUS } from "../../../src/devices/bridge/protocol.js";

function view(
  over: Partial<FocusView> & { cards?: Record<number, number>; folded?: number[] } = {},
): FocusView {
  const cards = over.cards ?? {};
  const seats = [1, 2, 3, 4, 5, 6].map((seat) => ({
    seat,
    light: over.folded?.includes(seat) ? "folded" : seat === over.toAct ? "to-act" : "in-hand",
    holeCards: cards[seat] ?? 0,
  }));
  return { hand: 7, street: "preflop", toAct: null, button: 3, held: false, seats, ...over };
}

const channels = {
  seat1: 0,
  seat2: 1,
  seat3: 2,
  seat4: 3,
  seat5: 4,
  seat6: 5,
  bet2: 11,
  bet4: 13,
  board: 20,
  burn: 21,
  muck: 22,
};

describe("expectedAntennas", () => {
  it("while dealing: the seat left of the button first, then the next one", () => {
    expect(expectedAntennas(view({ street: null }))).toEqual(["seat4", "seat5"]);
  });

  it("while dealing: the first seat in deal order with the fewest cards (second round of the deal)", () => {
    const v = view({ street: null, cards: { 4: 2, 5: 2, 6: 1, 1: 1, 2: 1, 3: 1 } });
    expect(expectedAntennas(v)).toEqual(["seat6", "seat1"]);
  });

  it("while dealing: folded or empty seats are skipped, and the deal wraps past the button", () => {
    const v = view({ street: null, button: 5, folded: [6], cards: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
    expect(expectedAntennas(v)).toEqual(["seat1", "seat2"]);
  });

  it("a seat to act: its bet zone, then the muck (a fold)", () => {
    expect(expectedAntennas(view({ toAct: 2 }))).toEqual(["bet2", "muck"]);
  });

  it("a street over and another due: the burn, then the board; after the river, nothing", () => {
    expect(expectedAntennas(view({ street: "flop" }))).toEqual(["burn", "board"]);
    expect(expectedAntennas(view({ street: "river" }))).toEqual([]);
  });

  it("no hand, a held hand or a showdown: nothing (the bridge scans round-robin)", () => {
    expect(expectedAntennas(view({ hand: null }))).toEqual([]);
    expect(expectedAntennas(view({ held: true, toAct: 2 }))).toEqual([]);
    expect(expectedAntennas(view({ street: "showdown" }))).toEqual([]);
  });

  it("as channels: the antennas this bridge serves, in order, never repeated, at most MAX_FOCUS", () => {
    expect(focusChannels(view({ toAct: 2 }), channels)).toEqual([11, 22]);
    expect(focusChannels(view({ toAct: 3 }), channels)).toEqual([22]); // bet3 is not on this bridge
    fc.assert(
      fc.property(
        fc.record({
          hand: fc.option(fc.nat(), { nil: null }),
          street: fc.constantFrom(null, "preflop", "flop", "turn", "river", "showdown"),
          toAct: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
          button: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
          held: fc.boolean(),
        }),
        (v) => {
          const out = focusChannels(view(v), channels);
          expect(out.length).toBeLessThanOrEqual(MAX_FOCUS);
          expect(new Set(out).size).toBe(out.length);
          expect(focusChannels(view(v), channels)).toEqual(out); // pure: the same view, the same focus
        },
      ),
    );
  });
});

describe("FocusFollower", () => {
  it("sends the focus only when it changes, and again after a reset (a reconnected board)", () => {
    const sent: number[][] = [];
    const follower = new FocusFollower((ch) => sent.push(ch), channels);
    follower.update(view({ street: null }));
    follower.update(view({ street: null }));
    follower.update(view({ toAct: 2 }));
    follower.update(view({ toAct: 2 }));
    follower.reset();
    follower.update(view({ toAct: 2 }));
    expect(sent).toEqual([
      [3, 4],
      [11, 22],
      [11, 22],
    ]);
  });
});
